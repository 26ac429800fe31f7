// Package tiled exports the grid families to Tiled's JSON map format
// (.tmj) and reads such maps back, edited or not, so that map designers
// can paint Shapan's grids in Tiled. It is written against the format
// Tiled documents ("JSON Map Format") with encoding/json: the Go libraries
// for Tiled read TMX only and none is served by the module proxy here.
//
// What goes where:
//
//	family        tile layer (tileset)          object layer                 map properties
//	ftbt/level    terrain (one tile per         people: a rectangle per      kind, version, rules, intro,
//	              terrain: code, name, symbol)  person; side, abi, def, hp,  trailing
//	                                            speed, techs, ai_*
//	battle/map    grid (one tile per element    structures: cities, bases    kind, version, trailing
//	              or code: code, name, symbol)  and the flag zone, derived
//	planets/map   map (one tile per grid        planets: an ellipse per      kind, format, the settings,
//	              character: char)              planet; attributes as YAML   starts, routes, extra (YAML)
//
// Every tile carries its code as the int property "code" (planets: the
// string property "char"); the tileset image, drawn in the colours of
// shapan preview with each tile's grid symbol, is written beside the map.
// A map read back gives the document written, value for value. The
// readers refuse, with a diagnostic placed at the line and column of the
// JSON and named by layer and cell or object, whatever does not fit the
// family: a cell without a tile or whose tile has no code, a tile id no
// tileset holds, an object off the map, a missing or mistyped property, a
// property or layer Shapan does not know (its content would be lost), an
// infinite or non-orthogonal map and zstd compression. A tileset kept in
// a file of its own (.tsj or .tsx, as Shapan writes with External or as
// Tiled saves it) is read with WithTilesets, from the map's folder or a
// folder below it only.
// A battle map's structures are made by painting the grid, so the objects
// of its structures layer follow the grid: one the grid no longer makes is
// dropped and one it makes otherwise takes the grid's properties, each
// with a warning (srcpos.Map.Warnings); a property no painting makes is an
// error. Flip flags of tile ids are ignored: a flipped tile is the same
// terrain.
// Sizes are bounded (MaxSide, MaxCells) before cells are allocated.
package tiled
