package mbg

// The family's plug-ins in the layers below the registry: importing them
// registers its kinds' codecs (its model package in formats) checks
// (validate/mbg) and previews (preview/mbg).
import (
	_ "github.com/shapan/shapan/formats/mbg"
	_ "github.com/shapan/shapan/preview/mbg"
	_ "github.com/shapan/shapan/validate/mbg"
)
