package preview

// SetTextDrawn makes f learn the size of every text drawn (nil: none),
// for the external tests.
func SetTextDrawn(f func(size float64)) { textDrawn = f }
