package balance

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	bal "github.com/shapan/shapan/balance"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/textwidth"
)

// The knob set of Suggest: a Knobs field that takes the patterns of
// `shapan balance --knobs` (empty: the family's default set, "all":
// every knob) and a Tolerance field (± points); the knobs the pattern
// selects are listed at the top of the Suggestions tab, with their
// values, ranges and the sides they favour, as the pattern is typed —
// or why the pattern selects nothing.

// DefaultTolerance is the tolerance a new window offers, in points.
const DefaultTolerance = 3

// knobsView is the Knobs and Tolerance fields and the list of the knobs
// selected.
type knobsView struct {
	pattern, tolerance *widget.Entry
	summary            *widget.Label    // how many knobs, or the error, beside the fields
	list               *widget.TextGrid // one knob a line
	title              *widget.Label
	panel              fyne.CanvasObject // the title and the list, for the Suggestions tab
	// current copies the document as it is in the editor now.
	current func() (*formats.Document, error)
	knobs   []bal.KnobInfo // the knobs listed
	err     error          // why the pattern selects nothing (nil when it selects some)
	why     string         // err as the window says it
	// typed, when set, learns that the user changed the pattern.
	typed func()
	// later runs a function on the UI thread after a while; pending
	// cancels the update scheduled (nil when none is).
	later   func(time.Duration, func()) func()
	pending func()
}

// updateDelay is how long the list waits for more keys or edits before
// it lists the knobs again: listing copies the document (tens of
// milliseconds for the original game's sanguo.map), once per pause
// rather than once per key.
const updateDelay = 200 * time.Millisecond

func newKnobsView(current func() (*formats.Document, error), later func(time.Duration, func()) func()) *knobsView {
	v := &knobsView{current: current, later: later}
	v.pattern = widget.NewEntry()
	v.pattern.SetPlaceHolder(knobHint(current))
	v.tolerance = widget.NewEntry()
	v.tolerance.SetText(strconv.Itoa(DefaultTolerance))
	v.summary = widget.NewLabel("")
	v.summary.Truncation = fyne.TextTruncateEllipsis
	v.title = widget.NewLabelWithStyle("Knobs", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.list = newReportGrid("")
	v.panel = container.NewBorder(v.title, nil, nil, nil, v.list)
	v.pattern.OnChanged = func(string) {
		v.schedule()
		if v.typed != nil {
			v.typed()
		}
	}
	return v
}

// knobHint is the pattern field's placeholder: examples made of the
// document's own knobs ("money/*, scope/许昌" for an mbg scenario, "hp/*,
// speed/赵云" for an ftbt level), not another family's.
func knobHint(current func() (*formats.Document, error)) string {
	const lead = "default set — or "
	doc, err := current()
	if err != nil {
		return lead + "all"
	}
	all, err := bal.DescribeKnobs(doc, "all")
	if err != nil {
		return lead + "all"
	}
	var examples []string
	seen := map[string]bool{}
	for _, k := range all {
		what, _, _ := strings.Cut(k.ID, "/")
		if seen[what] {
			continue
		}
		seen[what] = true
		if len(examples) == 0 {
			examples = append(examples, what+"/*")
		} else {
			examples = append(examples, k.ID)
		}
		if len(examples) == 2 {
			break
		}
	}
	return lead + strings.Join(append(examples, "all"), ", ")
}

// fields lays the two fields out in a row, each after its label, with
// the summary after them.
func (v *knobsView) fields() fyne.CanvasObject {
	pattern := container.NewGridWrap(fyne.NewSize(340, v.pattern.MinSize().Height), v.pattern)
	tol := container.NewGridWrap(fyne.NewSize(64, v.tolerance.MinSize().Height), v.tolerance)
	return container.NewBorder(nil, nil, container.NewHBox(widget.NewLabel("Knobs"), pattern,
		widget.NewLabel("Tolerance ±"), tol, widget.NewLabel("points")), nil, v.summary)
}

// schedule lists the knobs again after updateDelay, unless another
// change comes first.
func (v *knobsView) schedule() {
	if v.pending != nil {
		v.pending()
	}
	v.pending = v.later(updateDelay, func() {
		v.pending = nil
		v.update()
	})
}

// update lists the knobs the pattern selects in the document as it is
// now, or says why it selects none.
func (v *knobsView) update() {
	if v.pending != nil {
		v.pending()
		v.pending = nil
	}
	v.knobs, v.err, v.why = nil, nil, ""
	doc, err := v.current()
	if err == nil {
		v.knobs, err = bal.DescribeKnobs(doc, v.spec())
	}
	if err != nil {
		v.err, v.why = err, strings.TrimPrefix(err.Error(), "--knobs: ") // the field is --knobs
		v.summary.Importance = widget.DangerImportance
		v.summary.SetText(v.why)
		v.title.SetText("Knobs: none selected")
		setReportText(v.list, strings.ReplaceAll(v.why, "; ", ";\n"))
		return
	}
	which := "the default set"
	switch v.spec() {
	case "":
	case "all":
		which = "every knob"
	default:
		which = "selected by " + v.spec()
	}
	v.summary.Importance = widget.MediumImportance
	v.summary.SetText(fmt.Sprintf("%s (%s)", plural(len(v.knobs), "knob"), which))
	v.title.SetText(fmt.Sprintf("Knobs Suggest turns (%d, %s)", len(v.knobs), which))
	setReportText(v.list, knobLines(v.knobs))
}

// plural says n things: "1 knob", "12 knobs".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// spec is the pattern as --knobs takes it.
func (v *knobsView) spec() string { return strings.TrimSpace(v.pattern.Text) }

// showMeasured lists the knobs a search turned with what it measured of
// each: which way, and how far, its probe moved every side.
func (v *knobsView) showMeasured(r *bal.Result) {
	var sides []string
	for _, s := range r.Baseline.Measure.Sides {
		sides = append(sides, s.Name)
	}
	v.title.SetText(fmt.Sprintf("Knobs Suggest turned (%d), with their measured effects", len(r.Knobs)))
	setReportText(v.list, knobLines(r.Knobs, sides...))
}

// knobLines lists knobs as a table: the knob, what it changes and its
// value, its range and grid, the side it belongs to, and what its probe
// measured when there are sides to name.
func knobLines(knobs []bal.KnobInfo, sides ...string) string {
	width := 0
	for _, k := range knobs {
		width = max(width, textwidth.Width(k.ID))
	}
	var b strings.Builder
	for _, k := range knobs {
		b.WriteString(textwidth.PadRight(k.ID, width+2) + k.Describe())
		if k.Side != "" {
			b.WriteString(", of " + k.Side)
		}
		b.WriteString("\n")
		if line := k.EffectLine(sides); line != "" && sides != nil {
			b.WriteString(strings.Repeat(" ", width+2) + line + "\n")
		}
	}
	return b.String()
}

// tolerancePoints reads the Tolerance field: points from 0.1 to 50.
func (v *knobsView) tolerancePoints() (float64, error) {
	t, err := strconv.ParseFloat(strings.TrimSpace(v.tolerance.Text), 64)
	if err != nil || t < 0.1 || t > 50 {
		return 0, fmt.Errorf("the tolerance must be a number of points from 0.1 to 50")
	}
	return t, nil
}

// enable makes the fields editable or not (while games are played).
func (v *knobsView) enable(on bool) {
	for _, e := range []*widget.Entry{v.pattern, v.tolerance} {
		if on {
			e.Enable()
		} else {
			e.Disable()
		}
	}
}
