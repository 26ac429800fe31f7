package balance

import (
	"bytes"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/preview/charts"
)

// Report returns the report shown (nil before the first one).
func (w *Window) Report() *sim.Report { return w.shown.report }

// ReportText returns the report shown as text.
func (w *Window) ReportText() string { return w.shown.text }

// CopyReport puts the report shown, as text, on the clipboard.
func (w *Window) CopyReport() {
	if w.shown.report == nil {
		return
	}
	w.st.App().Clipboard().SetContent(w.shown.text)
	w.setStatus("Copied the report to the clipboard", widget.MediumImportance)
}

// SaveJSONDialog asks for a file name and saves the report shown there as
// JSON.
func (w *Window) SaveJSONDialog() {
	w.saveDialog("-balance.json", ".json", writeReportJSON)
}

// SavePNGDialog asks for a file name and saves the charts of the report
// shown there as one PNG image (as `shapan sim --chart` draws them).
func (w *Window) SavePNGDialog() {
	w.saveDialog("-balance.png", ".png", writeChartsPNG)
}

// saveDialog asks for a file name ending in ext, suggesting the
// document's name with suffix, and writes the report shown there with
// write, off the UI thread.
func (w *Window) saveDialog(suffix, ext string, write func(r *sim.Report, path string) error) {
	r := w.shown.report
	if r == nil {
		return
	}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil || wc == nil {
			return
		}
		path := wc.URI().Path()
		wc.Close()
		w.st.Async(func() {
			err := write(r, path)
			w.st.Post(func() { w.saved(path, err) })
		})
	}, w.win)
	name := strings.TrimSuffix(w.session.Name(), filepath.Ext(w.session.Name()))
	d.SetFileName(name + suffix)
	d.SetFilter(storage.NewExtensionFileFilter([]string{ext}))
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// saved reports how saving went.
func (w *Window) saved(path string, err error) {
	if w.closed {
		return
	}
	if err != nil {
		dialog.ShowError(err, w.win)
		w.setStatus(err.Error(), widget.DangerImportance)
		return
	}
	w.setStatus("Saved "+path, widget.MediumImportance)
}

// writeReportJSON writes a report as JSON (sim.Report.JSON) to path.
func writeReportJSON(r *sim.Report, path string) error {
	data, err := r.JSON()
	if err != nil {
		return fmt.Errorf("saving the report: %w", err)
	}
	if err := formats.WriteFileAtomic(path, data); err != nil {
		return fmt.Errorf("saving the report: %w", err)
	}
	return nil
}

// writeChartsPNG draws the charts of a report in one image (charts.Summary)
// and writes it to path as PNG.
func writeChartsPNG(r *sim.Report, path string) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, charts.Summary(r, charts.Options{English: true})); err != nil {
		return fmt.Errorf("saving the charts: %w", err)
	}
	if err := formats.WriteFileAtomic(path, buf.Bytes()); err != nil {
		return fmt.Errorf("saving the charts: %w", err)
	}
	return nil
}
