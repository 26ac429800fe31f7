package preview_test

// The tests draw documents of every family: their renderers (and, through
// them, their codecs) plug in when their packages are imported.
import (
	_ "github.com/shapan/shapan/preview/battle"
	_ "github.com/shapan/shapan/preview/ftbt"
	_ "github.com/shapan/shapan/preview/mbg"
	_ "github.com/shapan/shapan/preview/planets"
)
