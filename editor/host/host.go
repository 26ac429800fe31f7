// Package host is the studio's Play ▸ Host on the network: it runs
// `shapan serve` in the studio's process for the open document (as it is
// in the editor, unsaved edits included), makes one room of it and shows
// the seat links to hand out, until its window is closed.
package host

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/serve"
)

func init() { editor.RegisterHost(Ask) }

// Ask asks who plays each seat (a person, given a link, or the
// computer), the seed, and whether other machines may connect; then it
// hosts the game.
func Ask(st *editor.Studio, s *editor.Session) {
	doc, err := copyOf(s)
	if err != nil {
		dialog.ShowError(err, st.Window())
		return
	}
	names, err := seatNames(doc)
	if err != nil {
		dialog.ShowError(err, st.Window())
		return
	}
	var rows []fyne.CanvasObject
	choices := make([]*widget.RadioGroup, len(names))
	for i, n := range names {
		choices[i] = widget.NewRadioGroup([]string{"Person", "Computer"}, nil)
		choices[i].Horizontal = true
		choices[i].SetSelected("Person")
		rows = append(rows, widget.NewLabel(seatLabel(i, n)), choices[i])
	}
	seed := widget.NewEntry()
	seed.SetText(strconv.FormatInt(rand.Int63n(1_000_000), 10))
	public := widget.NewCheck("Reachable from other machines (all network interfaces)", nil)
	var d dialog.Dialog
	kept := keptList(st, func() { d.Hide() })
	form := container.NewVBox(kept, container.NewGridWithColumns(2, rows...), widget.NewForm(widget.NewFormItem("Seed", seed)), public)
	d = dialog.NewCustomConfirm("Host "+s.Name()+" on the network", "Host", "Cancel", form, func(ok bool) {
		if !ok {
			return
		}
		n, err := strconv.ParseInt(seed.Text, 10, 64)
		if err != nil {
			dialog.ShowError(errors.New("the seed must be a whole number"), st.Window())
			return
		}
		seats := make([]string, len(names))
		for i, c := range choices {
			seats[i] = "person"
			if c.Selected == "Computer" {
				seats[i] = "computer"
			}
		}
		if _, err := Open(st, s, Setup{Seats: seats, Seed: n, Public: public.Checked}); err != nil {
			dialog.ShowError(err, st.Window())
		}
	}, st.Window())
	d.Show()
}

// keptList offers the hosted games kept on disk (of a studio stopped or
// crashed while hosting them) to resume or forget; done closes the dialog
// it is in. It is empty when there are none.
func keptList(st *editor.Studio, done func()) *fyne.Container {
	box := container.NewVBox()
	kept, err := KeptGames()
	if err != nil {
		box.Add(widget.NewLabel("The kept hosted games cannot be listed: " + err.Error()))
		return box
	}
	if len(kept) == 0 {
		return box
	}
	box.Add(widget.NewLabel("Hosted games kept on disk — resume one, or host a new game below:"))
	for _, k := range kept {
		var row *fyne.Container
		resume := widget.NewButton("Resume", func() {
			done()
			if _, err := OpenKept(st, k); err != nil {
				dialog.ShowError(err, st.Window())
			}
		})
		forget := widget.NewButton("Forget", func() {
			if err := k.Forget(); err != nil {
				dialog.ShowError(err, st.Window())
				return
			}
			box.Remove(row)
		})
		row = container.NewBorder(nil, nil, nil, container.NewHBox(resume, forget),
			widget.NewLabel(fmt.Sprintf("%s, hosted %s", k.Name, k.Since.Local().Format("2006-01-02 15:04"))))
		box.Add(row)
	}
	return box
}

// Setup is how a game is hosted.
type Setup struct {
	// Seats says "person" or "computer" for every seat.
	Seats []string
	Seed  int64
	// Public listens on every network interface instead of loopback.
	Public bool
}

// Hosting is a server running in the studio with the room of one game,
// kept on disk in its own folder of DataDir, so that a studio that stops
// or crashes loses nothing: Resume serves it again.
type Hosting struct {
	// Base is the address the links start with (http://host:port).
	Base    string
	Created serve.Created
	Kept    Kept
	srv     *serve.Server
	http    *http.Server
}

// Start serves doc (named name) and makes its room, kept in a new
// folder of DataDir. It may be called from the studio's UI goroutine.
func Start(doc *formats.Document, name string, setup Setup) (*Hosting, error) {
	return offThisThread(func() (*Hosting, error) { return start(doc, name, setup) })
}

// offThisThread runs f on a goroutine of its own and waits for it. A
// room's game is a coroutine (engine.Machine) that the server's request
// goroutines resume, and the runtime stops the whole process ("coro: OS
// thread locking must match locking at coroutine creation") when a
// coroutine is switched to from a goroutine locked otherwise than the one
// that made it. The studio's UI goroutine is locked to the main OS
// thread, so hosting makes, restores and closes its rooms on unlocked
// goroutines, as the server's own are.
func offThisThread[T any](f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	r := <-done
	return r.v, r.err
}

