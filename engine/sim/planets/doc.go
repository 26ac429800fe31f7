// Package planets is the simulation adapter (sim.Family) of a
// Planet-Conquer map; its facts are the planets every start holds at the
// end and the battles, captures and changes of owner of every planet.
// It registers its facts with package sim.
package planets
