package mbg

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
)

// Officer jobs in a save (the job field).
const (
	JobNone       = -1
	JobMayor      = 0
	JobTreasurer  = 1
	JobGarrison   = 2
	JobResearcher = 3
	JobTrainee    = 4
)

// JobNames are the YAML names of jobs 0..4 (-1 is written as none).
var JobNames = []string{"mayor", "treasurer", "garrison", "researcher", "trainee"}

// MoveStateNames are the YAML names of a role's movement state 0..3.
var MoveStateNames = []string{"normal", "slow", "fast", "stopped"}

// LevelNames are the YAML names of officer levels 0..2 (and free pools).
var LevelNames = []string{"low", "medium", "high"}

// Save is a whole .sav file: the complete dynamic state of a game.
type Save struct {
	Turn       int
	WinMoney   float32
	NX, NY     int
	ActingRole int // the role whose action was in progress (crole)

	Cities        []SaveCity
	Institutes    []SaveInstitute
	TrainingRooms []SaveTrainingRoom
	Board         []SaveSquare
	Officers      []SaveOfficer
	Roles         []SaveRole
	Free          [3][]int // free officers by level (sets, ascending)
	Trailing      []string
}

// SaveCity is a city's state.
type SaveCity struct {
	Name             string
	Scope            int
	HPMax, HP        float32 // city defence
	Role             int     // owner or -1
	Mayor, Treasurer int
	Fengshui         float32
	Garrison         []int
}

// SaveInstitute is an institute's state; the per-role slices have one
// entry per role.
type SaveInstitute struct {
	Name       string
	Techs      []int
	Researcher []int     // officer or -1
	OnStudy    []int     // tech or -1
	Points     []float32 // research points left
}

// SaveTrainingRoom is a training room's state, per role.
type SaveTrainingRoom struct {
	Name    string
	Item    int
	Trainee []int // officer or -1
	Rounds  []int // rounds left
}

// SaveSquare is a board square's state.
type SaveSquare struct {
	Class, Base     int
	Barrier, Robber bool
	Present         []bool // per role
}

// SaveOfficer is an officer's state.
type SaveOfficer struct {
	Name      string
	Role      int // -1 free
	Job       int // JobNone … JobTrainee
	Loc       int // city, institute or training room, by job; -1 none
	HPMax, HP float32
	Props     [5]float32
	Quit      bool
	Rumour    int // rounds of rumour (流言) left
	Poison    int // rounds of poison left
	Level     int
}

// SaveRole is a role's state.
type SaveRole struct {
	Name          string
	Loc           int // -1 eliminated
	Money         float32
	Dir           int
	MoveState     int // 0 normal, 1 slow, 2 fast, 3 stopped
	MoveTurns     int
	ExtraAction   bool // cst: another action is pending
	Alliance      int  // -1 none, -2 public enemy, else the allied role
	AllianceTurns int
	Techs         []int // sets, ascending
	Retinue       []int
	Cities        []int
	Researchers   []int
	Trainees      []int
	Cards         [NumCards]int
}

// ReadSave reads a .sav file.
func ReadSave(file string, src []byte) (*Save, *srcpos.Map, error) {
	return ReadSaveFrom(token.NewReader(file, src))
}

