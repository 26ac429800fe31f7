package mbg

import (
	"fmt"
	"math"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/field/fieldtok"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
)

// ReadMap reads a scenario .map file. The returned map locates every field
// by its document path (the same paths as in the YAML form).
func ReadMap(file string, src []byte) (*Scenario, *srcpos.Map, error) {
	return ReadMapFrom(token.NewReader(file, src))
}

// ReadMapFrom reads a scenario file from r (a loader trying several forms
// passes a reader whose Rest is deferred).
func ReadMapFrom(r *token.Reader) (*Scenario, *srcpos.Map, error) {
	s := &Scenario{}
	// The length of the board, marked at the board, the board window's
	// size, then the rest of the header.
	fieldtok.Reading{Desc: fixed}.ReadRun(r, &ScenarioFields, s, 1, 1)
	r.Mark(boardKey)
	fieldtok.Reading{Desc: fixed, Path: gridPath}.Read(r, &GridSizeFields, s)
	fieldtok.Reading{Desc: fixed}.ReadRun(r, &ScenarioFields, s, 2, headerEnd)
	token.Items(r, boardKey, s.Board, readSquare)
	readList(r, s, ScenarioFields.Field("officers"), &s.Officers, readOfficer)
	readList(r, s, ScenarioFields.Field("cities"), &s.Cities, readCity)
	readList(r, s, ScenarioFields.Field("roles"), &s.Roles, readRole)
	readList(r, s, ScenarioFields.Field("institutes"), &s.Institutes, readInstitute)
	readList(r, s, ScenarioFields.Field("training_rooms"), &s.TrainingRooms, readTrainingRoom)
	r.MarkAt("trailing_tokens", r.NextOffset())
	s.Trailing = r.Rest()
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	return s, r.Map, nil
}

// fixed describes a value with a fixed text.
func fixed(s string) token.Desc { return func() string { return s } }

// namedItem reads the name of item i of a list of nouns (marked at path
// p) into name, and returns the descriptions of the item's fields, which
// name it.
func namedItem(r *token.Reader, noun, p string, i int, name *string) func(string) token.Desc {
	*name = r.Name(func() string { return fmt.Sprintf("%s %d: name", noun, i+1) })
	r.Mark(p)
	return func(f string) token.Desc {
		return func() string { return fmt.Sprintf("%s %d (%s): %s", noun, i+1, *name, f) }
	}
}

// namedEntry is namedItem for a scenario's lists, which mark the name too.
func namedEntry(r *token.Reader, noun, p string, i int, name *string) func(string) token.Desc {
	d := namedItem(r, noun, p, i, name)
	r.Mark(p + ".name")
	return d
}

// readList reads the length of the scenario's list of the field f,
// which stands before its items, marked at the list, then its items into
// list, item i with read.
func readList[T any](r *token.Reader, s *Scenario, f *field.Field, list *[]T, read func(*token.Reader, int, *T)) {
	fieldtok.Reading{Desc: fixed}.ReadRun(r, &ScenarioFields, s, f.Legacy, f.Legacy)
	r.Mark(f.Key)
	token.Items(r, f.Key, *list, read)
}

func readSquare(r *token.Reader, i int, sq *Square) {
	p := srcpos.Index("board", i)
	d := squareDesc(i)
	read := fieldtok.Reading{Desc: d, Path: p}
	read.ReadRun(r, &SquareFields, sq, 1, 1)
	r.Mark(p)
	read.ReadRun(r, &SquareFields, sq, 2, math.MaxInt)
}

// squareDesc names the values of board square i.
func squareDesc(i int) func(string) token.Desc {
	return func(f string) token.Desc { return func() string { return fmt.Sprintf("board square %d: %s", i, f) } }
}

func readOfficer(r *token.Reader, i int, o *Officer) {
	p := srcpos.Index("officers", i)
	d := namedEntry(r, "officer", p, i, &o.Name)
	fieldtok.Reading{Desc: d, Path: p}.Read(r, &OfficerFields, o)
}

func readCity(r *token.Reader, i int, c *City) {
	p := srcpos.Index("cities", i)
	d := namedEntry(r, "city", p, i, &c.Name)
	fieldtok.Reading{Desc: d, Path: p}.Read(r, &CityFields, c)
	c.Rect = readRect(r, d, p+".rect")
}

func readRole(r *token.Reader, i int, ro *Role) {
	p := srcpos.Index("roles", i)
	d := namedEntry(r, "role", p, i, &ro.Name)
	fieldtok.Reading{Desc: d, Path: p}.Read(r, &RoleFields, ro)
}

func readInstitute(r *token.Reader, i int, in *Institute) {
	p := srcpos.Index("institutes", i)
	d := namedEntry(r, "institute", p, i, &in.Name)
	fieldtok.Reading{Desc: d, Path: p}.Read(r, &InstituteFields, in)
	in.Rect = readRect(r, d, p+".rect")
}

func readTrainingRoom(r *token.Reader, i int, t *TrainingRoom) {
	p := srcpos.Index("training_rooms", i)
	d := namedEntry(r, "training room", p, i, &t.Name)
	fieldtok.Reading{Desc: d, Path: p}.Read(r, &TrainingRoomFields, t)
	t.Rect = readRect(r, d, p+".rect")
}

