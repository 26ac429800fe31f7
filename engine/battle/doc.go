// Package battle is the rules engine of the Three Kingdoms battle game
// (seed 004): the rules of spec/battle.md Part 2 exactly, run by the shared
// decision machine (package engine).
//
// A game starts from a Setup: a battle map (formats/battle), an optional
// roster override (§2.3), a round limit (2…1000) and, for hand-made
// situations such as the spec's worked examples, an optional Start
// position. New refuses a map without exactly two bases, without a flag
// cell or with a cell code that is no map element, and a roster with a
// problem (formats/battle.CheckRoster), with a reason.
//
// # Rounds and the decision
//
// Round 1 is the pick round; rounds 2…1000 are play rounds. Every round
// opens (the round event, the cities that stand again), then one decision
// kind, "orders" (KindOrders), is asked of side 0 and then of side 1 — both
// questions show the same start-of-round state and nothing is resolved
// before both sides have answered, so the asking order does not matter.
// The machine's Player is the side. Args is an *OrdersArgs (the state, and
// the side asked) whose JSON is spec §4.1's.
//
// The answer is a JSON array of commands (null: none):
//
//	c      fields                         command
//	PICK   heroes (6 names)               round 1: the team
//	PICK   hero, as                       replace a dead hero respawning this round
//	BUFF   id (1001…1004), hero for 1001  in rounds 100, 200, …
//	FORM   form: 鹤翼阵 | 八卦阵            switch formation (50 morale, 100 grain)
//	MAKE   hero, archers, shields         soldiers, 20 grain each
//	MOVE   hero, to                       one cell, or to a 蜀汉旗 mark
//	SP     hero, to                       瞬移, up to 10 cells
//	AC     hero                           claim the flag zone (round 101 on)
//	SG     hero, city                     besiege a city
//	AD     hero, target                   attack an enemy hero
//	SK     hero, skill, + the skill's     target | at | soldier | form
//	QUIT                                  forfeit
//
// DecodeOrders reads an answer as strictly as §4.2 asks (exact keys and
// names, integers without fraction or exponent, the last of repeated keys);
// the rules then check it against the start-of-round state (§4.3), and an
// answer with an illegal command is refused whole with the reason of the
// first offence, changing nothing. Range, line of fire, collisions and
// presence on the flag are decided at resolution, as misses and blocked
// moves. Encode and the command constructors (MoveTo, Attack, SkillOn, ...)
// build answers.
//
// # Resolution and events
//
// A play round resolves in the order of §5.2: picks, buffs, formations,
// MAKE payments, movement (all movers at once: contested, swap, occupied),
// support skills, combat from one snapshot (damage over time, damaging
// skills, normal attacks, sieges and captures, city fire, knockbacks,
// lifesteal), production, the flag, respawns, the end check. The rules
// draw no random numbers. Every event is a Go value whose JSON is §15's
// {"e": name, ...} with the fields in the spec's order: round,
// city_respawn, pick, spawn, buff, form, make, move, blocked, skill, heal,
// drain, damage, kill, miss, siege, city_fall, knockback, produce,
// flag_taken, flag_void, flag_held, flag_starved, end. The game ends by
// the flag (60 held rounds), at the round limit (held, hero kills, soldier
// kills, else a draw) or by a forfeit; Result is the end event's summary.
//
// A game is saved at any decision as an engine.Snapshot (Game.Snapshot,
// Resume): the setup, its map as grid text, and the answers.
package battle
