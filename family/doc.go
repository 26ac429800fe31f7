// Package family is the registry of game families: each family registers
// once, in a package of its own (family/mbg, family/ftbt, ...), what it
// can do, and the command line, the studio, the server and the tests
// derive their lists from the registry instead of naming families.
//
// A Family is a plain value whose capabilities are optional fields:
//
//	field     what it gives                              used by
//	Kinds     its document kinds, with their game's own  convert, check, preview help;
//	          form, claims (Check, Preview, Play, Sim)   completeness test
//	          and a template for File ▸ New              the studio's New menu
//	Play      Run (computer against computer, printed),  shapan play, the server,
//	          Start and Resume (a Game any player can    the studio's test play
//	          drive: machine, seats, save, computer)
//	Sim       the simulation adapter of a document       shapan sim, the balance view
//	Golden    the golden and trace formats it replays    shapan replay
//
// Reading and writing go through the codecs of package formats, checks
// through package validate and previews through package preview, each
// keyed by document kind; a Kind claims what those layers must supply for
// it, and the completeness test of family/all fails when a claim is not
// met (or when a layer knows a kind no family owns).
//
// Adding a family is one package that registers it (and plugs its codec,
// checks and preview into their layers when they live in its own package)
// plus one blank import in family/all. The studio's editor views and play
// windows, which need a GUI toolkit, register by kind in package editor
// and are checked against this registry by family name there; this
// package and its families import no GUI, so cmd/shapan builds without
// cgo.
package family
