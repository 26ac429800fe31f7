package editor

import (
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/internal/version"
)

// AboutText is what Help ▸ About says: the program, its version (stamped
// into release builds, "development build" otherwise) and the Go version
// and system it was built for.
func AboutText() string {
	return "Shapan (沙盘) studio\n\nVersion " + version.Short() + "\n" +
		"Built with " + runtime.Version() + " for " + runtime.GOOS + "/" + runtime.GOARCH + "\n\n" +
		"A scenario studio for four turn-based Three Kingdoms strategy games.\n" +
		"The command line is shapan ('shapan --version')."
}

// ShowAbout shows Help ▸ About: the version of the studio.
func (st *Studio) ShowAbout() {
	text := widget.NewLabel(AboutText())
	text.Wrapping = fyne.TextWrapWord
	var icon fyne.CanvasObject = widget.NewLabel("")
	if res := st.app.Icon(); res != nil {
		img := widget.NewIcon(res)
		icon = container.NewGridWrap(fyne.NewSize(96, 96), img)
	}
	d := dialog.NewCustom("About Shapan", "Close", container.NewBorder(nil, nil, icon, nil, text), st.win)
	d.Resize(fyne.NewSize(560, 260))
	d.Show()
}
