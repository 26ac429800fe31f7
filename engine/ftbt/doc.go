// Package ftbt is the rules engine of the war-chess game ftbt: the
// complete rules of spec/ftbt.md as sequential code run by the shared
// decision machine (package engine), and the original's computer player.
//
// A game starts from rules and a level (formats/ftbt), a seed and an
// optional turn cap (Setup, New). A level the original would crash or
// loop on — terrain ids outside the rules, unknown tech ids, sides other
// than 0 and 1, positions off the map, two people on one cell, people
// without hp, a side with nobody, MAX_ABI 0 with a fly or disable-long
// tech — is refused when the game is created.
//
// Play stops at every question of the original's controller interface
// (UISelect). The pending engine.Decision names the side that must answer
// (Player), the question (Kind) and what the player is shown (Args, one of
// the *Args types). Answers are JSON:
//
//	kind          Args            answer
//	sel_people    SelPeopleArgs   a cell: its person of this side acts;
//	                              -1 quit, -2 end the turn (both ask confirm)
//	confirm       ConfirmArgs     true | false
//	sel_move_obj  SelMoveArgs     a destination cell, or -1 to cancel the action
//	sel_tech      SelTechArgs     an index into the person's techs, or -1 for none
//	sel_tech_obj  SelTechObjArgs  a target cell, or -1 to choose the tech again
//
// The machine refuses (with a reason, changing nothing) answers of the
// wrong JSON type and the answers that crash the original: negative values
// other than the special ones above, cells off the map, tech indices out of
// range. Answers the original ignores or asks again are legal and treated
// as it does (spec §3.1, §3.3, §3.6): at sel_people an empty cell, an
// enemy or a person who already acted; at sel_move_obj a cell out of range
// or occupied; at sel_tech_obj a cell out of the target range, or for a
// damage tech an empty cell or a friend.
//
// Every notification is an Event whose JSON is the golden-trace form
// ({"e": name, ...}: turn_start, people_step, people_move, do_tech,
// hp_down, people_out, loc_buf, loc_fly, loc_disable_long, game_over). The
// only random draw is the damage bonus, from Go's math/rand seeded with
// the setup's seed, so the golden games of the original engine replay
// exactly (ReplayGameFile). A game is saved at any decision as an
// engine.Snapshot (Game.Snapshot, Resume).
//
// AI is the original's computer player (spec §6), for either side, with
// per-person settings (LevelAI, GoldenAI); Explain and the
// ai_decisions replay (ReplayAIDecisionsFile) expose its intermediate
// scores. RandomPlayer is a random legal player; PlayOut, PlayGame,
// PlayAIGame and PlayTraced drive games with players. DocumentSetup and
// NewGoldenAI set up the computer games of an open level document, as
// shapan play and shapan sim play them.
package ftbt
