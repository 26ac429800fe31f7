package ftbt

import (
	"fmt"

	"github.com/shapan/shapan/formats/diag"
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
		t.Weight = r.Int(func() string { return fmt.Sprintf("terrain %d (%s): cost (move weight)", i+1, t.Name) })
		r.Mark(p + ".cost")
	}
	rs.MaxFlyWeight = r.Int(text("MAX_FLY_WEIGHT"))
	r.Mark("max_fly_weight")
	rs.MaxAbi = r.Int(text("MAX_ABI"))
	r.Mark("max_abi")

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
		for k, v := range rs.AI.Fields() {
			*v = r.Int(func() string { return "AI constant " + AIConstantNames[k] })
			r.Mark("ai." + AIConstantKeys[k])
		}
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
	t.Class = r.Int(d("class (0 people, 1 abi_buf, 2 def_buf, 3 fly, 4 disable_long)"))
	r.Mark(p + ".class")
	t.IsLong = r.Bool(d("long range (is_long)"))
	r.Mark(p + ".long_range")
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
	t.AoeRange = r.Int(d("area radius (aoe_range)"))
	r.Mark(p + ".aoe")
	r.Mark(p + ".aoe.radius")
	t.AoeRatio = r.Int(d("area ratio (aoe_ratio)"))
	r.Mark(p + ".aoe.ratio")
	t.AoeSelf = r.Bool(d("area hits own side (aoe_self)"))
	r.Mark(p + ".aoe.self")
	t.Duration = r.Int(d("duration"))
	r.Mark(p + ".duration")
	t.Allowed = make([]bool, len(terrains))
	for k := range t.Allowed {
		t.Allowed[k] = r.Bool(d("allowed on terrain %d (%s)", k+1, terrains[k].Name))
		if k == 0 {
			r.Mark(p + ".terrains")
		}
	}
	t.Value = r.Int(d("value"))
	r.Mark(p + ".value")
}

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
		b.sp()
		b.line(t.Weight)
	}
	b.nl()
	b.line(rs.MaxFlyWeight, rs.MaxAbi)
	b.nl()
	b.line(len(rs.Techs))
	for _, t := range rs.Techs {
		b.nl()
		b.str(t.Name)
		b.nl()
		b.line(t.Class)
		b.bool(t.IsLong)
		b.nl()
		b.line(len(t.Range))
		for _, o := range t.Range {
			b.line(o[0], o[1])
		}
		b.line(t.AoeRange)
		b.line(t.AoeRatio)
		b.bool(t.AoeSelf)
		b.nl()
		b.line(t.Duration)
		for k, a := range t.Allowed {
			if k > 0 {
				b.sp()
			}
			b.bool(a)
		}
		b.nl()
		b.line(t.Value)
	}
	if a := rs.AI; a != nil {
		f := a.Fields()
		b.nl()
		b.line(*f[0], *f[1])
		b.line(*f[2], *f[3])
		b.line(*f[4], *f[5])
		b.line(*f[6], *f[7])
		b.line(*f[8], *f[9], *f[10])
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
