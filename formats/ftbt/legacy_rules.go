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

	fieldtok.Reading{Desc: text}.ReadRun(r, &RulesFields, rs, 1, 1)
	r.Mark(terrainsKey)
	ndx := len(rs.Terrains)
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
	fieldtok.Reading{Desc: text}.ReadRun(r, &RulesFields, rs, 2, math.MaxInt)

	// name class is_long n_range aoe_range aoe_ratio aoe_self duration
	// value, and one flag per terrain.
	ntech := r.Count(text("the number of techs"), 9+ndx)
	r.Mark("techs")
	rs.Techs = make([]Tech, ntech)
	// Where each tech starts is kept, not every value's position: a
	// position in a tech is found by reading it again (token.Items).
	terrains := rs.TerrainNames()
	token.Items(r, "techs", rs.Techs, func(r *token.Reader, i int, t *Tech) { readTech(r, t, i, terrains) })

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

func readTech(r *token.Reader, t *Tech, i int, terrains []string) {
	p := srcpos.Index("techs", i)
	t.Name = r.Name(func() string { return fmt.Sprintf("tech %d: name", i+1) })
	r.Mark(p)
	r.Mark(p + ".name")
	d := func(format string, args ...any) token.Desc {
		return func() string { return fmt.Sprintf("tech %d (%s): ", i+1, t.Name) + fmt.Sprintf(format, args...) }
	}
	names := map[string][]string{perTerrain: terrains}
	read := fieldtok.Reading{Desc: func(what string) token.Desc { return d("%s", what) }, Path: p, Names: names}
	aoe := AoeFields.Fields[0].Legacy
	read.ReadRun(r, &TechFields, t, 1, aoe-1)
	r.MarkAt(p+"."+aoeKey, r.NextOffset())
	fieldtok.Reading{Desc: read.Desc, Path: p + "." + aoeKey}.Read(r, &AoeFields, t)
	read.ReadRun(r, &TechFields, t, aoe+len(AoeFields.Fields), math.MaxInt)
}

// aiPath, aoeKey and terrainsKey are the keys of the rules' AI block,
// of a tech's area and of the terrains.
var (
	aiPath      = RulesFields.Field("ai").Key
	aoeKey      = TechFields.Field("aoe").Key
	terrainsKey = RulesFields.Field("terrains").Key
)

// WriteRules writes rs as a .tech file the original engine reads.
func WriteRules(rs *Rules) ([]byte, error) {
	if err := checkRules(rs); err != nil {
		return nil, err
	}
	var b buf
	b.values(&RulesFields, rs, 1, 1)
	b.nl()
	b.nl()
	for _, t := range rs.Terrains {
		b.str(t.Name)
		fieldtok.Write(&b, &TerrainFields, &t, nil)
		b.nl()
	}
	b.nl()
	b.values(&RulesFields, rs, 2, math.MaxInt)
	b.nl()
	b.nl()
	b.line(len(rs.Techs))
	aoe := AoeFields.Fields[0].Legacy
	for _, t := range rs.Techs {
		b.nl()
		b.str(t.Name)
		b.nl()
		b.valueLines(&TechFields, &t, 1, aoe-1)
		b.valueLines(&AoeFields, &t, aoe, aoe+len(AoeFields.Fields)-1)
		b.valueLines(&TechFields, &t, aoe+len(AoeFields.Fields), math.MaxInt)
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
		for _, m := range fieldtok.Misfits(&TechFields, &t, map[string]int{perTerrain: len(rs.Terrains)}) {
			u.add("%s: has %d %s, but the rules have %d %ss", what, m.Len, m.Field.WrittenName(), m.Want, m.Field.LegacyPer)
		}
	}
	u.trailing(rs.Trailing, rs.AI == nil, "AI block")
	return u.errs.Err()
}

// errAt builds a diagnostic at the given position.
func errAt(file string, p diag.Pos, code, msg string) *diag.Diagnostic {
	return &diag.Diagnostic{File: file, Line: p.Line, Col: p.Col, Severity: diag.Error, Code: code, Message: msg}
}
