package mbg

import (
	"math"
	"slices"

	"github.com/shapan/shapan/validate"

	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/srcpos"
)

var (
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeSaveRef, Severity: diag.Error, Family: "mbg",
		Title:   "a saved game refers to an item that does not exist",
		Meaning: "The engine indexes its tables with the saved numbers and crashes on the first one out of range.",
		Fix:     "Correct the reference (saves are normally written by the game; a hand-edited save needs care)."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeSaveActing, Severity: diag.Error, Family: "mbg",
		Title:   "the acting role of a save is not a role in play",
		Meaning: "A loaded game continues with the acting role's action; a role that does not exist crashes the engine, an eliminated one skips its turn oddly.",
		Fix:     "Name a role that is still on the board."})
	_ = validate.Define(validate.Rule{Code: mbgeng.CodeSaveJob, Severity: diag.Error, Family: "mbg",
		Title:   "an officer's job disagrees with the lists of the save",
		Meaning: "The engine trusts both the officer's own job and location and the garrison, retinue, researcher and trainee sets, and the owners and alliances of the save; when they disagree, moving the officer corrupts them further, so it refuses to continue such a game.",
		Fix:     "Make the officer's role, job and location match the set that lists him."})
	savPosts = validate.Define(validate.Rule{Code: "MBG063", Severity: diag.Warning, Family: "mbg",
		Title: "a saved city's mayor and treasurer are one officer, or a post names an officer outside the garrison",
		Meaning: "Games of a scenario that names one officer mayor and treasurer (MBG012) lead here: he keeps both posts when appointed again, " +
			"and leaving the city clears only the post of his job, so the other post goes on naming him. The game plays on with it: " +
			"the city earns with its treasurer's economy and heals its garrison with its mayor's politics wherever he is, and appointing " +
			"someone else to the post makes him a garrison member in name even while he travels, studies or trains.",
		Fix: "Give each post its own member of the city's garrison, or leave it empty."})
	savFengshui = validate.Define(validate.Rule{Code: mbg.CodeFengshui, Severity: diag.Warning, Family: "mbg",
		Title: "a saved city's fengshui outside 0–0.5",
		Meaning: "The game rolls a city's fengshui from 0 to 0.5 every five rounds and adds it to the city's income scale (1.5 + scope × 0.5). " +
			"It plays any value until the next roll: a larger one multiplies the city's income, a negative one shrinks it, below -1.5 it costs money.",
		Fix: "Use a value from 0 to 0.5."})
	savTrainRounds = validate.Define(validate.Rule{Code: mbg.CodeTrainRounds, Severity: diag.Warning, Family: "mbg",
		Title: "a training with more than 6 or fewer than 0 rounds left",
		Meaning: "A training lasts 6 rounds and each round end takes one off. The game counts any number down: more than 6 trains longer than the game ever does, " +
			"0 or less finishes at the next round end.",
		Fix: "Use 0 to 6 rounds left."})
)

func init() { validate.RegisterChecker(mbg.KindSave, checkSave) }

func checkSave(r validate.Reporter) {
	s, ok := r.Doc().Value.(*mbg.Save)
	if !ok {
		return
	}
	r.Trailing(s.Trailing)
	mbgeng.CheckSaveTo(s, r.Sink()) // what the engine refuses
	for i, c := range s.Cities {
		checkSavedPosts(r, srcpos.Index("cities", i), c, s.Officers)
		checkFengshui(r, srcpos.Index("cities", i), c)
	}
	for i, t := range s.TrainingRooms {
		checkTrainRounds(r, srcpos.Index("training_rooms", i), t, s.Roles)
	}
	for i, o := range s.Officers {
		checkOfficerAbilities(r, i, o.Name, o.Props)
	}
}

// checkSavedPosts warns about a city whose mayor and treasurer are one
// officer, or whose post names an officer outside its garrison (MBG063).
func checkSavedPosts(r validate.Reporter, p string, c mbg.SaveCity, officers []mbg.SaveOfficer) {
	if c.Mayor != -1 && c.Mayor == c.Treasurer && c.Mayor < len(officers) {
		r.Add(savPosts, p+".treasurer", "%s is both mayor and treasurer of %s", officers[c.Mayor].Name, c.Name)
	}
	for _, post := range []struct {
		key string
		o   int
	}{{"mayor", c.Mayor}, {"treasurer", c.Treasurer}} {
		if post.o < 0 || post.o >= len(officers) || slices.Contains(c.Garrison, post.o) || (post.key == "treasurer" && post.o == c.Mayor) {
			continue
		}
		r.Add(savPosts, p+"."+post.key, "the %s of %s is %s, who is not in its garrison", post.key, c.Name, officers[post.o].Name)
	}
}

// checkFengshui warns of a finite fengshui outside its field's range
// (MBG064; a NaN or an infinity is the engine's error).
func checkFengshui(r validate.Reporter, p string, c mbg.SaveCity) {
	f, row := float64(c.Fengshui), mbg.SaveCityFields.Field("fengshui")
	if !math.IsNaN(f) && !math.IsInf(f, 0) && row.OutsideFloat(f) {
		r.Add(savFengshui, srcpos.Field(p, row.Key), "city %s: fengshui is %v, outside %s", c.Name, c.Fengshui, row.Allowed())
	}
}

// checkTrainRounds warns of a training whose rounds left are outside
// their field's range (MBG065).
func checkTrainRounds(r validate.Reporter, p string, t mbg.SaveTrainingRoom, roles []mbg.SaveRole) {
	row := mbg.TrainingFields.Field("rounds")
	for k, n := range t.Rounds {
		if k < len(roles) && row.Outside(n) {
			r.Add(savTrainRounds, srcpos.Field(p+".training."+roles[k].Name, row.Key), "training room %s: %s's trainee has %d rounds left, outside %s", t.Name, roles[k].Name, n, row.Allowed())
		}
	}
}
