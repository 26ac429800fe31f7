package validate

import (
	"fmt"
	"slices"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/srcpos"
)

var (
	savBadRef = define(Rule{Code: "MBG060", Severity: diag.Error, Family: "mbg",
		Title:   "a saved game refers to an item that does not exist",
		Meaning: "The engine indexes its tables with the saved numbers and crashes on the first one out of range.",
		Fix:     "Correct the reference (saves are normally written by the game; a hand-edited save needs care)."})
	savActing = define(Rule{Code: "MBG061", Severity: diag.Error, Family: "mbg",
		Title:   "the acting role of a save is not a role in play",
		Meaning: "A loaded game continues with the acting role's action; a role that does not exist crashes the engine, an eliminated one skips its turn oddly.",
		Fix:     "Name a role that is still on the board."})
	savJob = define(Rule{Code: "MBG062", Severity: diag.Warning, Family: "mbg",
		Title:   "an officer's job disagrees with the lists of the save",
		Meaning: "The engine trusts both the officer's own job and location and the garrison, retinue, researcher and trainee sets; when they disagree, moving the officer corrupts them further.",
		Fix:     "Make the officer's role, job and location match the set that lists him."})
	savPosts = define(Rule{Code: "MBG063", Severity: diag.Warning, Family: "mbg",
		Title: "a saved city's mayor and treasurer are one officer, or a post names an officer outside the garrison",
		Meaning: "Games of a scenario that names one officer mayor and treasurer (MBG012) lead here: he keeps both posts when appointed again, " +
			"and leaving the city clears only the post of his job, so the other post goes on naming him. The game plays on with it: " +
			"the city earns with its treasurer's economy and heals its garrison with its mayor's politics wherever he is, and appointing " +
			"someone else to the post makes him a garrison member in name even while he travels, studies or trains.",
		Fix: "Give each post its own member of the city's garrison, or leave it empty."})
)

func init() { checkers[mbg.KindSave] = checkSave }

