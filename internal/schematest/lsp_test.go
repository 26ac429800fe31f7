package schematest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/nodetool"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/schemas"
)

// lspClient speaks the Language Server Protocol (JSON-RPC with
// Content-Length headers) to a server on its standard input and output,
// as an editor does.
type lspClient struct {
	t      *testing.T
	in     io.WriteCloser
	mu     sync.Mutex
	nextID int
	wait   map[int]chan json.RawMessage
	diags  chan publishDiagnostics
}

type publishDiagnostics struct {
	URI         string `json:"uri"`
	Diagnostics []struct {
		Message  string `json:"message"`
		Severity int    `json:"severity"`
		Range    struct {
			Start struct{ Line, Character int } `json:"start"`
		} `json:"range"`
	} `json:"diagnostics"`
}

// lspWait bounds each wait for the server: generous, as node starts slowly
// on a loaded machine (the server's own work takes about 2 s of CPU).
const lspWait = 3 * time.Minute

// settings are the yaml-language-server settings a client sends; the
// schema store (a catalogue on the web) is off, as a machine offline has
// no use of it.
var settings = map[string]any{"yaml": map[string]any{
	"validate": true, "completion": true, "hover": true,
	"schemaStore": map[string]any{"enable": false},
}}

func startLSP(t *testing.T, node, server string) *lspClient {
	cmd := exec.Command(node, server, "--stdio")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	c := &lspClient{t: t, in: in, wait: map[int]chan json.RawMessage{}, diags: make(chan publishDiagnostics, 64)}
	go c.read(bufio.NewReader(out))
	t.Cleanup(func() { // before the one above: the server's own way out
		c.call("shutdown", nil)
		c.notify("exit", nil)
	})
	return c
}

func (c *lspClient) send(msg map[string]any) {
	msg["jsonrpc"] = "2.0"
	b, err := json.Marshal(msg)
	if err != nil {
		c.t.Fatal(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(b), b)
}

// call sends a request and waits for its result.
func (c *lspClient) call(method string, params any) json.RawMessage {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan json.RawMessage, 1)
	c.wait[id] = ch
	c.mu.Unlock()
	c.send(map[string]any{"id": id, "method": method, "params": params})
	select {
	case r := <-ch:
		return r
	case <-time.After(lspWait):
		c.t.Fatalf("no answer to %s in %v", method, lspWait)
		return nil
	}
}

func (c *lspClient) notify(method string, params any) {
	c.send(map[string]any{"method": method, "params": params})
}

// read dispatches the server's messages: answers, diagnostics, and the
// requests a server makes of its client (its settings, registrations).
func (c *lspClient) read(r *bufio.Reader) {
	for {
		length := 0
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m struct {
			ID     *json.RawMessage `json:"id"`
			Method string           `json:"method"`
			Params json.RawMessage  `json:"params"`
			Result json.RawMessage  `json:"result"`
		}
		if json.Unmarshal(body, &m) != nil {
			continue
		}
		switch {
		case m.Method == "textDocument/publishDiagnostics":
			var p publishDiagnostics
			json.Unmarshal(m.Params, &p)
			c.diags <- p
		case m.Method == "workspace/configuration" && m.ID != nil:
			var p struct{ Items []struct{ Section string } }
			json.Unmarshal(m.Params, &p)
			res := make([]any, len(p.Items))
			for i, it := range p.Items {
				res[i] = settings["yaml"]
				if it.Section != "yaml" {
					res[i] = nil
				}
			}
			c.send(map[string]any{"id": m.ID, "result": res})
		case m.Method != "" && m.ID != nil:
			c.send(map[string]any{"id": m.ID, "result": nil})
		case m.ID != nil:
			var id int
			json.Unmarshal(*m.ID, &id)
			c.mu.Lock()
			ch := c.wait[id]
			delete(c.wait, id)
			c.mu.Unlock()
			if ch != nil {
				ch <- m.Result
			}
		}
	}
}

