package formats_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/textenc"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/shared"
)

// gbk returns s encoded in GBK.
func gbk(t *testing.T, s string) []byte {
	b, err := simplifiedchinese.GBK.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// copyShared copies files of the shared legacy folder into a temporary
// folder and returns it.
func copyShared(t *testing.T, names ...string) string {
	dir := t.TempDir()
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(shared.Dir(t), n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(n)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A level whose intro is GBK is not an mbg scenario: the level's own
// reader fails on the intro, at the offending byte, and --encoding gbk
// reads it.
func TestLevelWithGBKIntroIsNotGuessedAnotherForm(t *testing.T) {
	dir := copyShared(t, "legacy/ftbt/m1.map")
	intro := filepath.Join(dir, "m1.intro")
	if err := os.WriteFile(intro, append([]byte("intro\n"), gbk(t, "赤壁之战")...), 0o644); err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(dir, "m1.map")
	_, err := formats.Read(level, formats.Options{})
	want := intro + ":2:1: error P006: byte 0xB3 is not UTF-8 text; save the file as UTF-8, or read it with --encoding gbk if it is in GBK"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	doc, err := formats.Read(level, formats.Options{Encoding: textenc.GBK})
	if err != nil {
		t.Fatal(err)
	}
	l, ok := doc.Value.(*ftbt.Level)
	if doc.Format != ftbt.FormatLevel || !ok || l.Intro == nil || *l.Intro != "intro\n赤壁之战" {
		t.Fatalf("read as %s %T, intro %v", doc.Format, doc.Value, l)
	}
}

// A legacy file that is not UTF-8 is refused at its first bad byte.
func TestLegacyTextMustBeUTF8(t *testing.T) {
	src := append([]byte("1 1\n0\n1\n"), gbk(t, "关羽")...)
	src = append(src, " 0 10 10 100 5 0 0 0\n"...)
	_, err := formats.ReadBytes("gbk.map", src, formats.Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "gbk.map:4:1: error P006: byte 0xB9 is not UTF-8") {
		t.Fatalf("got %v", err)
	}
	doc, err := formats.ReadBytes("gbk.map", src, formats.Options{Encoding: textenc.GBK})
	if err != nil {
		t.Fatal(err)
	}
	if l := doc.Value.(*ftbt.Level); l.People[0].Name != "关羽" {
		t.Errorf("name %q", l.People[0].Name)
	}
}

// A .map is read as the form its beginning has the shape of, once: its
// errors are that form's, with a note saying why it was read so and the
// --from that reads it as the other.
func TestDetectionSaysWhichFormsWereTried(t *testing.T) {
	src := "3 2\n0 0 0\n0 0 0\n1\n关羽 0 10 10 oops 5 0 0 0\n"
	_, err := formats.ReadBytes("x.map", []byte(src), formats.Options{})
	l := diag.AsList(err, "x.map")
	if len(l) == 0 {
		t.Fatal("read")
	}
	got := l.Error()
	for _, want := range []string{
		"x.map:5:12: error P002: person 1 (关羽): hp must be an integer, found 'oops'",
		"x.map: note: the file is read as ftbt-level (ftbt/level): its beginning has that form's shape (a first line of 2 number(s)); to read it as another form, add --from mbg-map",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "mbg") && !strings.Contains(got, "--from mbg-map") {
		t.Errorf("the file was read as an mbg scenario too:\n%s", got)
	}
}

// An ftbt level whose width or height is 0, with its real body, is an
// ftbt level with a size error, never an mbg scenario read because the
// level reader failed; and detection looks at the beginning only, so a
// file of NUL bytes is refused at once whatever its size.
func TestDetectionNeverPicksAFormBecauseAnotherFailed(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(shared.Dir(t), "legacy/ftbt/m1.map"))
	if err != nil {
		t.Fatal(err)
	}
	for _, head := range []string{"0 40", "50 0"} {
		bad := head + string(src[bytes.IndexByte(src, '\n'):])
		_, err := formats.ReadBytes("m1.map", []byte(bad), formats.Options{})
		got := diag.AsList(err, "m1.map").Error()
		if err == nil || !strings.HasPrefix(got, "m1.map:1:") || !strings.Contains(got, "ftbt-level") || strings.Contains(got, "MBG") {
			t.Errorf("%s: %v\n%s", head, err, got)
		}
	}
	// The same levels laid out on one line are told by where their first
	// name is.
	oneLine := bytes.Join(bytes.Fields(src), []byte(" "))
	if doc, err := formats.ReadBytes("m1.map", oneLine, formats.Options{}); err != nil || doc.Format != ftbt.FormatLevel {
		t.Errorf("one line: %v", err)
	}
	for _, name := range []string{"zero.map", "zero"} {
		_, err := formats.ReadBytes(name, make([]byte, 8<<20), formats.Options{})
		if err == nil || !strings.Contains(err.Error(), "cannot tell what kind of file this is") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// An ftbt intro and map.info, read on their own, are named for what they
// are: files of the game that are no document.
func TestIntroAndMapInfoAreNamed(t *testing.T) {
	for name, want := range map[string]string{
		"m1.intro": "m1.intro: note: a .intro file is the free text an ftbt level shows before play",
		"map.info": "map.info: note: map.info is the ftbt author's note on the file formats",
	} {
		_, err := formats.ReadBytes(name, []byte("这是一个测试关卡, 只是一行字\n"), formats.Options{})
		if err == nil {
			t.Fatalf("%s: read as a document", name)
		}
		if got := diag.AsList(err, name).Error(); !strings.Contains(got, want) {
			t.Errorf("%s: missing %q in\n%s", name, want, got)
		}
	}
	if _, err := formats.ReadBytes("x.map", []byte("3 2\n0 0 0\n0 0 0\n1\n关羽 0 10 10 oops 5 0 0 0\n"), formats.Options{}); strings.Contains(err.Error(), "not a document") {
		t.Errorf("a .map is told it is no document: %v", err)
	}
}

// A level with no cells is refused at line 1, whatever the extension.
func TestZeroSizedLevelIsAnError(t *testing.T) {
	for _, src := range []string{"0 5\n0\n", "5 0\n0\n"} {
		doc, err := formats.ReadBytes("z.map", []byte(src), formats.Options{From: ftbt.FormatLevel})
		if err == nil || !strings.Contains(err.Error(), "z.map:1:") {
			t.Errorf("%q: got %v, %v", src, doc, err)
		}
		if doc, err := formats.ReadBytes("z.map", []byte(src), formats.Options{}); err == nil && doc.Format == ftbt.FormatLevel {
			t.Errorf("%q: detected as a level", src)
		}
	}
}

// A YAML file holding a second document is an error at its start, for
// every kind.
func TestSecondYAMLDocumentIsAnError(t *testing.T) {
	for _, name := range []string{"a.yaml", "a.yml"} {
		src := "kind: battle/map\nversion: 1\n---\nkind: battle/map\n"
		_, err := formats.ReadBytes(name, []byte(src), formats.Options{})
		if err == nil || !strings.HasPrefix(err.Error(), name+":4:1: error P010: a second YAML document starts here") {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

// Syntax errors are reported at the offending token, with the block they
// are in as related information.
func TestYAMLSyntaxErrorsAtTheToken(t *testing.T) {
	head := "kind: mbg/scenario\nversion: 1\nwin_money: 100\n"
	for _, c := range []struct{ name, body, want, related string }{
		{"bad indent", "officers:\n  - {name: a, wu: 1}\n   - {name: b}\n", "s.yaml:6:4: error P010: invalid YAML: did not find expected '-' indicator", "s.yaml:5:3: note: in the YAML block"},
		{"unclosed quote", "roles:\n  - name: \"曹操\n    loc: 0\n", "s.yaml:5:11: error P010: invalid YAML: found unexpected end of stream", ""},
		{"tab indent", "board:\n\t- {type: saloon}\n", "s.yaml:5:1: error P010: invalid YAML: found character that cannot start any token (this line is indented with a tab; YAML indents with spaces only)", ""},
		{"stray colon", "officers:\n  - name: a: b\n", "s.yaml:5:11: error P010: invalid YAML: mapping values are not allowed in this context", ""},
		{"unclosed flow sequence", "board: [{type: saloon}, {type: chance}\nroles: []\n", "s.yaml:4:8: error P010: invalid YAML: did not find expected ',' or ']'", ""},
		{"duplicate key", "board: []\nroles: []\nboard: []\n", "s.yaml:6:1: error P011: field 'board' appears twice", ""},
		{"deep bad indent", "officers:\n" + strings.Repeat("  - {name: a, wu: 1, zhan: 1, mou: 1, zheng: 1, jing: 1}\n", 40) + " oops: 1\n",
			"s.yaml:45:2: error P010: invalid YAML: did not find expected key", ""},
	} {
		_, err := formats.ReadBytes("s.yaml", []byte(head+c.body), formats.Options{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, c.want) || !strings.Contains(got, c.related) {
			t.Errorf("%s: got\n%s\nwant %s … %s", c.name, got, c.want, c.related)
		}
	}
}

// Levels whose rules lead back to a file being read are refused with the
// chain named, at once.
func TestRulesCycleIsNamed(t *testing.T) {
	dir := t.TempDir()
	level := func(name, rules string) string {
		p := filepath.Join(dir, name)
		src := "kind: ftbt/level\nversion: 1\nrules: " + rules + "\nsize: {width: 1, height: 1}\nlegend: {\".\": 0}\nterrain: |\n  .\npeople: []\n"
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	self := level("self.yaml", "self.yaml")
	a := level("a.yaml", "b.yaml")
	level("b.yaml", "a.yaml")
	for _, c := range []struct{ file, want string }{
		{self, "self.yaml:3:8: error P012: the rules named by the level's rules field (self.yaml) lead back to a file being read: self.yaml → self.yaml"},
		{a, "b.yaml:3:8: error P012: the rules named by the level's rules field (a.yaml) lead back to a file being read: a.yaml → b.yaml → a.yaml"},
	} {
		_, err := formats.Read(c.file, formats.Options{})
		if err == nil || !strings.HasSuffix(strings.SplitN(err.Error(), ";", 2)[0], c.want) {
			t.Errorf("got %v\nwant …%s", err, c.want)
		}
	}
}

// Rules that cannot be read are named once, as the path that was opened,
// with the name the level wrote when it differs (relative to the level's
// folder), and the system's reason without the path again.
func TestMissingRulesAreNamedOnce(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(sub, "lv.yaml")
	src := "kind: ftbt/level\nversion: 1\nrules: ftbt/兵法.yaml\nsize: {width: 1, height: 1}\nlegend: {\".\": 0}\nterrain: |\n  .\npeople: []\n"
	if err := os.WriteFile(level, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	opened := filepath.Join(sub, "ftbt", "兵法.yaml")
	for _, c := range []struct {
		opts formats.Options
		want string
	}{
		{formats.Options{}, "lv.yaml:3:8: error P012: cannot read the rules " + opened +
			": no such file or directory (the level's rules field names it ftbt/兵法.yaml, relative to the level's folder)"},
		{formats.Options{RulesPath: filepath.Join(dir, "nope.yaml")}, "lv.yaml:1:1: error P012: cannot read the rules " +
			filepath.Join(dir, "nope.yaml") + " given with --rules: no such file or directory"},
	} {
		_, err := formats.Read(level, c.opts)
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("got %v\nwant …%s", err, c.want)
		}
	}
}

// Devices, FIFOs and directories are refused without being read, and so
// is a file above the input limit; "-" is standard input.
func TestInputsAreBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.map")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{"/dev/zero", "/dev/zero is not a regular file (a character device)"},
		{fifo, "fifo.map is not a regular file (a FIFO)"},
		{dir, "is not a regular file (a directory)"},
	} {
		_, err := formats.Read(c.path, formats.Options{})
		if !formats.IsIO(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.path, err)
		}
	}
	big := filepath.Join(dir, "big.map")
	if err := os.WriteFile(big, bytes.Repeat([]byte("0 "), 600), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := formats.Read(big, formats.Options{MaxInput: 1000})
	if !formats.IsIO(err) || !strings.Contains(err.Error(), "big.map is 1.2 KiB, larger than the input limit of 1000 bytes; raise it with --max-input") {
		t.Errorf("got %v", err)
	}
	doc, err := formats.Read(formats.Stdin, formats.Options{Stdin: strings.NewReader("kind: battle/map\nversion: 1\nsize: {width: 1, height: 1}\nlegend: {\".\": 0}\ngrid: |\n  .\n")})
	if err != nil || doc.Kind != "battle/map" {
		t.Errorf("standard input: %v, %v", doc, err)
	}
	_, err = formats.Read(formats.Stdin, formats.Options{Stdin: strings.NewReader(strings.Repeat("x", 2000)), MaxInput: 1000})
	if !formats.IsIO(err) || !strings.Contains(err.Error(), "standard input is larger than the input limit of 1000 bytes") {
		t.Errorf("got %v", err)
	}
}

// A load parses a YAML file once: its kind and its fields come from the
// same node tree, and a level's rules file is parsed once too.
func TestYAMLIsParsedOncePerFile(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "r.yaml")
	if err := os.WriteFile(rules, []byte("kind: ftbt/rules\nversion: 1\nmax_fly_weight: 1\nmax_abi: 1\nterrains:\n  - {name: 平, cost: 1}\ntechs: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, src string
		files     int64
	}{
		{"l.yaml", "kind: ftbt/level\nversion: 1\nrules: r.yaml\nsize: {width: 1, height: 1}\nlegend: {\".\": 0}\nterrain: |\n  .\npeople: []\n", 2},
		{"p.yml", "planets: {A: {def: 1.0, res: 1.0, cos: 1.0, max: 10}}\nroutes: []\nstarts: [A]\nmap: |\n  A\n", 1},
		{"s.yaml", "kind: mbg/scenario\nversion: 1\nwin_money: 100\nboard: []\nroles: []\n", 1},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		before := yamlx.Parses()
		if _, err := formats.Read(path, formats.Options{}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if n := yamlx.Parses() - before; n != c.files {
			t.Errorf("%s: parsed %d times, want %d", c.name, n, c.files)
		}
	}
}
