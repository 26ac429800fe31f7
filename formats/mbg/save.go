package mbg

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/field/fieldtok"
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
	sr := &saveReader{r: r, s: &Save{}}
	sr.header()
	s := sr.s
	token.Items(r, "cities", s.Cities, sr.city)
	token.Items(r, "institutes", s.Institutes, sr.institute)
	token.Items(r, "training_rooms", s.TrainingRooms, sr.trainingRoom)
	token.Items(r, "board", s.Board, sr.square)
	token.Items(r, "officers", s.Officers, sr.officer)
	token.Items(r, "roles", s.Roles, sr.role)
	fieldtok.Reading{Desc: fixed, Path: SaveFields.Field("free").Key, Counts: sr.counts}.Read(r, &FreeFields, s)
	r.MarkAt("trailing_tokens", r.NextOffset())
	s.Trailing = r.Rest()
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	return s, r.Map, nil
}

// saveReader reads the sections of a save in file order, each marking
// the document paths of what it reads.
type saveReader struct {
	r *token.Reader
	s *Save
	// counts are the lengths of the lists that per-item lists follow
	// and the capacities of the sets (Field.LegacyPer, Field.LegacySet).
	counts map[string]int
}

// saveCounts are the lengths of the lists of s that its per-item lists
// follow and its sets hold items of.
func saveCounts(s *Save) map[string]int {
	return map[string]int{perRole: len(s.Roles), perOfficer: len(s.Officers), perCity: len(s.Cities), perTech: NumTechs, perCard: NumCards}
}

// legacyCardNames name a role's card counts in the legacy reader's messages
// ("count of card 流言").
var legacyCardNames = map[string][]string{perCard: CardNames}

// header reads the eleven header fields: the lengths of the lists, which
// it makes, the turn and the win money, the board window, the acting
// role.
func (sr *saveReader) header() {
	r, s := sr.r, sr.s
	fieldtok.Reading{Desc: fixed}.ReadRun(r, &SaveFields, s, 0, saveGridAt-1)
	fieldtok.Reading{Desc: fixed, Path: gridPath}.Read(r, &SaveGridSizeFields, s)
	fieldtok.Reading{Desc: fixed}.ReadRun(r, &SaveFields, s, saveGridAt+2, math.MaxInt)
	sr.counts = saveCounts(s)
}

// saveGridAt is the position of the board window's width in a save's
// header.
var saveGridAt = SaveGridSizeFields.Fields[0].Legacy

func (sr *saveReader) city(r *token.Reader, i int, c *SaveCity) {
	p := srcpos.Index("cities", i)
	d := namedItem(r, "city", p, i, &c.Name)
	fieldtok.Reading{Desc: d, Path: p, Counts: sr.counts}.Read(r, &SaveCityFields, c)
}

func (sr *saveReader) institute(r *token.Reader, i int, in *SaveInstitute) {
	p := srcpos.Index("institutes", i)
	d := namedItem(r, "institute", p, i, &in.Name)
	fieldtok.Reading{Desc: d, Path: p}.Read(r, &SaveInstituteFields, in)
	// The research of each role, marked where the lists stand.
	fieldtok.Reading{Desc: d, Path: p + "." + researchKey, MarkRecord: true, Counts: sr.counts}.Read(r, &ResearchFields, in)
}

// The keys of the per-role records of an institute and a training room.
var (
	researchKey = SaveInstituteFields.Field("research").Key
	trainingKey = SaveTrainingRoomFields.Field("training").Key
)

func (sr *saveReader) trainingRoom(r *token.Reader, i int, t *SaveTrainingRoom) {
	p := srcpos.Index("training_rooms", i)
	d := namedItem(r, "training room", p, i, &t.Name)
	fieldtok.Reading{Desc: d, Path: p}.Read(r, &SaveTrainingRoomFields, t)
	// The training of each role, marked where the lists stand.
	fieldtok.Reading{Desc: d, Path: p + "." + trainingKey, MarkRecord: true, Counts: sr.counts}.Read(r, &TrainingFields, t)
}

func (sr *saveReader) square(r *token.Reader, i int, sq *SaveSquare) {
	p := srcpos.Index("board", i)
	d := squareDesc(i)
	read := fieldtok.Reading{Desc: d, Path: p}
	read.ReadRun(r, &SaveSquareFields, sq, 1, 1)
	r.Mark(p)
	read.Counts = sr.counts
	read.ReadRun(r, &SaveSquareFields, sq, 2, math.MaxInt)
}

func (sr *saveReader) officer(r *token.Reader, i int, o *SaveOfficer) {
	p := srcpos.Index("officers", i)
	d := namedItem(r, "officer", p, i, &o.Name)
	fieldtok.Reading{Desc: d, Path: p}.Read(r, &SaveOfficerFields, o)
}

func (sr *saveReader) role(r *token.Reader, i int, ro *SaveRole) {
	p := srcpos.Index("roles", i)
	d := namedItem(r, "role", p, i, &ro.Name)
	fieldtok.Reading{Desc: d, Path: p, Counts: sr.counts, Names: legacyCardNames}.Read(r, &SaveRoleFields, ro)
}

