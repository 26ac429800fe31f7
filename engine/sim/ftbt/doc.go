// Package ftbt is the simulation adapter (sim.Family) of an ftbt level
// played with its rules; its facts are each side's survivors and hp left,
// every person's damage and kills and the fights on every cell of the
// grid.
// It registers its facts with package sim.
package ftbt
