package ftbt

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/cells"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field/fieldtok"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
)

// ReadLevel reads a level (.map) file. The intro, a separate file, is left
// nil (see ReadIntro). The returned map locates every field by its document
// path (the same paths as in the YAML form); the cells of the grid are
// "terrain[y][x]".
func ReadLevel(file string, src []byte) (*Level, *srcpos.Map, error) {
	return ReadLevelFrom(token.NewReader(file, src))
}

// ReadLevelFrom reads a level file from r (a loader trying several forms
// passes a reader whose Rest is deferred).
func ReadLevelFrom(r *token.Reader) (*Level, *srcpos.Map, error) {
	l := &Level{}

	r.MarkAt("size", r.NextOffset())
	// The rest of the file cannot be read without a size in range.
	fieldtok.Reading{Desc: text, Path: "size", Refuse: diag.CodeBadSize}.Read(r, &SizeFields, l)
	if limit := r.MaxTokens(); l.W > 0 && l.H > limit/l.W && !r.Failed() {
		r.Fail(diag.CodeBadSize, fmt.Sprintf("the map size %d×%d needs more terrain values than the rest of the file can hold (at most %d)", l.W, l.H, limit))
	}
	if r.Failed() {
		return nil, nil, r.Err()
	}
	readGrid(r, l)

	fieldtok.Reading{Desc: text}.Read(r, &LevelFields, l)
	r.Mark(peopleKey)
	n := len(l.People)
	at := &peopleOffsets{l: l, person: make([]int, n)}
	for i := range l.People {
		at.person[i] = r.NextOffset()
		readPerson(r, &l.People[i], i)
	}
	if n > 0 && !r.AtEOF() {
		at.ai = make([]int, n)
		for i := range l.People {
			at.ai[i] = r.NextOffset()
			readPersonAI(r, &l.People[i], i)
		}
	}
	if !r.Failed() {
		src, lines := r.Source(), r.Map.Lines()
		r.Map.SetItems(peopleKey, func(i int, rest string) diag.Pos {
			if off, ok := at.locate(src, i, rest); ok {
				return lines.Pos(off)
			}
			return diag.Pos{}
		})
	}
	r.MarkAt("trailing_tokens", r.NextOffset())
	l.Trailing = r.Rest()
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	return l, r.Map, nil
}

// readGrid reads the W*H terrain ids. It records only the offset of each
// row's first value; a cell is found on demand by skipping tokens from
// there, so that locating costs nothing while reading.
func readGrid(r *token.Reader, l *Level) {
	r.MarkAt(terrainKey, r.NextOffset())
	if l.W == 0 || l.H == 0 {
		return
	}
	var y int
	what := func(x int) string { return fmt.Sprintf("terrain cell (x %d, y %d)", x, y) }
	l.Terrain = cells.Make(l.W * l.H)
	rowStart := make([]int, l.H)
	row := make([]int, l.W)
	for y = 0; y < l.H && !r.Failed(); y++ {
		rowStart[y] = r.NextOffset()
		r.Ints(row, what)
		for x, v := range row {
			l.Terrain.Set(y*l.W+x, v)
		}
	}
	src, lines, w := r.Map.Lines().Src(), r.Map.Lines(), l.W
	r.Map.SetGrid(terrainKey, func(row, col int) diag.Pos {
		if row < 0 || row >= len(rowStart) || col < 0 || col >= w {
			return diag.Pos{}
		}
		return lines.Pos(skipTokens(src, rowStart[row], col))
	})
}

// skipTokens returns the offset of the token n tokens after the one at off.
func skipTokens(src []byte, off, n int) int {
	for ; n > 0 && off < len(src); n-- {
		off = tokenEnd(src, off)
		off = spaceEnd(src, off)
	}
	return off
}

// tokenEnd returns the end of the token starting at off.
func tokenEnd(src []byte, off int) int {
	for off < len(src) {
		c, size := utf8.DecodeRune(src[off:])
		if token.IsSpace(c) {
			break
		}
		off += size
	}
	return off
}

// spaceEnd returns the offset of the first non-space at or after off.
func spaceEnd(src []byte, off int) int {
	for off < len(src) {
		c, size := utf8.DecodeRune(src[off:])
		if !token.IsSpace(c) {
			break
		}
		off += size
	}
	return off
}

// peopleOffsets keeps where each person's values and AI settings start,
// so that a person's fields are located on demand by counting tokens (as
// the terrain's cells are) instead of recording some 18 paths a person.
type peopleOffsets struct {
	l          *Level
	person, ai []int // offsets of each person's name and of its AI attack factor
}

// peopleKey is the key of a level's people.
var peopleKey = LevelFields.Field("people").Key

// personFields and aiFields are the paths of a person's values (and of its
// AI settings) in file order, the tables' in their legacy order;
// ".techs[k]" follows ".techs".
var (
	personFields = slices.Concat([]string{".name"}, dotted(fieldtok.Paths(&PersonFields)))
	aiFields     = dotted(fieldtok.Paths(&PersonAIFields))
)

// dotted returns the keys as paths within an item: ".side".
func dotted(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = "." + k
	}
	return out
}

