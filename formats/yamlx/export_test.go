package yamlx

// LazyEverywhere makes ParseLazy read every document's lists in pieces of
// about piece bytes, until the returned function is called.
func LazyEverywhere(piece int) (restore func()) {
	oldMin, oldPiece := lazyMin, pieceLimit
	lazyMin, pieceLimit = 0, piece
	return func() { lazyMin, pieceLimit = oldMin, oldPiece }
}