func readRect(r *token.Reader, d func(string) token.Desc, path string) Rect {
	var rc Rect
	rc.X0 = r.Int(d("rectangle x0"))
	r.Mark(path)
	rc.Y0 = r.Int(d("rectangle y0"))
	rc.X1 = r.Int(d("rectangle x1"))
	rc.Y1 = r.Int(d("rectangle y1"))
	return rc
}

// WriteMap writes s as a .map file the original game reads.
func WriteMap(s *Scenario) ([]byte, error) {
	if err := checkNames(s); err != nil {
		return nil, err
	}
	var b strings.Builder
	f32 := token.FormatFloat32
	fieldtok.Line(&b, &ScenarioFields, s, f32, 1, 1)
	fieldtok.Write(&b, &GridSizeFields, s, f32)
	fieldtok.WriteRun(&b, &ScenarioFields, s, f32, 2, headerEnd)
	b.WriteString("\n\n")
	// A list's length stands on a line of its own, after an empty one.
	length := func(f *field.Field) {
		b.WriteString("\n")
		fieldtok.Line(&b, &ScenarioFields, s, f32, f.Legacy, f.Legacy)
		b.WriteString("\n")
	}
	for _, sq := range s.Board {
		fieldtok.Line(&b, &SquareFields, &sq, f32, 1, math.MaxInt)
		b.WriteString("\n")
	}
	length(ScenarioFields.Field("officers"))
	for _, o := range s.Officers {
		b.WriteString(o.Name)
		fieldtok.Write(&b, &OfficerFields, &o, f32)
		b.WriteString("\n")
	}
	length(ScenarioFields.Field("cities"))
	for _, c := range s.Cities {
		b.WriteString(c.Name)
		fieldtok.Write(&b, &CityFields, &c, f32)
		b.WriteString(" " + rect(c.Rect) + "\n")
	}
	length(ScenarioFields.Field("roles"))
	for _, ro := range s.Roles {
		// The name and the start, then each value on a line of its own.
		b.WriteString(ro.Name)
		fieldtok.WriteRun(&b, &RoleFields, &ro, f32, 1, 1)
		for at := 2; at <= roleValues; at++ {
			b.WriteString("\n   ")
			fieldtok.WriteRun(&b, &RoleFields, &ro, f32, at, at)
		}
		b.WriteString("\n")
	}
	length(ScenarioFields.Field("institutes"))
	for _, in := range s.Institutes {
		b.WriteString(in.Name)
		fieldtok.Write(&b, &InstituteFields, &in, f32)
		b.WriteString(" " + rect(in.Rect) + "\n")
	}
	length(ScenarioFields.Field("training_rooms"))
	for _, t := range s.TrainingRooms {
		b.WriteString(t.Name)
		fieldtok.Write(&b, &TrainingRoomFields, &t, f32)
		b.WriteString(" " + rect(t.Rect) + "\n")
	}
	writeTrailing(&b, s.Trailing)
	return []byte(b.String()), nil
}

func writeTrailing(b *strings.Builder, tokens []string) {
	if len(tokens) > 0 {
		b.WriteString("\n")
		b.WriteString(strings.Join(tokens, " "))
		b.WriteString("\n")
	}
}

// roleValues is the number of values of a role's lines after its name.
var roleValues = len(fieldtok.Keys(&RoleFields))

// gridPath and boardKey are the document paths of the board window's
// size and of the board.
var (
	gridPath = ScenarioFields.Field("grid_size").Key
	boardKey = ScenarioFields.Field("board").Key
)

// headerEnd is the legacy position of the last value of a scenario's
// header, the win money.
var headerEnd = ScenarioFields.Field("win_money").Legacy

func rect(r Rect) string { return fmt.Sprintf("%d %d %d %d", r.X0, r.Y0, r.X1, r.Y1) }

// checkNames refuses names a token file cannot hold: empty ones and ones
// with white space (they would split into several tokens).
func checkNames(s *Scenario) error {
	var errs diag.List
	check := func(what, name string) {
		if msg := LegacyNameProblem(name); msg != "" {
			errs = append(errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Message: fmt.Sprintf("%s: %s", what, msg)})
		}
	}
	for i, o := range s.Officers {
		check(fmt.Sprintf("officer %d (%s)", i+1, o.Name), o.Name)
	}
	for i, c := range s.Cities {
		check(fmt.Sprintf("city %d (%s)", i+1, c.Name), c.Name)
	}
	for i, ro := range s.Roles {
		check(fmt.Sprintf("role %d (%s)", i+1, ro.Name), ro.Name)
	}
	for i, in := range s.Institutes {
		check(fmt.Sprintf("institute %d (%s)", i+1, in.Name), in.Name)
	}
	for i, t := range s.TrainingRooms {
		check(fmt.Sprintf("training room %d (%s)", i+1, t.Name), t.Name)
	}
	checkTrailing(&errs, s.Trailing)
	return errs.Err()
}

func checkTrailing(errs *diag.List, tokens []string) {
	for _, t := range tokens {
		if LegacyNameProblem(t) != "" {
			*errs = append(*errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Message: fmt.Sprintf("trailing token %q cannot be written to a legacy file", t)})
		}
	}
}

// LegacyNameProblem says why name cannot be written as one token of a
// legacy file, or returns "".
func LegacyNameProblem(name string) string {
	if name == "" {
		return "an empty name cannot be written to a legacy file"
	}
	if strings.IndexFunc(name, token.IsSpace) >= 0 {
		return fmt.Sprintf("the name %q contains white space and cannot be written to a legacy file (the game would read it as several values)", name)
	}
	return ""
}
