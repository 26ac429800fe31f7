package mbg_test

import (
	"fmt"
	_ "github.com/shapan/shapan/validate/mbg"
	"slices"
	"strings"
	"testing"

	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/internal/mbgtest"
	"github.com/shapan/shapan/validate"
)

// saveProblems returns what the validator and the engine have against s:
// every error and warning of the validator, and the engine's refusal to
// continue the game.
func saveProblems(s *mbg.Save) []string {
	var out []string
	for _, d := range validate.Check(&formats.Document{Kind: mbg.KindSave, Value: mbgeng.CloneSave(s)}) {
		out = append(out, d.String())
	}
	if _, err := mbgeng.New(mbgeng.Setup{Save: mbgeng.CloneSave(s), Seed: 1, MaxTurn: s.Turn + 10}, mbgeng.Options{}); err != nil {
		out = append(out, "engine: "+err.Error())
	}
	return out
}

// Ask every kind of move of a few officers (a mayor-less treasurer who is
// his city's only garrison, a plain garrison member, a travelling officer
// and a free one) and check that the validator and the engine still
// accept the save after each.
func TestMoveOfficerKeepsTheSaveConsistent(t *testing.T) {
	base := mbgtest.ReadLegacySave(t, mbgtest.SanguoSav)
	if p := saveProblems(base); len(p) > 0 {
		t.Fatalf("the original save has problems: %v", p)
	}
	officers := []string{"刘备", "张飞", "公孙瓒", "赵云", "张昭"}
	officers = officers[:longtest.Sized(len(officers), 2, len(officers))] // one goroutine: -race finds nothing more in more
	for _, name := range officers {
		p := mbgtest.OfficerIndex(t, base, name)
		for _, to := range allPlaces(base) {
			s := mbgeng.CloneSave(base)
			err := mbgeng.MoveOfficer(s, p, to)
			if err != nil {
				// Refused moves change nothing.
				if saveProblems(s) != nil || !mbgtest.SameSave(s, base) {
					t.Fatalf("%s to %+v was refused (%v) but changed the save", name, to, err)
				}
				continue
			}
			if got := mbgeng.PlaceOf(s, p); got != to {
				t.Fatalf("%s moved to %+v is at %+v", name, to, got)
			}
			if probs := saveProblems(s); len(probs) > 0 {
				t.Fatalf("%s moved to %+v: %s", name, to, strings.Join(probs, "\n"))
			}
		}
	}
}

// allPlaces lists every place of a save: free, every role's retinue and
// every job at every building for every role.
func allPlaces(s *mbg.Save) []mbgeng.Place {
	out := []mbgeng.Place{mbgeng.FreePlace}
	for r := range s.Roles {
		out = append(out, mbgeng.RetinueOf(r))
		for c := range s.Cities {
			for _, job := range []int{mbg.JobMayor, mbg.JobTreasurer, mbg.JobGarrison} {
				out = append(out, mbgeng.Place{r, job, c})
			}
		}
		for i := range s.Institutes {
			out = append(out, mbgeng.Place{r, mbg.JobResearcher, i})
		}
		for i := range s.TrainingRooms {
			out = append(out, mbgeng.Place{r, mbg.JobTrainee, i})
		}
	}
	return out
}

