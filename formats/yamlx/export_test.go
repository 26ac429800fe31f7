package yamlx

import (
	"bytes"

	"go.yaml.in/yaml/v3"
)

// LazyEverywhere makes ParseLazy read every document's lists in pieces of
// about piece bytes, until the returned function is called.
func LazyEverywhere(piece int) (restore func()) { return ReadInPieces(0, piece) }

// EncodeWhole is Encode with the document encoded at once.
func EncodeWhole(n *yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	err := encodeWhole(&b, n)
	return b.Bytes(), err
}

// EncodeSlice sets the slice of a long list Encode writes at once, until
// the returned function is called.
func EncodeSlice(n int) (restore func()) {
	old := encodeSlice
	encodeSlice = n
	return func() { encodeSlice = old }
}
