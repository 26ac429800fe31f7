// Package mbg is the simulation adapter (sim.Family) of an mbg
// scenario; its facts are when roles go bankrupt, who owns each city at
// the end, where battles happen and which cities change hands.
// It registers its facts with package sim.
package mbg