func start(doc *formats.Document, name string, setup Setup) (*Hosting, error) {
	dir, err := newDir()
	if err != nil {
		return nil, err
	}
	claim(dir)
	fail := func(err error) (*Hosting, error) {
		release(dir)
		os.RemoveAll(dir)
		return nil, err
	}
	srv, err := serve.New(serve.Options{Documents: []*serve.Document{{Name: name, Doc: doc}}, Dir: dir, Addr: listenHost(setup.Public), Logf: func(string, ...any) {}})
	if err != nil {
		return fail(err)
	}
	c, err := srv.CreateRoom(serve.CreateRequest{Document: name, Seed: &setup.Seed, Seats: setup.Seats})
	if err != nil {
		srv.Close()
		return fail(err)
	}
	h, err := serveRoom(srv, c, Kept{Dir: dir, Name: name, Public: setup.Public, Since: time.Now().UTC()})
	if err != nil {
		return fail(err)
	}
	return h, nil
}

// Resume serves a kept hosted game again: its room continues from its
// last acknowledged answer, with the same links, on the same port when it
// is free (the links handed out then still work). It may be called from
// the studio's UI goroutine.
func Resume(k Kept) (*Hosting, error) {
	return offThisThread(func() (*Hosting, error) { return resume(k) })
}

func resume(k Kept) (*Hosting, error) {
	if err := claim(k.Dir); err != nil {
		return nil, err
	}
	srv, err := serve.New(serve.Options{Dir: k.Dir, Addr: listenHost(k.Public), Logf: func(string, ...any) {}})
	if err != nil {
		release(k.Dir)
		return nil, fmt.Errorf("resuming %s: %w", k.Name, err)
	}
	rooms := srv.Rooms()
	if d := srv.Damaged(); len(rooms) == 0 && len(d) > 0 {
		srv.Close()
		release(k.Dir)
		return nil, fmt.Errorf("resuming %s: its game cannot be read back (%s); it is kept, untouched, in %s", k.Name, d[0].Reason, d[0].File)
	}
	if len(rooms) != 1 {
		srv.Close()
		release(k.Dir)
		return nil, fmt.Errorf("resuming %s: %s holds %d rooms, not one", k.Name, k.Dir, len(rooms))
	}
	return serveRoom(srv, rooms[0], k)
}

// listenHost is the address a hosting listens on (its port chosen
// later): it tells the server which Host names to answer.
func listenHost(public bool) string {
	if public {
		return ":0"
	}
	return "127.0.0.1:0"
}

// serveRoom serves the room c of srv, on k's port when it is free, and
// records the port in k's folder. On failure srv is closed.
func serveRoom(srv *serve.Server, c serve.Created, k Kept) (*Hosting, error) {
	host, _, _ := net.SplitHostPort(listenHost(k.Public))
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(k.Port)))
	if err != nil && k.Port != 0 {
		ln, err = net.Listen("tcp", net.JoinHostPort(host, "0"))
	}
	if err != nil {
		srv.Close()
		release(k.Dir)
		return nil, fmt.Errorf("hosting %s: %w", k.Name, err)
	}
	k.Port = ln.Addr().(*net.TCPAddr).Port
	if err := k.save(); err != nil {
		ln.Close()
		srv.Close()
		release(k.Dir)
		return nil, err
	}
	h := &Hosting{Created: c, Kept: k, srv: srv, http: srv.HTTPServer()}
	h.Base = "http://" + net.JoinHostPort(linkHost(k.Public), strconv.Itoa(k.Port))
	go h.http.Serve(ln)
	return h, nil
}

// Link returns the full address of a link of Created.
func (h *Hosting) Link(path string) string { return h.Base + path }

// Close stops the server. It may be called from the studio's UI
// goroutine (the room's game is closed off it, see offThisThread).
func (h *Hosting) Close() error {
	_, err := offThisThread(func() (struct{}, error) { return struct{}{}, h.close() })
	return err
}

func (h *Hosting) close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	h.http.Shutdown(ctx)
	defer release(h.Kept.Dir)
	return errors.Join(h.http.Close(), h.srv.Close())
}

// linkHost is the host of the links: loopback, or this machine's first
// address that other machines can reach.
func linkHost(public bool) string {
	if !public {
		return "127.0.0.1"
	}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	return "127.0.0.1"
}

// Window is the window of a hosted game: its links, until it is closed.
type Window struct {
	Hosting *Hosting
	win     fyne.Window
}

// Open hosts a game of s's document and shows its links.
func Open(st *editor.Studio, s *editor.Session, setup Setup) (*Window, error) {
	doc, err := copyOf(s)
	if err != nil {
		return nil, err
	}
	h, err := Start(doc, filepath.Base(s.Name()), setup)
	if err != nil {
		return nil, err
	}
	return show(st, h), nil
}

