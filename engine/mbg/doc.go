// Package mbg is the rules engine of the siege board game ("mbg", a
// Monopoly-like Three Kingdoms game): the complete rules of spec/mbg.md as
// sequential code run by the shared decision machine (package engine).
//
// A game starts from a scenario (formats/mbg.Scenario, normalised as the
// original loader does) or from a legacy save (formats/mbg.Save, continued
// with Run(max_turn, crole)); see Setup and New. Play stops at every
// decision point of spec §9: the pending engine.Decision names the role
// that must answer (Player), the spec's name (Kind) and the spec's
// arguments (Args, one of the *Args types below, marshalling to the golden
// "args"). Answers are JSON:
//
//	kind                  Args              answer
//	sel_role_action       CardsArgs         -1 move, 0..13 play a card, -3 save, -2 quit
//	get_file_name         NoArgs            "file name" ("" saves nothing)
//	is_occu_city          CityArgs          true | false
//	sel_city_mos          CityMosArgs       [indices into plist]
//	sel_mayor             OfficialArgs      -1 | index into plist
//	sel_treasurer         OfficialArgs      -1 | index into plist
//	is_attack_city        CityArgs          scale ≥ 0 attacks; -1 no (public enemy forcing); < -1 no
//	saloon_sel_people     SaloonArgs        -1 | index into plist
//	sel_study             StudyArgs         [officer index, tech index] (either -1: nothing)
//	sel_train             TrainArgs         -1 | index into plist
//	battle_with_role      ObjArgs           -1 no battle | any other scale
//	confirm_card          CardArgs          0 use | anything else cancels
//	sel_card_obj_role     CardArgs          -1 | role
//	sel_card_obj_loc      CardArgs          -1 | square
//	sel_card_obj_any      CardArgs          [st, obj]: st -1 cancel, 0 role, 1 city, 2 institute, 3 room
//	sel_card_obj_people   CardPeopleArgs    -1 back | index into plist
//	sel_alloc_obj         NoArgs            [st, obj]: -1 done, 0 city, 1 institute, 2 room
//	exchange_city_people  ExchangeArgs      {"in": [indices into splist], "out": [indices into oplist]}
//	is_cancel_study       CancelStudyArgs   true | false
//	is_cancel_train       CancelTrainArgs   true | false
//	sel_general           GeneralArgs       [main, vice] (main -1 surrenders)
//
// The machine refuses (with a reason, changing nothing) answers of the
// wrong JSON shape and the answers that crash the original (spec §13.1:
// out-of-range indices, ...), and battle scales beyond ±MaxScale. Answers
// the original asks again (a card not held, an unaffordable hire, a target
// on the wrong side, a failed alliance, ...) are legal, and the rules ask
// again exactly as the original does.
//
// Every notification of spec §10 is an Event whose JSON is the golden-trace
// form ({"e": name, ...}, "to" for per-role events, plus the derived fields
// of spec §11.1). Arithmetic is float32 with every operation rounded
// separately (products are converted explicitly, so no platform fuses a
// multiply-add), and random numbers come from Go's math/rand in the order
// of spec §8, so the golden traces of the original engine replay exactly
// (ReplayCaseFile, ReplayBattleSuiteFile). A game is saved at any decision
// as an engine.Snapshot (Game.Snapshot, Resume), and at a sel_role_action
// as the original's .sav (Game.SaveState).
//
// AI is a computer player that beats the uniformly random RandomPlayer
// clearly; PlayOut, PlayGame and PlayTraced drive games with players.
package mbg