func TestMovesFollowTheEnginesRules(t *testing.T) {
	base := mbgtest.ReadLegacySave(t, mbgtest.SanguoSav)
	liubei, guanyu, zhangfei := mbgtest.OfficerIndex(t, base, "刘备"), mbgtest.OfficerIndex(t, base, "关羽"), mbgtest.OfficerIndex(t, base, "张飞")
	xuchang, changan := mbgtest.CityIndex(t, base, "许昌"), mbgtest.CityIndex(t, base, "长安")
	const wei, shu, wu = 0, 1, 2

	t.Run("the last garrison member leaving makes the city unowned", func(t *testing.T) {
		s := mbgeng.CloneSave(base)
		if err := mbgeng.MoveOfficer(s, liubei, mbgeng.RetinueOf(shu)); err != nil {
			t.Fatal(err)
		}
		if s.Cities[xuchang].Role != -1 || slices.Contains(s.Roles[shu].Cities, xuchang) || s.Cities[xuchang].Treasurer != -1 {
			t.Errorf("许昌 after its only officer left: %+v, 蜀 cities %v", s.Cities[xuchang], s.Roles[shu].Cities)
		}
		if !slices.Equal(s.Roles[shu].Retinue, []int{liubei}) {
			t.Errorf("蜀 retinue %v", s.Roles[shu].Retinue)
		}
	})
	t.Run("a new mayor and treasurer demote the previous holders", func(t *testing.T) {
		s := mbgeng.CloneSave(base)
		if err := mbgeng.SetPost(s, changan, mbg.JobTreasurer, zhangfei); err != nil {
			t.Fatal(err)
		}
		if s.Cities[changan].Treasurer != zhangfei || s.Officers[guanyu].Job != mbg.JobGarrison || s.Officers[zhangfei].Job != mbg.JobTreasurer {
			t.Errorf("长安 %+v, 关羽 job %d", s.Cities[changan], s.Officers[guanyu].Job)
		}
		// The treasurer becoming mayor leaves the treasury empty (spec §5.11).
		if err := mbgeng.SetPost(s, changan, mbg.JobMayor, zhangfei); err != nil {
			t.Fatal(err)
		}
		if c := s.Cities[changan]; c.Mayor != zhangfei || c.Treasurer != -1 {
			t.Errorf("长安 %+v", c)
		}
	})
	t.Run("a city handed over takes its garrison with it", func(t *testing.T) {
		s := mbgeng.CloneSave(base)
		if err := mbgeng.SetCityOwner(s, changan, wei); err != nil {
			t.Fatal(err)
		}
		if s.Cities[changan].Role != wei || !slices.Contains(s.Roles[wei].Cities, changan) || slices.Contains(s.Roles[shu].Cities, changan) {
			t.Errorf("长安 owner %d, 魏 %v, 蜀 %v", s.Cities[changan].Role, s.Roles[wei].Cities, s.Roles[shu].Cities)
		}
		if s.Officers[guanyu].Role != wei || s.Officers[zhangfei].Role != wei {
			t.Error("the garrison did not go over")
		}
		if p := saveProblems(s); len(p) > 0 {
			t.Error(p)
		}
	})
	t.Run("an unowned city needs a travelling officer of its new owner", func(t *testing.T) {
		s := mbgeng.CloneSave(base)
		puyang := mbgtest.CityIndex(t, s, "濮阳")
		if err := mbgeng.SetCityOwner(s, puyang, wei); err == nil {
			t.Fatal("魏 has no travelling officer, yet it was given 濮阳")
		}
		if err := mbgeng.SetCityOwner(s, puyang, wu); err != nil {
			t.Fatal(err)
		}
		gongsun := mbgtest.OfficerIndex(t, s, "公孙瓒")
		if s.Cities[puyang].Role != wu || !slices.Equal(s.Cities[puyang].Garrison, []int{gongsun}) {
			t.Errorf("濮阳 %+v", s.Cities[puyang])
		}
		if err := mbgeng.SetCityOwner(s, puyang, -1); err != nil {
			t.Fatal(err)
		}
		if s.Cities[puyang].Role != -1 || !slices.Equal(s.Roles[wu].Retinue, []int{gongsun}) {
			t.Errorf("濮阳 given up: %+v, 吴 retinue %v", s.Cities[puyang], s.Roles[wu].Retinue)
		}
	})
	t.Run("research starts on a tech the role does not know", func(t *testing.T) {
		s := mbgeng.CloneSave(base)
		s.Roles[wu].Techs = []int{0} // 弓箭, the first tech of 弓研
		gongsun := mbgtest.OfficerIndex(t, s, "公孙瓒")
		if err := mbgeng.MoveOfficer(s, gongsun, mbgeng.Place{wu, mbg.JobResearcher, 0}); err != nil {
			t.Fatal(err)
		}
		in := s.Institutes[0]
		if in.Researcher[wu] != gongsun || in.OnStudy[wu] != 1 || in.Points[wu] != 420 {
			t.Errorf("弓研 %+v", in)
		}
		// A second researcher there sends the first back.
		if err := mbgeng.MoveOfficer(s, zhangfei, mbgeng.Place{wu, mbg.JobResearcher, 0}); err != nil {
			t.Fatal(err)
		}
		if s.Institutes[0].Researcher[wu] != zhangfei || !slices.Equal(s.Roles[wu].Retinue, []int{gongsun}) || s.Officers[zhangfei].Role != wu {
			t.Errorf("弓研 %+v, 吴 retinue %v", s.Institutes[0], s.Roles[wu].Retinue)
		}
		if p := saveProblems(s); len(p) > 0 {
			t.Error(p)
		}
	})
	t.Run("a free officer's pool follows his level", func(t *testing.T) {
		s := mbgeng.CloneSave(base)
		zhaoyun := mbgtest.OfficerIndex(t, s, "赵云")
		mbgeng.SetLevel(s, zhaoyun, 0)
		if !slices.Contains(s.Free[0], zhaoyun) || slices.Contains(s.Free[2], zhaoyun) {
			t.Errorf("pools %v / %v", s.Free[0], s.Free[2])
		}
		if p := saveProblems(s); len(p) > 0 {
			t.Error(p)
		}
	})
}

