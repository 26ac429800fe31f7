package diag

import "sort"

// CodeInfo documents a code of the format readers and writers, as a rule
// of shapan check is documented: `check --list`, validate/RULES.md and the
// rules of a SARIF log show it.
type CodeInfo struct {
	Code     string
	Severity Severity
	Title    string // one line: what is wrong
	Meaning  string // what it means and why the file is refused
	Fix      string // how to fix it
}

// CodeIO is the code of a file that cannot be read at all (missing,
// unreadable, not a regular file); the run that meets it has failed.
const CodeIO = "IO001"

var codes = []CodeInfo{
	{CodeEOF, Error, "the file ends where a value was expected",
		"A game's file is a sequence of values in a fixed order; it stops before the last one the form needs, so the file is cut or is of another form.",
		"Complete the file, or name its form with --from if it was taken for another."},
	{CodeNotInt, Error, "an integer was expected",
		"The field holds a whole number in the game (a count, a size, an id, an ability); text, a fraction or a number too large for the game is refused.",
		"Write a whole number in the field's range."},
	{CodeNotReal, Error, "a number was expected",
		"The field holds a number (possibly with a fraction) in the game; text, NaN or an infinity is refused.",
		"Write a number."},
	{CodeNotBool, Error, "a boolean was expected",
		"The field is on or off: true or false (1 or 0 in a game's file).",
		"Write true or false."},
	{CodeBadSize, Error, "a count or size is negative or larger than the file can hold",
		"A count or a size declared in the file is checked before anything is allocated: a negative one, or one asking for more values than the rest of the file holds, means the file is damaged or of another form.",
		"Correct the count or the size so that it matches the values that follow it."},
	{CodeBadText, Error, "text that cannot be represented",
		"Text that is not valid in the file's encoding (UTF-8 unless --encoding gbk), a byte-order mark inside the file, or a character the game's file cannot hold.",
		"Save the file as UTF-8 (or read it with --encoding gbk), and remove the characters named."},
	{CodeYAMLSyntax, Error, "the YAML is malformed",
		"The document is not valid YAML (a bad indentation, an unclosed quote or bracket, a tab used to indent), so no value can be read from it.",
		"Correct the YAML at the line and column given."},
	{CodeStructure, Error, "a field is missing or unknown, or a value has the wrong shape",
		"The document lacks a field its kind requires, has a field its kind does not know (its value would be lost), or holds a list where a mapping is expected and the like.",
		"Add the missing field, remove or rename the unknown one (the message lists the known fields), or give the value its expected shape."},
	{CodeBadRef, Error, "a name refers to nothing",
		"A reference by name (an officer, a city, a tech, a terrain, a planet) names no item of the document or of the files it names.",
		"Name an item that exists, or add the item."},
	{CodeKind, Error, "the document's kind or version is wrong or missing",
		"Every Shapan YAML document starts with kind: and version: (format: in a planets map); an unknown kind, a newer version or a file of another kind than the one asked for is refused.",
		"Write one of the kinds `shapan schema` lists, with the version this Shapan writes, or convert the file with --from."},
	{CodeBadValue, Error, "a value outside the set the field allows",
		"The field takes one of a fixed set of values (a square type, a city scope, a side, a terrain of the rules) and holds another.",
		"Write one of the values the message lists."},
	{CodeJSONSyntax, Error, "the JSON of a Tiled map is malformed",
		"A Tiled map (.tmj) or tileset (.tsj) is not valid JSON, so no value can be read from it.",
		"Save the map again from Tiled, or correct the JSON at the line and column given."},
	{CodeOffGrid, Error, "an object of a Tiled map lies outside the map's cells",
		"A person, planet or structure of an object layer stands (by the centre of its rectangle or ellipse) on no cell of the map, so it has no place in the document.",
		"Move the object onto the map in Tiled."},
	{CodeNoCode, Error, "a painted tile stands for no code of the family's legend",
		"A cell of a tile layer holds a tile without the int property code (a terrain id, a map element, a planets character): painted from another tileset, or a tile the family does not know.",
		"Paint the cell with a tile of the map's own tileset."},
	{CodeRepainted, Warning, "a structure of a Tiled battle map follows what was painted over it",
		"A battle map's cities, bases and flag zone are made by painting the grid layer; the structures layer only shows them. A city or base painted over is gone (its object is dropped), and one repainted (a city of another level, a base that now has no rival) takes the properties the grid gives it. The warning names each object so that an unintended stroke of the brush is seen.",
		"Nothing, if the painting was meant; otherwise paint the structure's cells again in Tiled (Ctrl+Z)."},
	{CodeUnwritable, Error, "a value cannot be written in the target form",
		"The game's file cannot hold the value (a name with a space or a character of another encoding, a number out of the game's range, more items than the format counts), so writing it would change the document.",
		"Change the value as the message says, or keep the document in Shapan's YAML."},
	{CodeLostNotes, Warning, "comments of the input are not kept by the conversion",
		"The game's files have no comments, and a YAML document written back keeps only the comments Shapan writes: the comments of the input named are not in the files written.",
		"Copy the comments by hand if they matter, or keep editing the YAML document."},
	{CodeIO, Error, "the file cannot be read",
		"The file is missing, unreadable, a folder or a device, or larger than --max-input; nothing of it was checked, and the run did not succeed (exit status 2).",
		"Name a readable file, or raise --max-input."},
}

// Codes returns the documentation of every code of the format readers and
// writers, sorted by code.
func Codes() []CodeInfo {
	out := append([]CodeInfo(nil), codes...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
