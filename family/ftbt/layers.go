package ftbt

// The family's plug-ins in the layers below the registry: importing them
// registers its kinds' codecs (its model package in formats, and the
// Tiled form for the grid families), checks, previews and balance knobs.
import (
	_ "github.com/shapan/shapan/balance/ftbt"
	_ "github.com/shapan/shapan/formats/ftbt"
	_ "github.com/shapan/shapan/formats/tiled"
	_ "github.com/shapan/shapan/preview/ftbt"
	_ "github.com/shapan/shapan/validate/ftbt"
)
