// Package toyfamily is a toy game family, Nim, written as a new family
// would be written: its document model and codecs (the game's own ".nim"
// file and a YAML document), a check, a preview, its rules on the
// decision machine with their legal answers, a computer player, a
// simulation adapter and a template, all in this one package, registered
// with the family registry and plugged into formats, validate and
// preview. A test that imports it — one line — gets Nim wherever the
// registry reaches (shapan convert, check, preview, play, sim, the
// completeness test); no shared file names it.
//
// The game: heaps of stones; the players take turns taking 1 or more
// stones from one heap; whoever takes the last stone wins.
package toyfamily