func fileURI(path string) string {
	abs, _ := filepath.Abs(path)
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// writeDefault converts a game's file as `shapan convert IN OUT.yaml`
// does, into a project (a Git work tree), with the default modeline.
func writeDefault(t *testing.T, legacy, out string) []byte {
	t.Helper()
	doc, err := formats.Read(legacy, formats.Options{})
	if err != nil {
		t.Fatalf("%s: %v", legacy, err)
	}
	if _, err := formats.Write(out, doc, formats.YAML); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestYAMLLanguageServerLoadsTheDefaultSchemas runs yaml-language-server,
// the YAML support of VS Code and of Vim's and Emacs' LSP clients, on
// documents of every kind written with the default modeline, on a machine
// without a network: every schema loads (0 diagnostics), completion offers
// a missing key, and a wrong value is reported.
func TestYAMLLanguageServerLoadsTheDefaultSchemas(t *testing.T) {
	node, server := nodetool.Module(t, "yaml-language-server", "bin/yaml-language-server")
	proj := t.TempDir()
	if err := os.Mkdir(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	legacy := filepath.Join(proj, "legacy")
	if err := os.CopyFS(legacy, samples.FS()); err != nil {
		t.Fatal(err)
	}
	c := startLSP(t, node, server)
	c.call("initialize", map[string]any{
		"processId": os.Getpid(), "rootUri": fileURI(proj),
		"capabilities": map[string]any{"workspace": map[string]any{"configuration": true}},
	})
	c.notify("initialized", map[string]any{})
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": settings})

	type opened struct{ src, good, bad string }
	var docs []opened
	// Values out of their field's range or set, in documents written by
	// default, one of each family: one check warns of (an ability), the
	// others it calls errors (hp, the fewest players, a legend element).
	// value is the new value's text, where the editor's error must be.
	type outOfRange struct {
		src, old, new, value, code, severity, message string
		uri, path, text                               string
	}
	ranges := []*outOfRange{
		{src: "mbg/赤壁.map", old: "{name: 曹操, wu: 72,", new: "{name: 曹操, wu: 150,", code: "MBG020", severity: "warning"},
		{src: "ftbt/长坂坡.map", old: "hp: 110,", new: "hp: 0,", value: "0", code: "FTB026", severity: "error", message: "minimum of 1"},
		{src: "planets/九州.yml", old: "\nmin_player: 2\n", new: "\nmin_player: 0\n", value: "0", code: "PLN016", severity: "error", message: "minimum of 1"},
		{src: "battle/赤壁.grid", old: "\n  S: city1 #", new: "\n  S: city9 #", value: "city9", code: "P014", severity: "error", message: "Valid values"},
	}
	open := func(path, text string) string {
		uri := fileURI(path)
		c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
			"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
		return uri
	}
	for _, src := range []string{"mbg/赤壁.map", "mbg/赤壁第十四回.sav", "ftbt/兵法.tech", "ftbt/长坂坡.map", "planets/九州.yml", "battle/赤壁.grid"} {
		out := filepath.Join(proj, "maps", strings.ReplaceAll(src, "/", "-")+".yaml")
		os.MkdirAll(filepath.Dir(out), 0o755)
		text := string(writeDefault(t, filepath.Join(legacy, filepath.FromSlash(src)), out))
		first, _, _ := strings.Cut(text, "\n")
		if !strings.HasPrefix(first, "# yaml-language-server: $schema=../.shapan/schemas/") {
			t.Errorf("%s: modeline %q", src, first)
		}
		// version: one is wrong in every kind's schema.
		bad := strings.Replace(text, "\nversion: 1\n", "\nversion: one\n", 1)
		bad = strings.Replace(bad, "\nformat: 1\n", "\nformat: one\n", 1)
		docs = append(docs, opened{src, open(out, text), open(out+".bad.yaml", bad)})
		for _, r := range ranges {
			if r.src == src {
				if !strings.Contains(text, r.old) {
					t.Fatalf("%s: no %q in %s", src, r.old, text)
				}
				r.path = out + ".range.yaml"
				changed := strings.Replace(text, r.old, r.new, 1)
				if err := os.WriteFile(r.path, []byte(changed), 0o644); err != nil {
					t.Fatal(err)
				}
				r.uri, r.text = open(r.path, changed), changed
			}
		}

		// The second line (kind: ...) taken out: completing on the empty
		// line offers keys of the document's schema, which only the schema
		// knows (kind, or keys the document leaves out).
		lines := strings.Split(text, "\n")
		lines[1] = ""
		uri := open(out+".edit.yaml", strings.Join(lines, "\n"))
		raw := c.call("textDocument/completion", map[string]any{
			"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 1, "character": 0}})
		var list struct {
			Items []struct{ Label string } `json:"items"`
		}
		json.Unmarshal(raw, &list)
		keys := topKeys(t, filepath.Base(first))
		n := 0
		for _, it := range list.Items {
			if keys[it.Label] {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: completion on an empty top-level line offers no key of the schema: %s", src, raw)
		}
	}
	// The samples where they are in a checkout of the repository: their
	// modelines name the repository's schemas folder.
	var inRepo []string
	for _, name := range samples.YAML() {
		path := filepath.Join("..", "..", "samples", filepath.FromSlash(name))
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inRepo = append(inRepo, open(path, string(text)))
	}
	got := map[string]publishDiagnostics{}
	for len(got) < 3*len(docs)+len(ranges)+len(inRepo) {
		select {
		case p := <-c.diags:
			got[p.URI] = p
		case <-time.After(lspWait):
			t.Fatalf("diagnostics for %d of %d documents in %v", len(got), 3*len(docs)+len(ranges)+len(inRepo), lspWait)
		}
	}
	for _, d := range docs {
		if p := got[d.good]; len(p.Diagnostics) != 0 {
			t.Errorf("%s: %d diagnostics, want none: %+v", d.src, len(p.Diagnostics), p.Diagnostics)
		}
		if p := got[d.bad]; len(p.Diagnostics) == 0 {
			t.Errorf("%s: no diagnostic for version: one", d.src)
		}
	}
	for _, uri := range inRepo {
		if p := got[uri]; len(p.Diagnostics) != 0 {
			t.Errorf("%s in the repository: %d diagnostics, want none (its schema loads): %+v", uri, len(p.Diagnostics), p.Diagnostics)
		}
	}
	// check reports the value with its field's rule and severity, and the
	// editor agrees: one error (LSP severity 1) on the value where check
	// calls it an error, nothing where check only warns.
	// yaml-language-server publishes every problem a schema finds as an
	// error (it turns its warnings into errors), so a schema cannot make
	// it show a warning: the range check warns of is told in the field's
	// description (hover), not enforced.
	for _, r := range ranges {
		if codes := checkCodes(r.path); !slices.Contains(codes, r.code+":"+r.severity) {
			t.Errorf("%s: check reports %v, want %s:%s", r.src, codes, r.code, r.severity)
		}
		p := got[r.uri]
		switch {
		case r.severity == "warning" && len(p.Diagnostics) != 0:
			t.Errorf("%s, %s: check only warns, but the editor shows %+v", r.src, r.new, p.Diagnostics)
		case r.severity == "error" && (len(p.Diagnostics) != 1 || p.Diagnostics[0].Severity != 1 || !strings.Contains(p.Diagnostics[0].Message, r.message)):
			t.Errorf("%s, %s: check calls it an error, the editor shows %+v, want one error saying %q", r.src, r.new, p.Diagnostics, r.message)
		case r.severity == "error":
			// On the value: its line and column (UTF-16 units, one a
			// character of these documents).
			at := strings.Index(r.text, r.new) + strings.Index(r.new, r.value)
			line := strings.Count(r.text[:at], "\n")
			col := utf8.RuneCountInString(r.text[strings.LastIndex(r.text[:at], "\n")+1 : at])
			if d := p.Diagnostics[0].Range.Start; d.Line != line || d.Character != col {
				t.Errorf("%s: the editor's error is at %d:%d, the value at %d:%d", r.src, d.Line, d.Character, line, col)
			}
			t.Logf("%s, %s: check %s:%s, the editor %q (severity %d)", r.src, r.new, r.code, r.severity, p.Diagnostics[0].Message, p.Diagnostics[0].Severity)
		}
	}
}

// topKeys returns the top-level properties of the named schema.
func topKeys(t *testing.T, name string) map[string]bool {
	t.Helper()
	raw, err := schemas.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for k := range s.Properties {
		keys[k] = true
	}
	return keys
}