func TestRolesMoveAndAllyInStep(t *testing.T) {
	s := mbgtest.ReadLegacySave(t, mbgtest.SanguoSav)
	if err := mbgeng.MoveRole(s, 1, 30); err != nil {
		t.Fatal(err)
	}
	for i, sq := range s.Board {
		if sq.Present[1] != (i == 30) {
			t.Fatalf("square %d presence of 蜀 is %v", i, sq.Present[1])
		}
	}
	if err := mbgeng.MoveRole(s, 1, len(s.Board)); err == nil {
		t.Error("a role was moved off the end of the board")
	}
	// 魏 and 蜀 ally, then 吴 takes 蜀 away: 魏 is left alone.
	if err := mbgeng.SetAlliance(s, 0, 1); err != nil {
		t.Fatal(err)
	}
	if s.Roles[1].Alliance != 0 || s.Roles[0].AllianceTurns != 7 || s.Roles[1].AllianceTurns != 7 {
		t.Fatalf("alliance: %+v / %+v", s.Roles[0], s.Roles[1])
	}
	mbgeng.SetAllianceTurns(s, 1, 3)
	if s.Roles[0].AllianceTurns != 3 {
		t.Error("the ally's rounds did not follow")
	}
	if err := mbgeng.SetAlliance(s, 2, 1); err != nil {
		t.Fatal(err)
	}
	if s.Roles[0].Alliance != -1 || s.Roles[1].Alliance != 2 || s.Roles[2].AllianceTurns != 7 || s.Roles[1].AllianceTurns != 7 {
		t.Fatalf("after 吴 allies with 蜀: %d %d %d", s.Roles[0].Alliance, s.Roles[1].Alliance, s.Roles[2].Alliance)
	}
	if err := mbgeng.SetAlliance(s, 2, 2); err == nil {
		t.Error("a role allied with itself")
	}
	if p := saveProblems(s); len(p) > 0 {
		t.Error(p)
	}
}

// A free officer cannot garrison a city nobody owns: the refusal names him.
func TestGarrisonRefusesAFreeOfficerForAnUnownedCity(t *testing.T) {
	s := mbgtest.ReadLegacySave(t, mbgtest.SanguoSav)
	puyang := mbgtest.CityIndex(t, s, "濮阳")
	err := mbgeng.SetGarrison(s, puyang, []int{mbgtest.OfficerIndex(t, s, "赵云")})
	if err == nil || !strings.Contains(err.Error(), "赵云") {
		t.Fatalf("a free officer garrisoned an unowned city: %v", err)
	}
	var found []string
	for _, d := range validate.Check(&formats.Document{Kind: mbg.KindSave, Value: s}) {
		if d.Code == "MBG062" || d.Severity == diag.Error {
			found = append(found, fmt.Sprint(d))
		}
	}
	if len(found) > 0 {
		t.Error(found)
	}
}
