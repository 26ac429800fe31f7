package editor

import (
	"image"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/editor/history"
	"github.com/shapan/shapan/editor/problems"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/preview"
)

// docTab is one open document in the studio: the family's panes, a
// preview, and the problems panel under them.
type docTab struct {
	studio   *Studio
	session  *Session
	view     View
	item     *container.TabItem
	panes    *container.AppTabs
	problems *problems.Panel
	// refused are the values not applied the panel lists, in its order.
	refused []forms.Refusal
	preview *previewPane
	disk    *diskBanner
	// body holds the panes with the Problems panel under them: its
	// summary line alone when there is no problem, a split otherwise.
	body      *fyne.Container
	split     *container.Split
	collapsed bool
	arranged  bool
}

// arrange shows the Problems panel as one line under the panes when it
// lists nothing, and in a split under them otherwise (the split keeps
// where the designer dragged it).
func (t *docTab) arrange() {
	empty := t.problems.Empty()
	if t.arranged && empty == t.collapsed {
		return
	}
	t.arranged, t.collapsed = true, empty
	if empty {
		t.body.Objects = []fyne.CanvasObject{container.NewBorder(nil, t.problems.Header(), nil, nil, t.panes)}
	} else {
		t.split.Leading = t.panes
		t.split.Trailing = container.NewBorder(t.problems.Header(), nil, nil, nil, t.problems.Center())
		t.body.Objects = []fyne.CanvasObject{t.split}
		t.split.Refresh()
	}
	t.body.Refresh()
}

// updateProblems shows the session's values not applied and problems in
// the Problems panel.
func (t *docTab) updateProblems() {
	t.refused = t.session.Refusals()
	msgs := make([]string, len(t.refused))
	for i, r := range t.refused {
		msgs[i] = r.Message()
	}
	t.problems.Update(msgs, t.session.Problems())
}

func newDocTab(st *Studio, s *Session) *docTab {
	t := &docTab{studio: st, session: s}
	if f, ok := views[s.Kind()]; ok {
		t.view = f(s, st)
	} else {
		t.view = newGenericView(s)
	}
	var panes []*container.TabItem
	for _, p := range t.view.Panes() {
		// In a scroll, every field and button of a pane stays
		// reachable however small the window (a pane larger than it
		// scrolls; one smaller fills it).
		p.Content = container.NewScroll(p.Content)
		panes = append(panes, p)
	}
	t.preview = newPreviewPane(s, st.runAsync, st.post, st.later)
	panes = append(panes, container.NewTabItem("Preview", container.NewScroll(t.preview.object)))
	// All the panes at once: each Append would draw every tab again
	// (Fyne's AppTabs.SetItems refreshes the whole bar, icons and all).
	t.panes = container.NewAppTabs(panes...)
	t.problems = problems.New(t.show, func(i int) { t.showRefusal(t.refused[i]) })
	t.split = container.NewVSplit(t.panes, widget.NewLabel(""))
	t.body = container.New(t.problems.Layout())
	t.arrange()
	t.disk = newDiskBanner(t)
	t.item = container.NewTabItem(t.title(), container.NewBorder(t.disk.object, nil, nil, nil, t.body))
	s.Listen(func(c Change) {
		switch c {
		case ModelChanged:
			if t.view != nil {
				t.view.Refresh()
			}
			t.preview.invalidate()
			st.editedStatus(s)
		case ProblemsChanged:
			t.updateProblems()
			t.arrange()
		case DirtyChanged:
			t.retitle()
		case PathChanged:
			st.retitleAll()
		}
		st.updateActions()
	})
	return t
}

// title is the tab title: the name with a dot for unsaved changes and a
// warning sign when the file changed on disk.
func (t *docTab) title() string {
	title := t.studio.tabName(t.session)
	if t.session.Dirty() {
		title = "● " + title
	}
	if t.disk != nil && t.disk.shown {
		title = "⚠ " + title
	}
	return title
}

// retitle shows the tab's title anew.
func (t *docTab) retitle() {
	if title := t.title(); title != t.item.Text {
		t.item.Text = title
		t.studio.tabs.Refresh() // redraws every tab's content
	}
}

// show selects the item a diagnostic is about.
func (t *docTab) show(d diag.Diagnostic) {
	if t.view == nil || d.Path == "" {
		t.studio.Status(d.String())
		return
	}
	if pane := t.view.Select(d.Path); pane != nil {
		t.panes.Select(pane)
		t.studio.Status(d.Message)
		return
	}
	t.studio.Status("cannot show " + d.Path + ": " + d.Message)
}

// showRefusal shows the field whose typed value was refused: its item is
// selected, its pane shown and the field focused.
func (t *docTab) showRefusal(r forms.Refusal) {
	if t.view != nil && r.Path != "" {
		if pane := t.view.Select(r.Path); pane != nil {
			t.panes.Select(pane)
		}
	}
	if w, ok := r.Field.(fyne.CanvasObject); ok {
		for _, pane := range t.panes.Items {
			if contains(pane.Content, w) {
				t.panes.Select(pane)
				break
			}
		}
		if r.Field != nil {
			t.studio.win.Canvas().Focus(r.Field)
		}
	}
	t.studio.Status(r.Message())
}

