// Package balance is the balance assistant: given a scenario whose sides
// do not win equally often (or as often as a designer wants), it searches
// small, legal edits of the document — knobs such as an mbg role's
// starting money or an ftbt person's hp — that bring every side's win
// rate to the target, and proposes the best ones with the evidence: the
// edits, the YAML diff, every side's measured win rate with its 95 %
// Wilson interval, and the games spent.
//
// Knobs (knob.go, knobs_<family>.go) are registered per document kind.
// Each reads and writes one number of the document model, has a legal
// range that keeps the map's character (a factor of its starting value),
// and names the side it favours when raised, when there is one. A
// candidate is the document with some knobs set; it is simulated only
// when `shapan check` finds no error in it and no warning the original
// does not have.
//
// The search (search.go) spends games wisely:
//
//   - common random numbers: every candidate plays the same games (game
//     i with sim.GameSeed(seed, i)), so two candidates differ by their
//     edits and not by their luck, and paired comparisons are fair;
//   - racing with sequential dropping (race.go): the candidates of a step
//     play in rounds of doubling length; after every round a candidate
//     whose interval of some side's win rate lies outside the target band
//     is dropped (it is unfair at 95 % confidence), and so is the worse
//     half by loss (the squared distance of the rates from the target); a
//     candidate that plays MaxGames without being dropped is fair;
//   - pattern search on the knob space: from the incumbent, every knob is
//     moved by its step — only in the direction that helps, when the knob
//     favours a side (lower for a side above its target, higher for one
//     below) — the best move is taken when it beats the incumbent on the
//     same games, the steps shrink when none does;
//   - a total budget of games, the baseline's included.
//
// Everything is deterministic for a seed: the same document, options and
// seed give the same proposals, whatever the number of jobs.
package balance
