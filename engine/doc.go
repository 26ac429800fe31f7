// Package engine is the core the game engines share: a game's rules are
// written as ordinary sequential code that asks players questions; the
// Machine runs that code as a coroutine, so play stops at every decision,
// exposes it (who may answer, what kind, which options, and — when the
// decision lists them — every legal answer: the "hint" of a decision
// stack), accepts an answer only from an asked player and only when it is
// legal (the "react"), and refuses anything else with a stable code, a
// reason and no change.
//
// A game is deterministic given its setup, its random seed and the answers
// it received, so the whole state — a pending decision included — is saved
// as exactly that (see Snapshot) and resumed by replaying the answers
// (Resume).
//
// # The protocol
//
//	rules call            the machine exposes            players call
//	p.Ask(d)              Pending() = d                  Answer(d.Player, a)
//	p.AskTogether(d0,d1)  PendingAll() = [d0 d1],        Answer(d0.Player, a0) and
//	                      PendingFor(d1.Player) = d1     Answer(d1.Player, a1), any order
//	p.Emit(e)             Events(), Options.OnEvent      -
//	return result         Over(), Result(), Err()        -
//
// Ask poses one decision; the rules resume with its answer. AskTogether
// poses decisions to several distinct players at once (a simultaneous
// round, as in the battle game where both sides command each round): each
// asked player answers its own decision once, each answer is checked on
// its own, an answer may come in any order, and the rules resume with all
// the answers only when the last asked player has answered. Until then
// nothing happens: no event, and no player learns another's answer.
// Pending returns the first decision still unanswered, so a driver that
// answers Pending until it is nil plays sequential and simultaneous games
// alike; PendingFor(player) is one seat's view (its hint), and is nil for a
// seat that is not asked or has answered.
//
// # Refusals
//
// Machine.Answer returns a *RefusedError, having changed nothing, with one
// of these codes (the Refusal constants), stable for programs to react to:
//
//	game_over         the game has ended
//	wrong_player      no question waits for this player
//	already_answered  the player answered this simultaneous round already
//	not_json          the answer is not a JSON value
//	illegal           the decision's Check refused the answer
//
// # Legal answers
//
// A Decision may list its legal answers (Decision.Legal, a lazy Legal
// list: every answer the rules act on, each one passing Check). Because
// every decision can list them, one RandomPlayer serves every family, a
// server's hint can show a seat its options, and VerifyLegal lets each
// family's tests check the lists against the rules.
//
// # The harness
//
// PlayOut drives any Game (a *Machine, or a family's Game embedding one)
// to its end with one Player per seat, with a decision limit (ErrStalled)
// and cancellation; TraceWriter writes a game as JSON Lines (header,
// decision and event lines, last line) and Traced records every answer of
// a set of players into it; Resume rebuilds a family's game from a
// Snapshot; Divergence is a replay that disagrees with golden data;
// Wilson is the confidence interval of a win rate.
package engine
