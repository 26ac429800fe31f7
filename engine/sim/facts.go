package sim

// Facts are the facts particular to a game family: exactly one section is
// set, by the family's adapter (Family.Facts). A new family adds its
// section here, with a JSON name, and its text rendering in text.go.
type Facts struct {
	MBG     *MBGFacts     `json:"mbg,omitempty"`
	FTBT    *FTBTFacts    `json:"ftbt,omitempty"`
	Planets *PlanetsFacts `json:"planets,omitempty"`
}

// FTBTFacts are the facts of ftbt simulations (the ftbt adapter, to come,
// fills and may extend them): how many people of each side survive, and
// what each person achieves.
type FTBTFacts struct {
	// TurnCap is the turn limit of the games.
	TurnCap int `json:"turn_cap"`
	// Survivors are, per side, the mean number of its people alive at the
	// end of a game.
	Survivors []float64 `json:"survivors,omitempty"`
	// People are the level's people, in level order.
	People []FTBTPersonFacts `json:"people,omitempty"`
}

// FTBTPersonFacts are one ftbt person's facts over the games.
type FTBTPersonFacts struct {
	Name string `json:"name"`
	Side int    `json:"side"`
	// Survived counts the games the person ended alive.
	Survived Proportion `json:"survived"`
	// MeanDamage is the mean damage the person dealt per game.
	MeanDamage float64 `json:"mean_damage"`
}

// PlanetsFacts are the facts of Planet-Conquer simulations (the planets
// adapter, to come, fills and may extend them): who holds the planets.
type PlanetsFacts struct {
	// RoundCap is the round limit of the games.
	RoundCap int `json:"round_cap"`
	// Held are, per player, the mean number of planets held at the end.
	Held []float64 `json:"held,omitempty"`
	// Planets are the map's planets, in map order.
	Planets []PlanetFacts `json:"planets,omitempty"`
}

// PlanetFacts are one planet's facts over the games.
type PlanetFacts struct {
	Name string `json:"name"`
	// Owners counts, per player, the games the player held the planet at
	// the end; Unowned the games nobody did.
	Owners  []int `json:"owners"`
	Unowned int   `json:"unowned"`
	// Captures counts the times the planet changed hands.
	Captures int `json:"captures"`
}
