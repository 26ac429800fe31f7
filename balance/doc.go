// Package balance is the balance assistant: given a scenario whose sides
// do not win equally often (or as often as a designer wants), it searches
// small, legal edits of the document — knobs such as an mbg role's
// starting money or an ftbt person's hp — that bring every side's win
// rate to the target, and proposes the best ones with the evidence: the
// edits, the YAML diff, every side's measured win rate with its 95 %
// Wilson interval, and the games spent.
//
// Knobs are registered per document kind in package balance/knob, each
// family's from its own sub-package (balance/mbg, balance/ftbt,
// balance/planets, balance/battle), which family/<family> imports: this
// package names no family. A knob reads and writes one number of the
// document model, has a legal range that keeps the map's character and a
// natural step (its grid), and names the side it belongs to, when there
// is one; which way it moves each side is measured, never assumed. A
// candidate is the document with some knobs set; it is simulated only
// when `shapan check` finds no error in it and no warning the original
// does not have.
//
// The search (search.go, effects.go, model.go, plan.go) spends games
// wisely: every candidate plays the same common games (game i with
// sim.GameSeed(seed, i)), so two candidates differ by their edits and not
// by their luck; each knob's effect is measured by a probe; a model
// fitted to every game played plans the smallest edit predicted fair; the
// point planned is tried on common games and judged on fresh games of a
// seed of its own; and a budget of games, the baseline's included, bounds
// it all, a confirmation's games reserved before it starts.
// docs/balance.md tells the whole of it.
//
// Everything is deterministic for a seed: the same document, options and
// seed give the same proposals, whatever the number of jobs.
package balance
