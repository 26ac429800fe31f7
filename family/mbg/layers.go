package mbg

// The family's plug-ins in the layers below the registry: importing them
// registers its kinds' codecs (its model package in formats) checks
// (validate/mbg), previews (preview/mbg) and balance knobs (balance/mbg).
import (
	_ "github.com/shapan/shapan/balance/mbg"
	_ "github.com/shapan/shapan/formats/mbg"
	_ "github.com/shapan/shapan/preview/mbg"
	_ "github.com/shapan/shapan/validate/mbg"
)