// WriteSave writes s exactly as the original engine writes a save.
func WriteSave(s *Save) ([]byte, error) {
	w := &saveWriter{s: s, counts: saveCounts(s)}
	f := token.FormatFixed6
	fieldtok.Line(&w.b, &SaveFields, s, f, 0, saveGridAt-1)
	fieldtok.Write(&w.b, &SaveGridSizeFields, s, f)
	fieldtok.WriteRun(&w.b, &SaveFields, s, f, saveGridAt+2, math.MaxInt)
	w.b.WriteString("\n")
	for i, c := range s.Cities {
		w.name(fmt.Sprintf("city %d", i+1), c.Name)
		w.lines(fmt.Sprintf("city %d (%s)", i+1, c.Name), true, &SaveCityFields, &c)
	}
	w.institutes()
	w.trainingRooms()
	for i, sq := range s.Board {
		w.lines(fmt.Sprintf("board square %d", i), false, &SaveSquareFields, &sq)
	}
	for i, o := range s.Officers {
		w.name(fmt.Sprintf("officer %d", i+1), o.Name)
		fieldtok.Write(&w.b, &SaveOfficerFields, &o, f)
		w.b.WriteString(" \n")
	}
	w.roles()
	w.lines("", false, &FreeFields, s)
	checkTrailing(&w.errs, s.Trailing)
	if len(s.Trailing) > 0 {
		w.b.WriteString(strings.Join(s.Trailing, " "))
		w.b.WriteString("\n")
	}
	if err := w.errs.Err(); err != nil {
		return nil, err
	}
	return []byte(w.b.String()), nil
}

// saveWriter writes a save's lines, collecting what cannot be written.
type saveWriter struct {
	s    *Save
	b    strings.Builder
	errs diag.List
	// counts are the lengths of the lists that per-item lists follow
	// (Field.LegacyPer: one value per role).
	counts map[string]int
}

// unwritable records what cannot be written.
func (w *saveWriter) unwritable(msg string) {
	w.errs = append(w.errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Message: msg})
}

// set writes a set line of the given capacity.
func (w *saveWriter) set(capacity int, members []int, what string) {
	line, err := fieldtok.SetLine(capacity, members)
	if err != nil {
		w.unwritable(what + ": " + err.Error())
	}
	w.b.WriteString(line)
}

// name writes a name the game can read back.
func (w *saveWriter) name(what, n string) {
	if msg := LegacyNameProblem(n); msg != "" {
		w.unwritable(what + ": " + msg)
	}
	w.b.WriteString(n)
}

// lines writes the values of the record r of v at their legacy
// positions: a line of those before the first that stands on a line of
// its own, when there are any (after a space when the record is named:
// its name begins the line), then a line of each per-item list
// (Field.LegacyPer: its length, then its values) and of each set
// (Field.LegacySet). A per-item list of a length other than its items'
// count and a set member outside its capacity are refused, named by what
// and the list's name (Field.WrittenName).
func (w *saveWriter) lines(what string, named bool, r *field.Record, v any) {
	name := func(f *field.Field) string { return strings.TrimPrefix(what+" "+f.WrittenName(), " ") }
	for _, m := range fieldtok.Misfits(r, v, w.counts) {
		w.unwritable(fmt.Sprintf("%s: %d entries, but there are %d %ss", name(m.Field), m.Len, m.Want, m.Field.LegacyPer))
	}
	var own []*field.Field // the fields on lines of their own
	for i := range r.Fields {
		if f := &r.Fields[i]; f.LegacyPer != "" || f.LegacySet != "" {
			own = append(own, f)
		}
	}
	slices.SortFunc(own, func(a, b *field.Field) int { return a.Legacy - b.Legacy })
	end := math.MaxInt
	if len(own) > 0 {
		end = own[0].Legacy - 1
	}
	if end >= 1 && named {
		fieldtok.WriteRun(&w.b, r, v, token.FormatFixed6, 1, end)
		w.b.WriteString(" \n")
	} else if end >= 1 {
		fieldtok.Line(&w.b, r, v, token.FormatFixed6, 1, end)
		w.b.WriteString(" \n")
	}
	for _, f := range own {
		if f.LegacySet != "" {
			w.set(w.counts[f.LegacySet], r.Value(f, v).Interface().([]int), name(f))
			continue
		}
		fieldtok.Line(&w.b, r, v, token.FormatFixed6, f.Legacy, f.Legacy)
		w.b.WriteString(" \n")
	}
}

func (w *saveWriter) institutes() {
	for i, in := range w.s.Institutes {
		w.name(fmt.Sprintf("institute %d", i+1), in.Name)
		fmt.Fprintf(&w.b, " %d \n", len(in.Techs))
		for _, t := range in.Techs {
			fmt.Fprintf(&w.b, "%d ", t)
		}
		w.b.WriteString("\n")
		w.lines(fmt.Sprintf("institute %d (%s)", i+1, in.Name), false, &ResearchFields, &in)
	}
}

func (w *saveWriter) trainingRooms() {
	for i, t := range w.s.TrainingRooms {
		w.name(fmt.Sprintf("training room %d", i+1), t.Name)
		fieldtok.Write(&w.b, &SaveTrainingRoomFields, &t, token.FormatFixed6)
		w.b.WriteString(" \n")
		w.lines(fmt.Sprintf("training room %d (%s)", i+1, t.Name), false, &TrainingFields, &t)
	}
}

func (w *saveWriter) roles() {
	s := w.s
	for i, ro := range s.Roles {
		w.name(fmt.Sprintf("role %d", i+1), ro.Name)
		w.lines(fmt.Sprintf("role %d (%s)", i+1, ro.Name), true, &SaveRoleFields, &ro)
	}
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
