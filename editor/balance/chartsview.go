package balance

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/preview/charts"
)

// chartsView shows the charts of a report, each its own image scaled to
// fit: the win rates above the game lengths on the left, the heat map on
// the right. Before the first report it shows a hint instead.
type chartsView struct {
	winRates, lengths, heatmap *canvas.Image
	hint                       *widget.Label
	images                     *fyne.Container
	object                     fyne.CanvasObject
}

func newChartsView() *chartsView {
	v := &chartsView{hint: widget.NewLabel("The charts appear here when the games are over.")}
	newImage := func() *canvas.Image {
		img := canvas.NewImageFromImage(nil)
		img.FillMode = canvas.ImageFillContain
		return img
	}
	v.winRates, v.lengths, v.heatmap = newImage(), newImage(), newImage()
	v.images = container.New(chartsLayout{}, v.winRates, v.lengths, v.heatmap)
	v.images.Hide()
	v.object = container.NewStack(container.NewCenter(v.hint), v.images)
	return v
}

// set shows the charts (heatmap may be nil).
func (v *chartsView) set(winRates, lengths, heatmap image.Image) {
	v.winRates.Image, v.lengths.Image, v.heatmap.Image = winRates, lengths, heatmap
	if heatmap == nil {
		v.heatmap.Hide()
	} else {
		v.heatmap.Show()
	}
	v.hint.Hide()
	v.images.Show()
	v.images.Refresh()
}

// chartAspect is the width of the win-rate and length charts over their
// height.
const chartAspect = float32(charts.ChartWidth) / charts.ChartHeight

// chartsLayout places the first two objects (the win rates and the
// lengths) one above the other in a column on the left, each half the
// height, and the third (the heat map, a *canvas.Image) on the right, as
// large as the height and the rest of the width allow; the group is
// centred. Without a visible third object the column is alone.
type chartsLayout struct{}

// Layout implements fyne.Layout.
func (chartsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	pad := theme.Padding()
	half := (size.Height - pad) / 2
	column := min(half*chartAspect, size.Width)
	used := column
	var heat fyne.CanvasObject
	if len(objs) > 2 && objs[2].Visible() {
		heat = objs[2]
		column = min(column, (size.Width-pad)/2)
		heatWidth := min(size.Height*aspect(heat), size.Width-column-pad)
		used = column + pad + heatWidth
		heat.Resize(fyne.NewSize(heatWidth, size.Height))
	}
	x := (size.Width - used) / 2
	objs[0].Move(fyne.NewPos(x, 0))
	objs[0].Resize(fyne.NewSize(column, half))
	objs[1].Move(fyne.NewPos(x, half+pad))
	objs[1].Resize(fyne.NewSize(column, half))
	if heat != nil {
		heat.Move(fyne.NewPos(x+column+pad, 0))
	}
}

// MinSize implements fyne.Layout: small, since the charts scale to fit.
func (chartsLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(400, 300) }

// aspect is the width over the height of the picture an image object
// shows (1 when it shows none).
func aspect(o fyne.CanvasObject) float32 {
	img, ok := o.(*canvas.Image)
	if !ok || img.Image == nil || img.Image.Bounds().Dy() == 0 {
		return 1
	}
	b := img.Image.Bounds()
	return float32(b.Dx()) / float32(b.Dy())
}