// OpenKept serves a kept hosted game again and shows its links.
func OpenKept(st *editor.Studio, k Kept) (*Window, error) {
	h, err := Resume(k)
	if err != nil {
		return nil, err
	}
	return show(st, h), nil
}

// show shows the window of a hosting: its links, until it is closed.
func show(st *editor.Studio, h *Hosting) *Window {
	name := h.Kept.Name
	w := &Window{Hosting: h, win: st.App().NewWindow("Hosting " + name)}
	// Long lines end in an ellipsis and paths are shown in fields, so
	// that the window fits the screen whatever the folder's path.
	line := func(text string) *widget.Label {
		l := widget.NewLabel(text)
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}
	box := container.NewVBox(line("Serving at " + h.Base + "/ — give each person their secret link."))
	if h.Kept.Public {
		box.Add(line("Reachable from the network: anyone who can reach this machine may open the page."))
	}
	box.Add(line("The game is kept in this folder; after a stop or a crash, Play ▸ Host on the network resumes it:"))
	box.Add(readOnly(h.Kept.Dir))
	row := func(label, path string) {
		link := h.Link(path)
		entry := readOnly(link)
		copyBtn := widget.NewButton("Copy", func() { st.App().Clipboard().SetContent(link) })
		openBtn := widget.NewButton("Open", func() {
			if u, err := url.Parse(link); err == nil {
				st.App().OpenURL(u)
			}
		})
		box.Add(widget.NewLabel(label))
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(copyBtn, openBtn), entry))
	}
	for _, seat := range h.Created.Seats {
		if seat.Computer {
			box.Add(widget.NewLabel(seatLabel(seat.Seat, seat.Name) + ": the computer"))
			continue
		}
		row(seatLabel(seat.Seat, seat.Name), seat.Link)
	}
	row("Spectators", h.Created.Spectator)
	box.Add(widget.NewButton("Stop hosting", func() { w.win.Close() }))
	w.win.SetContent(container.NewPadded(box))
	w.win.Resize(fyne.NewSize(820, 0))
	w.win.SetOnClosed(func() {
		if err := h.Close(); err != nil {
			st.Status("stopped hosting " + name + ": " + err.Error())
			return
		}
		st.Status("stopped hosting " + name + "; it is kept on disk (Play ▸ Host on the network resumes it)")
	})
	w.win.Show()
	st.Status("hosting " + name + " at " + h.Base)
	return w
}

// seatLabel names seat i as the studio does everywhere (Player 1, 2, …),
// with the game's own name of the seat when it is more than a number
// again (魏, not "player 0").
func seatLabel(i int, name string) string {
	if name == "" || strings.EqualFold(name, fmt.Sprintf("player %d", i)) {
		return fmt.Sprintf("Player %d", i+1)
	}
	return fmt.Sprintf("Player %d · %s", i+1, name)
}

// readOnly is a field showing text that can be selected but not changed.
func readOnly(text string) *widget.Entry {
	e := widget.NewEntry()
	e.SetText(text)
	e.OnChanged = func(string) { e.SetText(text) }
	return e
}

// Close stops hosting.
func (w *Window) Close() { w.win.Close() }

// Content returns the window's content (tests read the links from it).
func (w *Window) Content() fyne.CanvasObject { return w.win.Content() }

// seatNames names a document's seats.
func seatNames(doc *formats.Document) ([]string, error) {
	// Threaded: this runs on the UI goroutine (see offThisThread).
	g, err := family.StartGame(doc, family.GameOptions{Seed: 1, Machine: engine.Options{DropEvents: true, Threaded: true}})
	if err != nil {
		return nil, err
	}
	defer g.Close()
	return g.Seats, nil
}

// copyOf copies a session's document as it is in the editor now, through
// YAML, so that the hosted game never sees later edits. The copy is read
// confined: it takes the rules the editor holds, never a file of the
// machine (what is hosted is what the editor shows).
func copyOf(s *editor.Session) (*formats.Document, error) {
	doc := *s.Document()
	data, err := formats.Encode(&doc, formats.YAML)
	if err != nil {
		return nil, fmt.Errorf("copying %s to host it: %w", s.Name(), err)
	}
	fresh, err := formats.ReadConfined(hostedName(s.Name()), data, nil, formats.Options{From: formats.YAML, Rules: doc.Rules})
	if err != nil {
		return nil, fmt.Errorf("copying %s to host it: %w", s.Name(), err)
	}
	fresh.Path, fresh.Rules, fresh.RulesFile = doc.Path, doc.Rules, doc.RulesFile
	return fresh, nil
}

// hostedName is the plain name a document is hosted under.
func hostedName(name string) string {
	if n := filepath.Base(name); formats.PlainName(n) == nil {
		return n
	}
	return "hosted.yaml"
}
