package formats_test

// The tests read documents of every family and Tiled maps: their codecs
// plug in when their packages are imported.
import (
	_ "github.com/shapan/shapan/formats/battle"
	_ "github.com/shapan/shapan/formats/ftbt"
	_ "github.com/shapan/shapan/formats/mbg"
	_ "github.com/shapan/shapan/formats/planets"
	_ "github.com/shapan/shapan/formats/tiled"
)
