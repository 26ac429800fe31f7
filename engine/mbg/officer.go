package mbg

// OfficerStats are the values the game derives from an officer's
// abilities when it loads a scenario (spec §5.12): hpmax, level and the
// range of his hire price.
type OfficerStats struct {
	HPMax float32
	Level int // 0 low, 1 medium, 2 high
	// PriceLow and PriceHigh bound the saloon price, which draws a
	// factor from 0.9 to 1.1.
	PriceLow, PriceHigh float32
}

// Stats computes an officer's derived values, with the float32 steps of
// the game.
func Stats(props [5]float32) OfficerStats {
	base := priceBase(props)
	return OfficerStats{HPMax: officerHPMax(props), Level: classify(props),
		PriceLow: float32(base * 0.9), PriceHigh: float32(base * 1.1)}
}
