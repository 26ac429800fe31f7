// Package search is the generic computer player of every game family: a
// Monte-Carlo tree search over the legal answers each decision lists
// (engine.Decision.Legal), as boardgame.io's MCTS bot plays any game from
// its enumerate of moves. It knows no rules: a family plugs in through a
// Model — how to copy a game (Fork), how good a position is for each seat
// (Value), and optionally the answers its own computer players would give
// (a Policy) — and a family without one gets a generic model that copies a
// game by replaying its answers and plays every playout to the end.
//
// # The search
//
// Each playout copies the game at the decision being answered (the
// model's Fork) with its random generator seeded anew, so the search
// never knows the dice (determinization: every playout draws another
// future), and plays a step at a time: the decisions posed together — both
// sides' orders of a battle round, the players' orders of a planets step —
// or a single one. In the tree each seat of a step picks its answer on its
// own, by UCB1 over its own statistics at that node (decoupled UCT, the
// usual treatment of simultaneous moves), so no seat ever sees what
// another answered in the same step. The tree is open-loop: a node is the
// sequence of answers that leads to it, whatever the dice did. A
// decision's candidate answers are the policy's proposals first, then
// answers drawn from its legal list as the node is visited more
// (progressive widening), so a list of a billion orders costs nothing
// until an answer is drawn. Below the tree the playout goes on with the
// policy (or random legal answers) for Horizon decisions, and Value
// scores where it stopped; every seat's value is backed up to the answers
// it chose. The answer given is the one its seat tried most at the root;
// a model with a Trust gives the policy's first proposal instead unless
// the answer tried most is better by that many standard errors. An answer
// that led the game straight back to the question it answered is not
// given again to the same question (loop.go).
//
// # Openings
//
// A decision whose answer holds for the whole game (a battle side's team)
// cannot be judged by playouts of a few decisions. A model that marks
// such openings (Model.Opening) has them searched otherwise: every
// playout goes on to the end of the game, played by the model's
// OpeningPolicy, the answer tried most is given (no Trust), and the
// budget is the model's opening budget when the player's own is smaller
// (battle: 1 s of CPU, or at most 40 playouts, for its pick).
//
// # Narrow decisions
//
// A model may mark decisions narrow (Model.Narrow): their candidates are
// the family player's proposals only, never answers drawn from the legal
// list, and where the lead proposes a single answer to the search's own
// seat it is given without a playout. A family whose turn is a chain of
// questions searches the chain as one answer this way: ftbt weighs a
// person's destination among its AI's best few, the tech and target
// following the destination taken.
//
// # Budgets and reproducibility
//
// A player thinks Playouts playouts per decision, or for CPU of its
// thread's CPU time. With a playout budget its answers depend only on its
// seed and the game, so simulations with search players are reproducible
// per seed; with a time budget they depend on the machine.
//
// # Names
//
// The player kinds every family offers are named as the command line,
// the studio and the server name them (ParseKind): "random", and "search"
// with an optional budget — "search:400" (playouts) or "search:100ms"
// (CPU time a decision). A family's own players come first in its Roster.
package search
