// Package battle is the simulation adapter (sim.Family) of a battle
// map: two computer players, the sides swapped every other game; its
// facts are the players' wins, how the games ended and the damage, kills
// and city falls on every cell.
// It registers its facts with package sim.
package battle
