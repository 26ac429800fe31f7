package planets

import (
	"fmt"

	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// copyMap returns a copy of a Planet-Conquer map, written in the game's
// own YAML and read back (the round trip is lossless).
func copyMap(m *planetsfmt.Map) (*planetsfmt.Map, error) {
	y, err := planetsfmt.WriteLegacy(m)
	if err != nil {
		return nil, fmt.Errorf("copying the map: %w", err)
	}
	c, _, err := planetsfmt.ReadLegacy("map.yml", y)
	if err != nil {
		return nil, fmt.Errorf("copying the map: %w", err)
	}
	return c, nil
}
