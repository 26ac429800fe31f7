package sim

// Facts are the facts particular to a game family: exactly one section is
// set, by the family's adapter (Family.Facts). A new family adds its
// section here, with a JSON name, and its text rendering in text.go. The
// sections are defined beside their adapters: MBGFacts in mbg.go,
// FTBTFacts in ftbt_facts.go, PlanetsFacts in planets_facts.go, BattleFacts in
// battle_facts.go.
type Facts struct {
	MBG     *MBGFacts     `json:"mbg,omitempty"`
	FTBT    *FTBTFacts    `json:"ftbt,omitempty"`
	Planets *PlanetsFacts `json:"planets,omitempty"`
	Battle  *BattleFacts  `json:"battle,omitempty"`
}
