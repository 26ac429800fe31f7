package mbg

// The family's plug-ins in the layers below the registry: importing them
// registers its kinds' codecs (its model package in formats) and
// checks (validate/mbg).
import (
	_ "github.com/shapan/shapan/formats/mbg"
	_ "github.com/shapan/shapan/validate/mbg"
)
