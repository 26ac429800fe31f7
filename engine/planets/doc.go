// Package planets is the rules engine of Planet-Conquer (halida, 2012): the
// game of spec/planets.md sections 2–8 exactly as the original Python 2
// code plays it, run by the shared decision machine (package engine).
//
// A game starts from a map (formats/planets.Map) and a Setup: how many
// players join (by default as many as the map allows), whether the start
// planets are shuffled with the seeded generator (off by default, as in
// the original's tests and the golden facts), a round cap for computer
// games, and the optional no-response rule. The players join in index
// order, then every step each player whose alive flag is set is asked for
// its orders, and the step is played in the spec's order: reset/start,
// finish check (the winner is recorded and the step goes on), points,
// move stage (queued moves, then the terminator), arrival stage, battle
// stage (planets in id order), production with the maintenance fee, round
// + 1. The game ends with the step in which the finish check found it
// over, or at the round cap (ranked as it stands then).
//
// # Decisions
//
// There is one decision kind, "orders" (KindOrders). Player is the
// player's index; Args is an OrdersArgs: round, status, the player's
// points, every player's totals, the holds [owner|null, garrison] of all
// planets in id order, the fleets in flight [player, from, to, count,
// remaining steps], and the directed routes [from, to, steps]. The answer
// is
//
//	{"moves": [[count, from, to], ...], "tactic": {"type": "terminator", "planet": id}}
//
// (tactic optional, "op": "moves" allowed), or null to submit nothing (a
// missed step under the no-response rule). An answer is checked against
// the state as the original checks a submitted order (spec 5.1) and
// refused, with a reason and no change, when it would be: a player whose
// alive flag is clear ("not alive"); an op other than moves ("wrong op");
// a move that is not [count, from, to], whose count is not convertible to
// an integer as Python's int() converts it (reals are truncated, strings
// of digits and booleans accepted), from a planet the player does not own
// ("not your planet"), of more units than the planet has ("not enough
// armies", each move compared with the garrison on its own), without a
// route, or naming a planet id outside the map (negative ids included,
// which the original would wrap around); a tactic of an unknown type
// ("wrong tactic type"), without enough points ("not enough points"), or
// whose target is not a planet id (the original crashes later). Moves of
// zero or fewer units are dropped without further checks, as in the
// original. Unknown fields are refused, to catch misspellings.
//
// # Numbers
//
// Python's number types matter: an integer-typed def makes a winning
// defender's rescale an integer floor division, a real-typed max or
// start_unit makes garrisons reals. Num keeps a value's type through
// every operation, in exactly the spec's order (reals are float64). Python
// integers are unbounded; a Num integer is an int64, every integer
// operation is checked, and one that would overflow stops the game with an
// error (maps are limited to values of magnitude 1e15, far beyond any
// playable value, so this never happens in a real game). The few
// operations the original crashes on (a division by zero when a defender
// wins on a planet of negative def) also stop the game with an error.
//
// The order of the sides in a battle is increasing player index (spec
// 5.5); the original iterates a Python dictionary, which is the same order
// for the player indices of a real game (fewer than eight players).
//
// # Events
//
// Each step emits, as engine.Event values marshalling to {"e": name, ...}:
// start, alive (flag changes, by the finish check or the no-response
// rule), finish (winner and ranking), launch and skip (queued moves),
// tactic, lost (fleets on routes of no whole number of steps), battle
// (every planet with arrivals: fleets, strengths, winner, outcome occupy,
// reinforce, defend, capture or tie, hold before and after), production
// (garrisons that changed), round (the new round and every player's
// totals); joins emit join, and the step after a finished game reset.
//
// # Saving, traces and conformance
//
// A game is saved at any decision as an engine.Snapshot (Game.Snapshot,
// Resume): the setup, with its map as the game's own YAML, and the
// answers. PlayTraced writes a game as JSON Lines (TraceFormat) that
// ReplayTraceFile replays and compares. ReplayPeerFile runs the
// conformance facts of golden/planets (PeerFormat: production, battles,
// loader facts, and scripted scenarios with direct access to the stages).
//
// AI is the computer player: NewAI's is deterministic, NewSeededAI's
// varies its play with a seed (a temperament and a taste for the planets
// of its own, random tie-breaks), and SeededSeats seats one per player of
// a game from the game's seed; RandomPlayer plays uniformly random legal
// orders; PlayOut and PlayGame drive games with them.
package planets
