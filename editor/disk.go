package editor

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats"
)

// diskPoll is how often the studio looks whether open files changed on
// disk.
const diskPoll = 2 * time.Second

// fileStamp is what the studio knows of a file on disk: whether it
// exists, its size and its modification time.
type fileStamp struct {
	exists bool
	size   int64
	mod    time.Time
}

func stampOf(path string) fileStamp {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{exists: true, size: fi.Size(), mod: fi.ModTime()}
}

// rememberDisk records the file at the session's path as it is now: the file
// the document was read from or saved to.
func (s *Session) rememberDisk() {
	if s.Path == "" {
		s.disk = fileStamp{}
		return
	}
	s.disk = stampOf(s.Path)
}

// ChangedOnDisk reports whether the session's file was changed (or
// removed) by another program since the studio read or saved it.
func (s *Session) ChangedOnDisk() bool {
	if s.Path == "" || s.imported || !s.disk.exists {
		return false
	}
	now := stampOf(s.Path)
	return now.exists != s.disk.exists || now.size != s.disk.size || !now.mod.Equal(s.disk.mod)
}

// KeepMine forgets that the file changed on disk: the document stays as
// it is in the studio, and the next Save writes it over the file.
func (s *Session) KeepMine() {
	s.rememberDisk()
	s.disk.exists = true // a removed file is written again by Save
	s.saved = -1         // the file holds none of the studio's states
	s.setDirty(true)
}

// ReloadFromDisk replaces the document with what its file holds now, as
// one undoable edit: Undo brings back the document as it was before the
// reload (changes typed since the last save included).
func (s *Session) ReloadFromDisk() error {
	if s.Path == "" {
		return fmt.Errorf("the document has no file to reload")
	}
	fresh, err := formats.Read(s.Path, formats.Options{From: s.Format})
	if err != nil {
		return err
	}
	if fresh.Kind != s.doc.Kind {
		return fmt.Errorf("%s is now a %s document, not a %s: open it in a new tab", filepath.Base(s.Path), fresh.Kind, s.doc.Kind)
	}
	s.Edit("Reload "+filepath.Base(s.Path)+" from disk", func() {
		s.doc.Value = fresh.Value
	})
	s.doc.Rules, s.doc.RulesFile, s.doc.Source = fresh.Rules, fresh.RulesFile, fresh.Source
	s.saved, s.sourced, s.readProblems = s.hist.State(), s.hist.State(), nil
	s.rememberDisk()
	s.setDirty(false)
	s.Revalidate()
	return nil
}

// diskBanner is the strip at the top of a tab that says its file changed
// on disk and offers to reload it or to keep the studio's version.
type diskBanner struct {
	tab    *docTab
	label  *widget.Label
	object *fyne.Container
	shown  bool
}

func newDiskBanner(t *docTab) *diskBanner {
	b := &diskBanner{tab: t, label: widget.NewLabel("")}
	b.label.Wrapping = fyne.TextWrapWord
	reload := widget.NewButtonWithIcon("Reload", theme.ViewRefreshIcon(), func() { t.studio.ReloadFromDisk(t.session) })
	reload.Importance = widget.HighImportance
	keep := widget.NewButton("Keep mine", func() { t.studio.KeepMine(t.session) })
	b.object = container.NewBorder(nil, widget.NewSeparator(), widget.NewIcon(theme.WarningIcon()), container.NewHBox(keep, reload), b.label)
	b.object.Hide()
	return b
}

func (b *diskBanner) show() {
	s := b.tab.session
	what := "changed on disk"
	if !stampOf(s.Path).exists {
		what = "was removed from disk"
	}
	msg := fmt.Sprintf("%s %s. Reload it (Undo brings your version back) or keep yours (Save writes it over the file).", s.Name(), what)
	if s.Dirty() {
		msg = fmt.Sprintf("%s %s, and you have unsaved changes. Reload replaces them (Undo brings them back); Keep mine keeps them and Save writes them over the file.", s.Name(), what)
	}
	b.label.SetText(msg)
	b.shown = true
	b.object.Show()
}

func (b *diskBanner) hide() {
	b.shown = false
	b.object.Hide()
}

// CheckDisk looks whether the file of any open tab changed on disk, and
// says so in the tab (its title and a strip with Reload and Keep mine).
// The studio does it every two seconds.
func (st *Studio) CheckDisk() {
	for _, t := range st.docs {
		if t.disk.shown || !t.session.ChangedOnDisk() {
			continue
		}
		t.disk.show()
		t.retitle()
		st.Status(t.disk.label.Text)
	}
}

// ReloadFromDisk reloads s from its file (File ▸ Reload and the tab's
// Reload button); the reload is one step in the undo history.
func (st *Studio) ReloadFromDisk(s *Session) {
	st.CommitEditing()
	t := st.Tab(s)
	if err := s.ReloadFromDisk(); err != nil {
		st.report(err, "")
		return
	}
	if t != nil {
		t.disk.hide()
		t.retitle()
	}
	st.Status("Reloaded " + s.Name() + " from disk (Undo brings back the version before)")
}

// KeepMine dismisses the news that s's file changed on disk.
func (st *Studio) KeepMine(s *Session) {
	s.KeepMine()
	if t := st.Tab(s); t != nil {
		t.disk.hide()
		t.retitle()
	}
	st.Status("Kept your version of " + s.Name() + "; Save writes it over the file")
}

// DiskNotice returns the text of the tab's changed-on-disk strip ("" when
// it is hidden).
func (t *docTab) DiskNotice() string {
	if !t.disk.shown {
		return ""
	}
	return t.disk.label.Text
}

// watchDisk checks the open files every diskPoll until the app stops.
func (st *Studio) watchDisk() {
	go func() {
		tick := time.NewTicker(diskPoll)
		defer tick.Stop()
		for range tick.C {
			fyne.Do(st.CheckDisk)
		}
	}()
}