// locate returns the offset of path rest in person i ("" is the person).
func (p *peopleOffsets) locate(src []byte, i int, rest string) (int, bool) {
	if i >= len(p.person) {
		return 0, false
	}
	if rest == "" {
		return p.person[i], true
	}
	if ai, ok := strings.CutPrefix(rest, ".ai"); ok {
		if i >= len(p.ai) {
			return 0, false
		}
		if ai == "" {
			return p.ai[i], true
		}
		if k := slices.Index(aiFields, ai); k >= 0 {
			return skipTokens(src, p.ai[i], k), true
		}
		return 0, false
	}
	if k := slices.Index(personFields, rest); k >= 0 {
		return skipTokens(src, p.person[i], k), true
	}
	if tech, ok := strings.CutPrefix(rest, ".techs["); ok {
		k, err := strconv.Atoi(strings.TrimSuffix(tech, "]"))
		if err == nil && strings.HasSuffix(tech, "]") && k >= 0 && k < len(p.l.People[i].Techs) {
			return skipTokens(src, p.person[i], len(personFields)+k), true
		}
	}
	return 0, false
}

func readPerson(r *token.Reader, pe *Person, i int) {
	pe.Name = r.Name(func() string { return fmt.Sprintf("person %d: name", i+1) })
	d := func(format string, args ...any) token.Desc {
		return func() string { return fmt.Sprintf("person %d (%s): ", i+1, pe.Name) + fmt.Sprintf(format, args...) }
	}
	// The people's positions are found when asked (peopleOffsets).
	fieldtok.Reading{Desc: func(what string) token.Desc { return d("%s", what) }, NoMarks: true}.Read(r, &PersonFields, pe)
}

func readPersonAI(r *token.Reader, pe *Person, i int) {
	d := func(f string) token.Desc {
		return func() string { return fmt.Sprintf("person %d (%s): AI %s", i+1, pe.Name, f) }
	}
	a := &PersonAI{}
	pe.AI = a
	fieldtok.Reading{Desc: d, NoMarks: true}.Read(r, &PersonAIFields, a)
}

// WriteLevel writes l as a level .map file the original engine reads (the
// intro is a separate file: see WriteIntro).
func WriteLevel(l *Level) ([]byte, error) {
	if err := checkLevel(l); err != nil {
		return nil, err
	}
	b := make(buf, 0, 2*l.Terrain.Len()+64*len(l.People)+64)
	b.values(&SizeFields, l, 1, math.MaxInt)
	b.nl()
	b.nl()
	for y := 0; y < l.H && l.W > 0; y++ {
		for x := range l.W {
			v := l.Terrain.At(y*l.W + x)
			if x > 0 {
				b.sp()
			}
			if v >= 0 && v <= 9 {
				b.byte(byte('0' + v))
			} else {
				b.int(v)
			}
		}
		b.nl()
	}
	b.nl()
	b.values(&LevelFields, l, 1, math.MaxInt)
	b.nl()
	b.nl()
	// A person's techs stand on a line of their own.
	techs := PersonFields.Field("techs").Legacy
	for _, p := range l.People {
		b.str(p.Name)
		fieldtok.WriteRun(&b, &PersonFields, &p, nil, 1, techs-1)
		b.nl()
		b.valueLines(&PersonFields, &p, techs, math.MaxInt)
	}
	if l.HasAI() {
		b.nl()
		for _, p := range l.People {
			b.values(&PersonAIFields, p.AI, 1, math.MaxInt)
			b.nl()
		}
	}
	b.trailingTokens(l.Trailing)
	return b, nil
}

// checkLevel refuses what a .map file cannot hold.
func checkLevel(l *Level) error {
	var u unwritable
	if l.W < 1 || l.H < 1 {
		u.add("the map is %d×%d; a level file needs at least one cell", l.W, l.H)
	} else if l.Terrain.Len() != l.W*l.H {
		u.add("the terrain has %d cells, which does not match the size %d×%d", l.Terrain.Len(), l.W, l.H)
	}
	hasAI := l.HasAI()
	for i, p := range l.People {
		what := fmt.Sprintf("person %d (%s)", i+1, p.Name)
		u.name(what, p.Name)
		if (p.AI != nil) != hasAI {
			u.add("%s: %s AI settings but person 1 (%s) %s; the AI block needs them for every person or for none",
				what, hasHasNot(p.AI != nil), l.People[0].Name, hasHasNot(hasAI))
		}
	}
	u.trailing(l.Trailing, len(l.People) > 0 && !hasAI, "AI block")
	return u.errs.Err()
}

func hasHasNot(has bool) string {
	if has {
		return "has"
	}
	return "has no"
}

// ReadIntro reads an intro text file. The text must be valid UTF-8; it is
// otherwise kept exactly as it is.
func ReadIntro(file string, src []byte) (string, error) {
	for off := 0; off < len(src); {
		c, size := utf8.DecodeRune(src[off:])
		if c == utf8.RuneError && size == 1 {
			p := srcpos.NewLines(src).Pos(off)
			return "", errAt(file, p, diag.CodeBadText, fmt.Sprintf("the intro is not valid UTF-8 text (byte 0x%02X); save it as UTF-8", src[off]))
		}
		off += size
	}
	return string(src), nil
}

// WriteIntro returns the intro file's content: the text as it is.
func WriteIntro(intro string) []byte { return []byte(intro) }