func checkSave(r *report) {
	s, ok := r.doc.Value.(*mbg.Save)
	if !ok {
		return
	}
	checkTrailing(r, s.Trailing)
	no, nc, nr := len(s.Officers), len(s.Cities), len(s.Roles)
	ref := func(path, what string, v, n int, noneOK bool) {
		if (noneOK && v == -1) || (v >= 0 && v < n) {
			return
		}
		r.add(savBadRef, path, "%s is %d, but there are %d", what, v, n)
	}
	refs := func(path, what string, list []int, n int) {
		for k, v := range list {
			ref(srcpos.Index(path, k), what, v, n, false)
		}
	}
	if s.ActingRole < 0 || s.ActingRole >= nr {
		r.add(savActing, "acting_role", "the acting role is %d, but there are %d roles", s.ActingRole, nr)
	} else if s.Roles[s.ActingRole].Loc == -1 {
		r.add(savActing, "acting_role", "the acting role %s has been eliminated", s.Roles[s.ActingRole].Name)
	}
	for i, sq := range s.Board {
		p := srcpos.Index("board", i)
		switch sq.Class {
		case mbg.ClassCity:
			ref(p+".city", fmt.Sprintf("square %d's city", i), sq.Base, nc, false)
		case mbg.ClassInstitute:
			ref(p+".institute", fmt.Sprintf("square %d's institute", i), sq.Base, len(s.Institutes), false)
		case mbg.ClassTrainingRoom:
			ref(p+".training_room", fmt.Sprintf("square %d's training room", i), sq.Base, len(s.TrainingRooms), false)
		}
	}
	// Where the sets put every officer.
	listed := map[int]string{}
	for i, c := range s.Cities {
		p := srcpos.Index("cities", i)
		ref(p+".owner", "city "+c.Name+"'s owner", c.Role, nr, true)
		ref(p+".mayor", "city "+c.Name+"'s mayor", c.Mayor, no, true)
		ref(p+".treasurer", "city "+c.Name+"'s treasurer", c.Treasurer, no, true)
		refs(p+".garrison", "a garrison officer of "+c.Name, c.Garrison, no)
		checkSavedPosts(r, p, c, s.Officers)
		for _, o := range c.Garrison {
			listed[o] = "garrison"
		}
	}
	for i, in := range s.Institutes {
		p := srcpos.Index("institutes", i)
		for k := range in.Researcher {
			ref(p+".research", fmt.Sprintf("the researcher of role %d at %s", k+1, in.Name), in.Researcher[k], no, true)
			ref(p+".research", fmt.Sprintf("the tech studied by role %d at %s", k+1, in.Name), in.OnStudy[k], mbg.NumTechs, true)
		}
	}
	for i, t := range s.TrainingRooms {
		for k := range t.Trainee {
			ref(srcpos.Index("training_rooms", i)+".training", fmt.Sprintf("the trainee of role %d at %s", k+1, t.Name), t.Trainee[k], no, true)
		}
	}
	for i, ro := range s.Roles {
		p := srcpos.Index("roles", i)
		if ro.Loc != -1 && (ro.Loc < 0 || ro.Loc >= len(s.Board)) {
			r.add(savBadRef, p+".at", "role %s stands on square %d, but the board has %d squares", ro.Name, ro.Loc, len(s.Board))
		}
		refs(p+".retinue", "a travelling officer of "+ro.Name, ro.Retinue, no)
		refs(p+".cities", "a city of "+ro.Name, ro.Cities, nc)
		refs(p+".researchers", "a researcher of "+ro.Name, ro.Researchers, no)
		refs(p+".trainees", "a trainee of "+ro.Name, ro.Trainees, no)
		refs(p+".techs", "a tech of "+ro.Name, ro.Techs, mbg.NumTechs)
		for _, o := range ro.Retinue {
			listed[o] = "retinue"
		}
		for _, o := range ro.Researchers {
			listed[o] = "researcher"
		}
		for _, o := range ro.Trainees {
			listed[o] = "trainee"
		}
	}
	want := map[string]string{"garrison": "a garrison member, mayor or treasurer", "retinue": "travelling (no job)", "researcher": "a researcher", "trainee": "a trainee"}
	for i, o := range s.Officers {
		p := srcpos.Index("officers", i)
		ref(p+".role", "officer "+o.Name+"'s role", o.Role, nr, true)
		var job string
		switch o.Job {
		case mbg.JobMayor, mbg.JobTreasurer, mbg.JobGarrison:
			job = "garrison"
		case mbg.JobResearcher:
			job = "researcher"
		case mbg.JobTrainee:
			job = "trainee"
		case mbg.JobNone:
			if o.Role != -1 {
				job = "retinue"
			}
		default:
			r.add(savBadRef, p+".job", "officer %s has job %d; jobs are -1 to 4", o.Name, o.Job)
			continue
		}
		if where := listed[i]; where != job && (where != "" || job != "") {
			got := "in no list"
			if where != "" {
				got = "listed as " + want[where]
			}
			r.add(savJob, p+".job", "officer %s has job %s but is %s", o.Name, jobName(o.Job, o.Role), got)
		}
	}
}

// checkSavedPosts warns about a city whose mayor and treasurer are one
// officer, or whose post names an officer outside its garrison (MBG063).
func checkSavedPosts(r *report, p string, c mbg.SaveCity, officers []mbg.SaveOfficer) {
	if c.Mayor != -1 && c.Mayor == c.Treasurer && c.Mayor < len(officers) {
		r.add(savPosts, p+".treasurer", "%s is both mayor and treasurer of %s", officers[c.Mayor].Name, c.Name)
	}
	for _, post := range []struct {
		key string
		o   int
	}{{"mayor", c.Mayor}, {"treasurer", c.Treasurer}} {
		if post.o < 0 || post.o >= len(officers) || slices.Contains(c.Garrison, post.o) || (post.key == "treasurer" && post.o == c.Mayor) {
			continue
		}
		r.add(savPosts, p+"."+post.key, "the %s of %s is %s, who is not in its garrison", post.key, c.Name, officers[post.o].Name)
	}
}

func jobName(job, role int) string {
	if job >= 0 && job < len(mbg.JobNames) {
		return mbg.JobNames[job]
	}
	if role == -1 {
		return "none (free)"
	}
	return "none (travelling)"
}
