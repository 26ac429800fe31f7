// Command studio is Shapan's scenario studio: a window with every open
// document in a tab, family editors, live problems, previews and test play.
//
//	studio [--sample] [FILE...]
//	studio --version
//
// --sample opens the scenarios that ship with Shapan (embedded in the
// program); FILEs may be YAML documents or the games' own files. --play
// opens a test game of the first document, the computer on every seat;
// --balance opens the balance window of the first document that can be
// simulated and starts a simulation with its default settings.
package main

// The window's icon, Icon.png, bundled as a Fyne resource.
//go:generate go run fyne.io/tools/cmd/fyne@v1.7.4 bundle -o icon_bundle.go --package main --name iconPNG Icon.png

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/autosave"
	"github.com/shapan/shapan/editor/balance"
	_ "github.com/shapan/shapan/editor/families" // every family's editors and play windows
	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/formats"
	_ "github.com/shapan/shapan/internal/uilocale" // before Fyne reads the locale
	"github.com/shapan/shapan/internal/version"
	"github.com/shapan/shapan/samples"
)

func main() {
	sample := flag.Bool("sample", false, "open the sample scenarios that ship with Shapan")
	quitAfter := flag.Duration("quit-after", 0, "quit this long after the window is shown (for smoke tests); exit status 1 if a file failed to open")
	pane := flag.String("pane", "", "show this pane of every opened document (a title prefix such as Officers or Preview)")
	size := flag.String("size", "", "window size WIDTHxHEIGHT")
	playFirst := flag.Bool("play", false, "open the play window of the first document, the computer on every seat (seed 1)")
	balanceFirst := flag.Bool("balance", false, "open the balance window of the first document that can be simulated and start a simulation")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: studio [--sample] [FILE...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *showVersion {
		fmt.Println(version.String("shapan-studio"))
		return
	}

	var problems []string
	a := exitingApp{App: app.NewWithID("io.github.shapan.studio"), status: func() int {
		if len(problems) > 0 {
			return 1
		}
		return 0
	}}
	a.SetIcon(iconPNG)
	dir := autosaveDir()
	st := editor.New(a, editor.Options{AutosaveDir: dir})
	if *sample {
		problems = append(problems, openSamples(st)...)
	}
	for _, path := range flag.Args() {
		if _, err := st.Open(path); err != nil {
			problems = append(problems, err.Error())
		}
	}
	w := st.Window()
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(os.Stderr, p)
		}
		dialog.ShowError(fmt.Errorf("%s", strings.Join(problems, "\n")), w)
	}
	if *pane != "" {
		for _, s := range st.Sessions() {
			st.ShowPane(s, *pane)
		}
	}
	if *size != "" {
		var w, h float32
		if _, err := fmt.Sscanf(*size, "%fx%f", &w, &h); err == nil {
			st.Window().Resize(fyne.NewSize(w, h))
		}
	}
	offerRecovery(st, dir)
	a.Lifecycle().SetOnStarted(func() {
		if *playFirst {
			// Once the studio's window is up, so that the play window
			// opens over it.
			playFirstDocument(st)
		}
		if *balanceFirst {
			balanceFirstDocument(st)
		}
		if *quitAfter > 0 {
			go func() {
				time.Sleep(*quitAfter)
				fyne.Do(func() {
					fmt.Printf("studio: %d document(s) open, quitting\n", len(st.Sessions()))
					a.Quit()
				})
			}()
		}
	})
	w.ShowAndRun()
	if len(problems) > 0 {
		os.Exit(1)
	}
}

// playFirstDocument opens the play window of the first open document with
// the computer on every seat and seed 1 (--play).
func playFirstDocument(st *editor.Studio) {
	ss := st.Sessions()
	if len(ss) == 0 {
		return
	}
	if _, err := play.OpenComputerGame(st, ss[0], 1); err != nil {
		fmt.Fprintln(os.Stderr, err)
		dialog.ShowError(err, st.Window())
	}
}

// balanceFirstDocument opens the balance window of the first open
// document that can be simulated and starts a simulation with the
// window's default settings (--balance).
func balanceFirstDocument(st *editor.Studio) {
	for _, s := range st.Sessions() {
		if editor.CanBalance(s.Kind()) {
			balance.Open(st, s).Run()
			return
		}
	}
	err := fmt.Errorf("--balance: none of the open documents can be simulated")
	fmt.Fprintln(os.Stderr, err)
	dialog.ShowError(err, st.Window())
}

// openSamples opens every embedded sample (--sample) and returns what
// failed. Each tab has its own name: a sample whose file name another
// family's sample also has is named with its family ("mbg-赤壁.yaml").
func openSamples(st *editor.Studio) []string {
	names := samples.YAML()
	count := map[string]int{}
	for _, name := range names {
		count[filepath.Base(name)]++
	}
	var problems []string
	for _, name := range names {
		title := filepath.Base(name)
		if count[title] > 1 {
			title = strings.ReplaceAll(filepath.ToSlash(filepath.Dir(name)), "/", "-") + "-" + title
		}
		if err := openSample(st, name, title); err != nil {
			problems = append(problems, err.Error())
		}
	}
	return problems
}

// openSample opens an embedded sample as a new, unsaved document named
// title.
func openSample(st *editor.Studio, name, title string) error {
	src, err := fs.ReadFile(samples.FS(), name)
	if err != nil {
		return err
	}
	doc, err := formats.ReadBytes(name, src, formats.Options{From: formats.YAML, FS: samples.FS()})
	if err != nil {
		return err
	}
	doc.Path = ""
	s := editor.NewSession(doc)
	s.Path, s.Format = "", formats.YAML
	s.Title = title
	st.Add(s)
	return nil
}

func autosaveDir() string {
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(base, "shapan", "autosave")
}

// offerRecovery asks whether to reopen documents a previous run left
// unsaved (after a crash).
func offerRecovery(st *editor.Studio, dir string) {
	found := autosave.Recoverable(dir)
	if len(found) == 0 {
		return
	}
	var lines []string
	for _, r := range found {
		lines = append(lines, "• "+r.Describe())
	}
	msg := widget.NewLabel("Shapan did not close normally last time. These documents had unsaved changes:\n" + strings.Join(lines, "\n"))
	msg.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Recover unsaved changes?", "Recover", "Discard", container.NewVScroll(msg), func(recover bool) {
		for _, r := range found {
			if recover {
				if _, err := st.Restore(r); err != nil {
					dialog.ShowError(err, st.Window())
				}
			} else {
				autosave.Discard(r)
			}
		}
	}, st.Window())
	d.Resize(fyne.NewSize(640, 320))
	d.Show()
}
