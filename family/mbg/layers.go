package mbg

// The family's plug-ins in the layers below the registry: importing them
// registers its kinds' codecs (its model package in formats),
import (
	_ "github.com/shapan/shapan/formats/mbg"
)