// ReadSaveFrom reads a save file from r (a loader trying several forms
// passes a reader whose Rest is deferred).
func ReadSaveFrom(r *token.Reader) (*Save, *srcpos.Map, error) {
	s := &Save{}
	text := func(s string) token.Desc { return func() string { return s } }
	nboard := r.Count(text("the number of board squares (header field 1)"), 6)
	nrole := r.Count(text("the number of roles (header field 2)"), 9)
	nofficer := r.Count(text("the number of officers (header field 3)"), 15)
	ncity := r.Count(text("the number of cities (header field 4)"), 10)
	ninst := r.Count(text("the number of institutes (header field 5)"), 5)
	ntrain := r.Count(text("the number of training rooms (header field 6)"), 4)
	s.Turn = r.Int(text("the turn (header field 7)"))
	r.Mark("turn")
	s.WinMoney = r.Float32(text("the winning money (header field 8)"))
	r.Mark("win_money")
	s.NX = r.Int(text("the board window width nx (header field 9)"))
	r.Mark("grid_size.nx")
	s.NY = r.Int(text("the board window height ny (header field 10)"))
	r.Mark("grid_size.ny")
	s.ActingRole = r.Int(text("the acting role (header field 11)"))
	r.Mark("acting_role")

	perRole := func(d token.Desc, path string) int {
		n := r.Int(d)
		r.Mark(path)
		if n != nrole && !r.Failed() {
			r.Fail(diag.CodeBadSize, fmt.Sprintf("%s: expected %d entries (one per role), found %d", d(), nrole, n))
		}
		if r.Failed() {
			return 0
		}
		return n
	}
	set := func(capacity int, d token.Desc, path string) []int {
		return readSet(r, capacity, d, path)
	}

	s.Cities = make([]SaveCity, ncity)
	for i := range s.Cities {
		c := &s.Cities[i]
		p := srcpos.Index("cities", i)
		c.Name = r.Name(func() string { return fmt.Sprintf("city %d: name", i+1) })
		r.Mark(p)
		d := func(f string) token.Desc {
			return func() string { return fmt.Sprintf("city %d (%s): %s", i+1, c.Name, f) }
		}
		c.Scope = r.Int(d("scope"))
		r.Mark(p + ".scope")
		c.HPMax = r.Float32(d("maximum defence"))
		r.Mark(p + ".defence_max")
		c.HP = r.Float32(d("defence"))
		r.Mark(p + ".defence")
		c.Role = r.Int(d("owner (a role or -1)"))
		r.Mark(p + ".owner")
		c.Mayor = r.Int(d("mayor"))
		r.Mark(p + ".mayor")
		c.Treasurer = r.Int(d("treasurer"))
		r.Mark(p + ".treasurer")
		c.Fengshui = r.Float32(d("fengshui"))
		r.Mark(p + ".fengshui")
		c.Garrison = set(nofficer, d("garrison set"), p+".garrison")
	}
	s.Institutes = make([]SaveInstitute, ninst)
	for i := range s.Institutes {
		in := &s.Institutes[i]
		p := srcpos.Index("institutes", i)
		in.Name = r.Name(func() string { return fmt.Sprintf("institute %d: name", i+1) })
		r.Mark(p)
		d := func(f string) token.Desc {
			return func() string { return fmt.Sprintf("institute %d (%s): %s", i+1, in.Name, f) }
		}
		n := r.Count(d("number of techs"), 1)
		r.Mark(p + ".techs")
		in.Techs = make([]int, n)
		for k := range in.Techs {
			in.Techs[k] = r.Int(d("tech " + strconv.Itoa(k+1)))
			r.Mark(srcpos.Index(p+".techs", k))
		}
		in.Researcher = make([]int, perRole(d("researchers"), p+".research"))
		for k := range in.Researcher {
			in.Researcher[k] = r.Int(d(fmt.Sprintf("researcher of role %d", k+1)))
		}
		in.OnStudy = make([]int, perRole(d("techs being studied"), p+".research"))
		for k := range in.OnStudy {
			in.OnStudy[k] = r.Int(d(fmt.Sprintf("tech studied by role %d", k+1)))
		}
		in.Points = make([]float32, perRole(d("points left"), p+".research"))
		for k := range in.Points {
			in.Points[k] = r.Float32(d(fmt.Sprintf("points left for role %d", k+1)))
		}
	}
	s.TrainingRooms = make([]SaveTrainingRoom, ntrain)
	for i := range s.TrainingRooms {
		t := &s.TrainingRooms[i]
		p := srcpos.Index("training_rooms", i)
		t.Name = r.Name(func() string { return fmt.Sprintf("training room %d: name", i+1) })
		r.Mark(p)
		d := func(f string) token.Desc {
			return func() string { return fmt.Sprintf("training room %d (%s): %s", i+1, t.Name, f) }
		}
		t.Item = r.Int(d("trained property"))
		r.Mark(p + ".item")
		t.Trainee = make([]int, perRole(d("trainees"), p+".training"))
		for k := range t.Trainee {
			t.Trainee[k] = r.Int(d(fmt.Sprintf("trainee of role %d", k+1)))
		}
		t.Rounds = make([]int, perRole(d("rounds left"), p+".training"))
		for k := range t.Rounds {
			t.Rounds[k] = r.Int(d(fmt.Sprintf("rounds left for role %d", k+1)))
		}
	}
	s.Board = make([]SaveSquare, nboard)
	for i := range s.Board {
		sq := &s.Board[i]
		p := srcpos.Index("board", i)
		d := func(f string) token.Desc { return func() string { return fmt.Sprintf("board square %d: %s", i, f) } }
		sq.Class = r.Int(d("class"))
		r.Mark(p)
		r.Mark(p + ".type")
		sq.Base = r.Int(d("base"))
		r.Mark(p + "." + BaseKey(sq.Class))
		sq.Barrier = r.Bool(d("barrier"))
		r.Mark(p + ".barrier")
		sq.Robber = r.Bool(d("robber"))
		r.Mark(p + ".robber")
		sq.Present = make([]bool, perRole(d("roles present"), p+".present"))
		for k := range sq.Present {
			sq.Present[k] = r.Bool(d(fmt.Sprintf("role %d present", k+1)))
		}
	}
	s.Officers = make([]SaveOfficer, nofficer)
	for i := range s.Officers {
		o := &s.Officers[i]
		p := srcpos.Index("officers", i)
		o.Name = r.Name(func() string { return fmt.Sprintf("officer %d: name", i+1) })
		r.Mark(p)
		d := func(f string) token.Desc {
			return func() string { return fmt.Sprintf("officer %d (%s): %s", i+1, o.Name, f) }
		}
		o.Role = r.Int(d("role"))
		r.Mark(p + ".role")
		o.Job = r.Int(d("job"))
		r.Mark(p + ".job")
		o.Loc = r.Int(d("location"))
		r.Mark(p + ".at")
		o.HPMax = r.Float32(d("maximum hp"))
		r.Mark(p + ".hp_max")
		o.HP = r.Float32(d("hp"))
		r.Mark(p + ".hp")
		for k := range o.Props {
			o.Props[k] = r.Float32(d("ability " + PropKeys[k]))
			r.Mark(p + "." + PropKeys[k])
		}
		o.Quit = r.Bool(d("quitting"))
		r.Mark(p + ".quit")
		o.Rumour = r.Int(d("rumour rounds"))
		r.Mark(p + ".rumour")
		o.Poison = r.Int(d("poison rounds"))
		r.Mark(p + ".poison")
		o.Level = r.Int(d("level"))
		r.Mark(p + ".level")
	}
	s.Roles = make([]SaveRole, nrole)
	for i := range s.Roles {
		ro := &s.Roles[i]
		p := srcpos.Index("roles", i)
		ro.Name = r.Name(func() string { return fmt.Sprintf("role %d: name", i+1) })
		r.Mark(p)
		d := func(f string) token.Desc {
			return func() string { return fmt.Sprintf("role %d (%s): %s", i+1, ro.Name, f) }
		}
		ro.Loc = r.Int(d("square"))
		r.Mark(p + ".at")
		ro.Money = r.Float32(d("money"))
		r.Mark(p + ".money")
		ro.Dir = r.Int(d("direction"))
		r.Mark(p + ".dir")
		ro.MoveState = r.Int(d("movement state"))
		r.Mark(p + ".move_state")
		ro.MoveTurns = r.Int(d("movement state rounds"))
		r.Mark(p + ".move_turns")
		ro.ExtraAction = r.Bool(d("extra action"))
		r.Mark(p + ".extra_action")
		ro.Alliance = r.Int(d("alliance state"))
		r.Mark(p + ".alliance")
		ro.AllianceTurns = r.Int(d("alliance rounds"))
		r.Mark(p + ".alliance_turns")
		ro.Techs = set(NumTechs, d("tech set"), p+".techs")
		ro.Retinue = set(nofficer, d("travelling officer set"), p+".retinue")
		ro.Cities = set(ncity, d("city set"), p+".cities")
		ro.Researchers = set(nofficer, d("researcher set"), p+".researchers")
		ro.Trainees = set(nofficer, d("trainee set"), p+".trainees")
		for k := range ro.Cards {
			ro.Cards[k] = r.Int(d("count of card " + CardNames[k]))
			if k == 0 {
				r.Mark(p + ".cards")
			}
		}
	}
	for lv := range s.Free {
		s.Free[lv] = set(nofficer, text("free officers of level "+LevelNames[lv]), "free."+LevelNames[lv])
	}
	r.MarkAt("trailing_tokens", r.NextOffset())
	s.Trailing = r.Rest()
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	return s, r.Map, nil
}

