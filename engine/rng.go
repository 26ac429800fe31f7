package engine

import "math/rand"

// Source is the random source of a game: Go's math/rand (v1) generator,
// exactly rand.New(rand.NewSource(seed)) — the sequence the original
// engines' recorded traces follow — counting the values it produced so that
// a game's position in the sequence can be saved and restored.
type Source struct {
	seed  int64
	draws int64
	src   rand.Source64
}

// NewSource returns a source seeded with seed.
func NewSource(seed int64) *Source {
	return &Source{seed: seed, src: rand.NewSource(seed).(rand.Source64)}
}

// Int63 implements rand.Source.
func (s *Source) Int63() int64 {
	s.draws++
	return s.src.Int63()
}

// Uint64 implements rand.Source64.
func (s *Source) Uint64() uint64 {
	s.draws++
	return s.src.Uint64()
}

// Seed implements rand.Source.
func (s *Source) Seed(seed int64) {
	s.seed, s.draws = seed, 0
	s.src.Seed(seed)
}

// Position returns the seed and the number of values drawn since seeding.
func (s *Source) Position() (seed, draws int64) { return s.seed, s.draws }

// SourceAt returns a source at the given position: seeded with seed and
// advanced by draws values.
func SourceAt(seed, draws int64) *Source {
	s := NewSource(seed)
	for s.draws < draws {
		s.Int63()
	}
	return s
}

// NewRand returns rand.New over a new Source seeded with seed, and the
// source (for saving its position).
func NewRand(seed int64) (*rand.Rand, *Source) {
	s := NewSource(seed)
	return rand.New(s), s
}
