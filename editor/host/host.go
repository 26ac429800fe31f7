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
	"path/filepath"
	"strconv"
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
		rows = append(rows, widget.NewLabel(n), choices[i])
	}
	seed := widget.NewEntry()
	seed.SetText(strconv.FormatInt(rand.Int63n(1_000_000), 10))
	public := widget.NewCheck("Reachable from other machines (all network interfaces)", nil)
	form := container.NewVBox(container.NewGridWithColumns(2, rows...), widget.NewForm(widget.NewFormItem("Seed", seed)), public)
	dialog.ShowCustomConfirm("Host "+s.Name()+" on the network", "Host", "Cancel", form, func(ok bool) {
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
}

// Setup is how a game is hosted.
type Setup struct {
	// Seats says "person" or "computer" for every seat.
	Seats []string
	Seed  int64
	// Public listens on every network interface instead of loopback.
	Public bool
}

// Hosting is a server running in the studio with the room of one game.
type Hosting struct {
	// Base is the address the links start with (http://host:port).
	Base    string
	Created serve.Created
	srv     *serve.Server
	http    *http.Server
}

// Start serves doc (named name) and makes its room.
func Start(doc *formats.Document, name string, setup Setup) (*Hosting, error) {
	addr := "127.0.0.1:0"
	if setup.Public {
		addr = ":0"
	}
	srv, err := serve.New(serve.Options{Documents: []*serve.Document{{Name: name, Doc: doc}}, Logf: func(string, ...any) {}})
	if err != nil {
		return nil, err
	}
	c, err := srv.CreateRoom(serve.CreateRequest{Document: name, Seed: &setup.Seed, Seats: setup.Seats})
	if err != nil {
		srv.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		srv.Close()
		return nil, fmt.Errorf("hosting %s: %w", name, err)
	}
	h := &Hosting{Created: c, srv: srv, http: srv.HTTPServer()}
	port := ln.Addr().(*net.TCPAddr).Port
	h.Base = "http://" + net.JoinHostPort(linkHost(setup.Public), strconv.Itoa(port))
	go h.http.Serve(ln)
	return h, nil
}

// Link returns the full address of a link of Created.
func (h *Hosting) Link(path string) string { return h.Base + path }

// Close stops the server.
func (h *Hosting) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	h.http.Shutdown(ctx)
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
	w := &Window{Hosting: h, win: st.App().NewWindow("Hosting " + s.Name())}
	box := container.NewVBox(widget.NewLabel("Serving at " + h.Base + "/ — give each person their secret link."))
	if setup.Public {
		box.Add(widget.NewLabel("Reachable from the network: anyone who can reach this machine may open the page."))
	}
	row := func(label, path string) {
		link := h.Link(path)
		entry := widget.NewEntry()
		entry.SetText(link)
		entry.OnChanged = func(string) { entry.SetText(link) } // read-only, yet selectable
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
			box.Add(widget.NewLabel(fmt.Sprintf("Seat %d, %s: the computer", seat.Seat, seat.Name)))
			continue
		}
		row(fmt.Sprintf("Seat %d, %s", seat.Seat, seat.Name), seat.Link)
	}
	row("Spectators", h.Created.Spectator)
	box.Add(widget.NewButton("Stop hosting", func() { w.win.Close() }))
	w.win.SetContent(container.NewPadded(box))
	w.win.Resize(fyne.NewSize(640, 0))
	w.win.SetOnClosed(func() { h.Close() })
	w.win.Show()
	st.Status("hosting " + s.Name() + " at " + h.Base)
	return w, nil
}

// Close stops hosting.
func (w *Window) Close() { w.win.Close() }

// Content returns the window's content (tests read the links from it).
func (w *Window) Content() fyne.CanvasObject { return w.win.Content() }

// seatNames names a document's seats.
func seatNames(doc *formats.Document) ([]string, error) {
	g, err := family.StartGame(doc, family.GameOptions{Seed: 1, Machine: engine.Options{DropEvents: true}})
	if err != nil {
		return nil, err
	}
	defer g.Close()
	return g.Seats, nil
}

// copyOf copies a session's document as it is in the editor now, through
// YAML, so that the hosted game never sees later edits.
func copyOf(s *editor.Session) (*formats.Document, error) {
	doc := *s.Document()
	data, err := formats.Encode(&doc, formats.YAML)
	if err != nil {
		return nil, fmt.Errorf("copying %s to host it: %w", s.Name(), err)
	}
	fresh, err := formats.ReadBytes(doc.Path, data, formats.Options{From: formats.YAML, RulesPath: doc.RulesFile, Rules: doc.Rules})
	if err != nil {
		return nil, fmt.Errorf("copying %s to host it: %w", s.Name(), err)
	}
	fresh.Path, fresh.Rules, fresh.RulesFile = doc.Path, doc.Rules, doc.RulesFile
	return fresh, nil
}