// setBytes is the number of bytes of a set line of capacity n.
func setBytes(n int) int { return (n-1)/8 + 1 }

// readSet reads a set line: its capacity (which must be the expected one),
// then the bytes of the bitset, least significant bit first.
func readSet(r *token.Reader, capacity int, d token.Desc, path string) []int {
	n := r.Int(func() string { return d() + " capacity" })
	r.Mark(path)
	if r.Failed() {
		return nil
	}
	if n != capacity {
		r.Fail(diag.CodeBadSize, fmt.Sprintf("%s: capacity must be %d, found %d", d(), capacity, n))
		return nil
	}
	var members []int
	for b := 0; b < setBytes(n); b++ {
		v := r.Int(func() string { return fmt.Sprintf("%s byte %d", d(), b+1) })
		if r.Failed() {
			return nil
		}
		if v < 0 || v > 255 {
			r.Fail(diag.CodeBadValue, fmt.Sprintf("%s byte %d must be 0 to 255, found %d", d(), b+1, v))
			return nil
		}
		for k := 0; k < 8; k++ {
			if v&(1<<k) != 0 {
				members = append(members, 8*b+k)
			}
		}
	}
	return members
}

// WriteSave writes s exactly as the original engine writes a save.
func WriteSave(s *Save) ([]byte, error) {
	var errs diag.List
	var b strings.Builder
	f := token.FormatFixed6
	nrole := len(s.Roles)
	nofficer := len(s.Officers)
	set := func(capacity int, members []int, what string) {
		line, err := setLine(capacity, members)
		if err != nil {
			errs = append(errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Message: what + ": " + err.Error()})
		}
		b.WriteString(line)
	}
	perRole := func(what string, n int) {
		if n != nrole {
			errs = append(errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Message: fmt.Sprintf("%s: %d entries, but there are %d roles", what, n, nrole)})
		}
		fmt.Fprintf(&b, "%d ", n)
	}
	name := func(what, n string) {
		if msg := LegacyNameProblem(n); msg != "" {
			errs = append(errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Message: what + ": " + msg})
		}
		b.WriteString(n)
	}

	fmt.Fprintf(&b, "%d %d %d %d %d %d %d %s %d %d %d\n", len(s.Board), nrole, nofficer, len(s.Cities),
		len(s.Institutes), len(s.TrainingRooms), s.Turn, f(s.WinMoney), s.NX, s.NY, s.ActingRole)
	for i, c := range s.Cities {
		name(fmt.Sprintf("city %d", i+1), c.Name)
		fmt.Fprintf(&b, " %d %s %s %d %d %d %s \n", c.Scope, f(c.HPMax), f(c.HP), c.Role, c.Mayor, c.Treasurer, f(c.Fengshui))
		set(nofficer, c.Garrison, fmt.Sprintf("city %d (%s) garrison", i+1, c.Name))
	}
	for i, in := range s.Institutes {
		name(fmt.Sprintf("institute %d", i+1), in.Name)
		fmt.Fprintf(&b, " %d \n", len(in.Techs))
		for _, t := range in.Techs {
			fmt.Fprintf(&b, "%d ", t)
		}
		b.WriteString("\n")
		what := fmt.Sprintf("institute %d (%s)", i+1, in.Name)
		perRole(what+" researchers", len(in.Researcher))
		for _, v := range in.Researcher {
			fmt.Fprintf(&b, "%d ", v)
		}
		b.WriteString("\n")
		perRole(what+" techs studied", len(in.OnStudy))
		for _, v := range in.OnStudy {
			fmt.Fprintf(&b, "%d ", v)
		}
		b.WriteString("\n")
		perRole(what+" points", len(in.Points))
		for _, v := range in.Points {
			fmt.Fprintf(&b, "%s ", f(v))
		}
		b.WriteString("\n")
	}
	for i, t := range s.TrainingRooms {
		name(fmt.Sprintf("training room %d", i+1), t.Name)
		fmt.Fprintf(&b, " %d \n", t.Item)
		what := fmt.Sprintf("training room %d (%s)", i+1, t.Name)
		perRole(what+" trainees", len(t.Trainee))
		for _, v := range t.Trainee {
			fmt.Fprintf(&b, "%d ", v)
		}
		b.WriteString("\n")
		perRole(what+" rounds", len(t.Rounds))
		for _, v := range t.Rounds {
			fmt.Fprintf(&b, "%d ", v)
		}
		b.WriteString("\n")
	}
	for i, sq := range s.Board {
		fmt.Fprintf(&b, "%d %d %t %t \n", sq.Class, sq.Base, sq.Barrier, sq.Robber)
		perRole(fmt.Sprintf("board square %d presence", i), len(sq.Present))
		for _, v := range sq.Present {
			fmt.Fprintf(&b, "%t ", v)
		}
		b.WriteString("\n")
	}
	for i, o := range s.Officers {
		name(fmt.Sprintf("officer %d", i+1), o.Name)
		fmt.Fprintf(&b, " %d %d %d %s %s %s %s %s %s %s %t %d %d %d \n", o.Role, o.Job, o.Loc, f(o.HPMax), f(o.HP),
			f(o.Props[0]), f(o.Props[1]), f(o.Props[2]), f(o.Props[3]), f(o.Props[4]), o.Quit, o.Rumour, o.Poison, o.Level)
	}
	for i, ro := range s.Roles {
		name(fmt.Sprintf("role %d", i+1), ro.Name)
		fmt.Fprintf(&b, " %d %s %d %d %d %t %d %d \n", ro.Loc, f(ro.Money), ro.Dir, ro.MoveState, ro.MoveTurns, ro.ExtraAction, ro.Alliance, ro.AllianceTurns)
		what := fmt.Sprintf("role %d (%s)", i+1, ro.Name)
		set(NumTechs, ro.Techs, what+" techs")
		set(nofficer, ro.Retinue, what+" travelling officers")
		set(len(s.Cities), ro.Cities, what+" cities")
		set(nofficer, ro.Researchers, what+" researchers")
		set(nofficer, ro.Trainees, what+" trainees")
		for _, c := range ro.Cards {
			fmt.Fprintf(&b, "%d ", c)
		}
		b.WriteString("\n")
	}
	for lv, pool := range s.Free {
		set(nofficer, pool, "free officers of level "+LevelNames[lv])
	}
	checkTrailing(&errs, s.Trailing)
	if len(s.Trailing) > 0 {
		b.WriteString(strings.Join(s.Trailing, " "))
		b.WriteString("\n")
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// setLine writes a set line of the given capacity.
func setLine(capacity int, members []int) (string, error) {
	bytes := make([]int, setBytes(capacity))
	var err error
	for _, m := range members {
		if m < 0 || m >= 8*len(bytes) {
			err = fmt.Errorf("member %d does not fit a set of capacity %d", m, capacity)
			continue
		}
		bytes[m/8] |= 1 << (m % 8)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d ", capacity)
	for _, v := range bytes {
		fmt.Fprintf(&b, "%d ", v)
	}
	b.WriteString("\n")
	return b.String(), err
}

// sortedSet returns members in ascending order without duplicates.
func sortedSet(members []int) []int {
	out := append([]int(nil), members...)
	sort.Ints(out)
	k := 0
	for i, v := range out {
		if i == 0 || v != out[k-1] {
			out[k] = v
			k++
		}
	}
	return out[:k]
}