// contains reports whether o is inside tree.
func contains(tree, o fyne.CanvasObject) bool {
	if tree == o {
		return true
	}
	switch c := tree.(type) {
	case *fyne.Container:
		for _, child := range c.Objects {
			if contains(child, o) {
				return true
			}
		}
	case *container.Scroll:
		return contains(c.Content, o)
	case *container.Split:
		return contains(c.Leading, o) || contains(c.Trailing, o)
	case *container.AppTabs:
		for _, item := range c.Items {
			if contains(item.Content, o) {
				return true
			}
		}
	case *widget.Form:
		for _, item := range c.Items {
			if contains(item.Widget, o) {
				return true
			}
		}
	case *widget.Card:
		return contains(c.Content, o)
	}
	return false
}

// previewPane shows preview.Render of the document, redrawn off the UI
// thread a moment after the last change.
type previewPane struct {
	session  *Session
	img      *canvas.Image
	object   fyne.CanvasObject
	runAsync func(func())
	post     func(func())
	later    func(time.Duration, func()) func()
	cancel   func()
	// pending is set while a rendering runs; again when the document
	// changed meanwhile, so that it is rendered once more afterwards.
	pending, again bool
	// rendered counts the renderings shown (tests wait for them).
	rendered int
}

func newPreviewPane(s *Session, runAsync, post func(func()), later func(time.Duration, func()) func()) *previewPane {
	p := &previewPane{session: s, runAsync: runAsync, post: post, later: later}
	p.img = canvas.NewImageFromImage(image.NewRGBA(image.Rect(0, 0, 1, 1)))
	p.img.FillMode = canvas.ImageFillContain
	p.img.ScaleMode = canvas.ImageScaleSmooth
	p.object = p.img
	p.render()
	return p
}

// invalidate schedules a new rendering.
func (p *previewPane) invalidate() {
	if p.cancel != nil {
		p.cancel()
	}
	p.cancel = p.later(300*time.Millisecond, p.render)
}

// Image returns the image shown.
func (p *previewPane) Image() image.Image { return p.img.Image }

// render draws the document as it is now off the UI thread; asked while
// a rendering runs, it renders again when that one is done, so that the
// preview always ends showing the latest document.
func (p *previewPane) render() {
	if p.pending {
		p.again = true
		return
	}
	p.pending = true
	doc := *p.session.Document()
	doc.Value = history.CloneFull(doc.Value)
	p.runAsync(func() {
		img, err := preview.Render(&doc, preview.Options{})
		p.post(func() {
			p.pending = false
			if err == nil {
				p.img.Image = img
				p.img.SetMinSize(fyne.NewSize(float32(min(img.Bounds().Dx(), 480)), float32(min(img.Bounds().Dy(), 360))))
				p.img.Refresh()
				p.rendered++
			}
			if p.again {
				p.again = false
				p.render()
			}
		})
	})
}

// PreviewImage returns the image the Preview pane shows.
func (t *docTab) PreviewImage() image.Image { return t.preview.Image() }

// ProblemRows returns the rows of the Problems panel as text: the typed
// values not applied first ("not applied: ..."), then the diagnostics as
// `shapan check` prints them.
func (t *docTab) ProblemRows() []string { return t.problems.Rows() }

// ChooseProblem does what choosing row i of the Problems panel does.
func (t *docTab) ChooseProblem(i int) { t.problems.Choose(i) }

// SelectPane shows one of the tab's panes.
func (t *docTab) SelectPane(p *container.TabItem) { t.panes.Select(p) }

// SelectedPane returns the pane shown.
func (t *docTab) SelectedPane() *container.TabItem { return t.panes.Selected() }

// Show selects the item a diagnostic is about (what choosing it in the
// Problems panel does).
func (t *docTab) Show(d diag.Diagnostic) { t.show(d) }

// Title returns the tab's title as shown.
func (t *docTab) Title() string { return t.item.Text }

// ProblemsListSize returns the size the Problems panel's list has.
func (t *docTab) ProblemsListSize() fyne.Size { return t.problems.List().Size() }

// Panes returns the tab's panes.
func (t *docTab) Panes() []*container.TabItem { return t.panes.Items }

// MapView returns the map the pane shown holds (nil when it shows none).
func (t *docTab) MapView() *grid.GridView {
	var g *grid.GridView
	if p := t.panes.Selected(); p != nil {
		walk(p.Content, func(o fyne.CanvasObject) {
			if v, ok := o.(*grid.GridView); ok && g == nil {
				g = v
			}
		})
	}
	return g
}

// ProblemsHeight returns the height the Problems panel has: its summary
// line alone when there is no problem.
func (t *docTab) ProblemsHeight() float32 {
	if t.collapsed {
		return t.problems.Header().Size().Height
	}
	return t.split.Trailing.Size().Height
}
