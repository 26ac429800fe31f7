package tiled_test

// The tests walk the samples of every family: their codecs plug in when
// their packages are imported.
import _ "github.com/shapan/shapan/formats/mbg"
