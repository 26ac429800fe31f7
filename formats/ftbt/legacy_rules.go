package ftbt

import (
	"fmt"
	"math"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field/fieldtok"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
)

// ReadRules reads a rules (.tech) file. The returned map locates every
// field by its document path (the same paths as in the YAML form).
func ReadRules(file string, src []byte) (*Rules, *srcpos.Map, error) {
	return ReadRulesFrom(token.NewReader(file, src))
}

// ReadRulesFrom reads a rules file from r (a loader trying several forms
// passes a reader whose Rest is deferred).
func ReadRulesFrom(r *token.Reader) (*Rules, *srcpos.Map, error) {
	rs := &Rules{}

	ndx := r.Count(text("the number of terrains"), 2)
	r.Mark("terrains")
	rs.Terrains = make([]Terrain, ndx)
	for i := range rs.Terrains {
		t := &rs.Terrains[i]
		p := srcpos.Index("terrains", i)
		t.Name = r.Name(func() string { return fmt.Sprintf("terrain %d: name", i+1) })
		r.Mark(p)
		r.Mark(p + ".name")
		d := func(what string) token.Desc {
			return func() string { return fmt.Sprintf("terrain %d (%s): %s", i+1, t.Name, what) }
		}
		fieldtok.Reading{Desc: d, Path: p}.Read(r, &TerrainFields, t)
	}
	fieldtok.Reading{Desc: text}.Read(r, &RulesFields, rs)

	// name class is_long n_range aoe_range aoe_ratio aoe_self duration
	// value, and one flag per terrain.
	ntech := r.Count(text("the number of techs"), 9+ndx)
	r.Mark("techs")
	rs.Techs = make([]Tech, ntech)
	// Where each tech starts is kept, not every value's position: a
	// position in a tech is found by reading it again (token.Items).
	token.Items(r, "techs", rs.Techs, func(r *token.Reader, i int, t *Tech) { readTech(r, t, i, rs.Terrains) })

	if !r.AtEOF() {
		rs.AI = &AIConstants{}
		r.MarkAt("ai", r.NextOffset())
		d := func(what string) token.Desc { return text("AI constant " + what) }
		fieldtok.Reading{Desc: d, Path: aiPath}.Read(r, &AIFields, rs.AI)
	}
	r.MarkAt("trailing_tokens", r.NextOffset())
	rs.Trailing = r.Rest()
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	return rs, r.Map, nil
}

func readTech(r *token.Reader, t *Tech, i int, terrains []Terrain) {
	p := srcpos.Index("techs", i)
	t.Name = r.Name(func() string { return fmt.Sprintf("tech %d: name", i+1) })
	r.Mark(p)
	r.Mark(p + ".name")
	d := func(format string, args ...any) token.Desc {
		return func() string { return fmt.Sprintf("tech %d (%s): ", i+1, t.Name) + fmt.Sprintf(format, args...) }
	}
	read := fieldtok.Reading{Desc: func(what string) token.Desc { return d("%s", what) }, Path: p}
	read.ReadRun(r, &TechFields, t, 1, 2)
	n := r.Count(d("the number of range offsets"), 2)
	r.Mark(p + ".range")
	if n > 0 {
		t.Range = make([][2]int, n)
	}
	for k := range t.Range {
		t.Range[k][0] = r.Int(d("range offset %d dx", k+1))
		r.Mark(srcpos.Index(p+".range", k))
		t.Range[k][1] = r.Int(d("range offset %d dy", k+1))
	}
	aoe := p + "." + aoeKey
	r.MarkAt(aoe, r.NextOffset())
	fieldtok.Reading{Desc: read.Desc, Path: aoe}.Read(r, &AoeFields, t)
	read.ReadRun(r, &TechFields, t, 7, 7)
	t.Allowed = make([]bool, len(terrains))
	for k := range t.Allowed {
		t.Allowed[k] = r.Bool(d("allowed on terrain %d (%s)", k+1, terrains[k].Name))
		if k == 0 {
			r.Mark(p + ".terrains")
		}
	}
	read.ReadRun(r, &TechFields, t, 9, 9)
}

// aiPath and aoeKey are the keys of the rules' AI block and of a tech's
// area.
var (
	aiPath = RulesFields.Field("ai").Key
	aoeKey = TechFields.Field("aoe").Key
)

// WriteRules writes rs as a .tech file the original engine reads.
func WriteRules(rs *Rules) ([]byte, error) {
	if err := checkRules(rs); err != nil {
		return nil, err
	}
	var b buf
	b.line(len(rs.Terrains))
	b.nl()
	for _, t := range rs.Terrains {
		b.str(t.Name)
		fieldtok.Write(&b, &TerrainFields, &t, nil)
		b.nl()
	}
	b.nl()
	b.values(&RulesFields, rs, 1, math.MaxInt)
	b.nl()
	b.nl()
	b.line(len(rs.Techs))
	for _, t := range rs.Techs {
		b.nl()
		b.str(t.Name)
		b.nl()
		b.valueLines(&TechFields, &t, 1, 2)
		b.line(len(t.Range))
		for _, o := range t.Range {
			b.line(o[0], o[1])
		}
		b.valueLines(&AoeFields, &t, 4, 6)
		b.valueLines(&TechFields, &t, 7, 7)
		for k, a := range t.Allowed {
			if k > 0 {
				b.sp()
			}
			b.bool(a)
		}
		b.nl()
		b.valueLines(&TechFields, &t, 9, 9)
	}
	if a := rs.AI; a != nil {
		// Two constants a line, the last three on one.
		b.nl()
		for at := 1; at < 9; at += 2 {
			b.values(&AIFields, a, at, at+1)
			b.nl()
		}
		b.values(&AIFields, a, 9, 11)
		b.nl()
	}
	b.trailingTokens(rs.Trailing)
	return b, nil
}

// checkRules refuses what a .tech file cannot hold: names that are not one
// token, terrain flag lists that do not match the terrains, and trailing
// tokens without the AI block.
func checkRules(rs *Rules) error {
	var u unwritable
	for i, t := range rs.Terrains {
		u.name(fmt.Sprintf("terrain %d (%s)", i+1, t.Name), t.Name)
	}
	for i, t := range rs.Techs {
		what := fmt.Sprintf("tech %d (%s)", i+1, t.Name)
		u.name(what, t.Name)
		if len(t.Allowed) != len(rs.Terrains) {
			u.add("%s: has %d terrain flags, but the rules have %d terrains", what, len(t.Allowed), len(rs.Terrains))
		}
	}
	u.trailing(rs.Trailing, rs.AI == nil, "AI block")
	return u.errs.Err()
}

// errAt builds a diagnostic at the given position.
func errAt(file string, p diag.Pos, code, msg string) *diag.Diagnostic {
	return &diag.Diagnostic{File: file, Line: p.Line, Col: p.Col, Severity: diag.Error, Code: code, Message: msg}
}
