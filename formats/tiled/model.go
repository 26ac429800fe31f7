package tiled

import (
	"encoding/json"
)

// Map is a Tiled map in its JSON form (the fields Shapan reads or writes;
// see Tiled's "JSON Map Format" reference).
type Map struct {
	Type         string          `json:"type"`
	Version      json.RawMessage `json:"version,omitempty"` // a string since Tiled 1.6, a number before
	TiledVersion string          `json:"tiledversion,omitempty"`
	Orientation  string          `json:"orientation"`
	RenderOrder  string          `json:"renderorder,omitempty"`
	Infinite     bool            `json:"infinite"`
	Width        int             `json:"width"`
	Height       int             `json:"height"`
	TileWidth    int             `json:"tilewidth"`
	TileHeight   int             `json:"tileheight"`
	NextLayerID  int             `json:"nextlayerid,omitempty"`
	NextObjectID int             `json:"nextobjectid,omitempty"`
	Properties   []Property      `json:"properties,omitempty"`
	Tilesets     []Tileset       `json:"tilesets"`
	Layers       []Layer         `json:"layers"`
}

// Property is a custom property: Type is string, int, float, bool, color,
// file, object or class.
type Property struct {
	Name  string          `json:"name"`
	Type  string          `json:"type,omitempty"` // absent means string
	Value json.RawMessage `json:"value"`
}

// Tileset is a tileset embedded in the map, or one kept in a file of its
// own (Source set), which is read with WithTilesets.
type Tileset struct {
	FirstGID    uint32     `json:"firstgid,omitempty"` // absent in a tileset file
	Source      string     `json:"source,omitempty"`
	Name        string     `json:"name"`
	TileWidth   int        `json:"tilewidth"`
	TileHeight  int        `json:"tileheight"`
	TileCount   int        `json:"tilecount"`
	Columns     int        `json:"columns"`
	Margin      int        `json:"margin"`
	Spacing     int        `json:"spacing"`
	Image       string     `json:"image,omitempty"`
	ImageWidth  int        `json:"imagewidth,omitempty"`
	ImageHeight int        `json:"imageheight,omitempty"`
	Properties  []Property `json:"properties,omitempty"`
	Tiles       []Tile     `json:"tiles,omitempty"`
}

// MarshalJSON writes a tileset kept in a file as Tiled does: its firstgid
// and source only.
func (ts Tileset) MarshalJSON() ([]byte, error) {
	type plain Tileset
	if ts.Source != "" {
		return json.Marshal(struct {
			FirstGID uint32 `json:"firstgid"`
			Source   string `json:"source"`
		}{ts.FirstGID, ts.Source})
	}
	return json.Marshal(plain(ts))
}

// Tile is the definition of one tile of a tileset: its local id and
// properties.
type Tile struct {
	ID         uint32     `json:"id"`
	Type       string     `json:"type,omitempty"`  // the tile's class (Tiled ≤ 1.8 and ≥ 1.10)
	Class      string     `json:"class,omitempty"` // the same, as Tiled 1.9 writes it
	Properties []Property `json:"properties,omitempty"`
}

// Layer is a tile layer or an object group.
type Layer struct {
	ID          int             `json:"id,omitempty"`
	Name        string          `json:"name"`
	Type        string          `json:"type"` // tilelayer, objectgroup, imagelayer or group
	Visible     bool            `json:"visible"`
	Opacity     float64         `json:"opacity"`
	X           int             `json:"x"`
	Y           int             `json:"y"`
	Width       int             `json:"width,omitempty"`
	Height      int             `json:"height,omitempty"`
	Encoding    string          `json:"encoding,omitempty"`    // csv (default) or base64
	Compression string          `json:"compression,omitempty"` // "", zlib, gzip or zstd
	Data        json.RawMessage `json:"data,omitempty"`        // gids: an array, or base64 text
	Chunks      []any           `json:"chunks,omitempty"`
	DrawOrder   string          `json:"draworder,omitempty"`
	Objects     []Object        `json:"objects,omitempty"`
	Layers      []any           `json:"layers,omitempty"`
	Properties  []Property      `json:"properties,omitempty"`
	// cells are the tile ids of a TMX layer's CSV data, read straight
	// from the text (hasCells) instead of into Data.
	cells    []uint32
	hasCells bool
}

// Object is one object of an object group; x and y are in pixels.
type Object struct {
	ID         int             `json:"id"`
	Name       string          `json:"name"`
	Type       string          `json:"type"`            // the object's class
	Class      string          `json:"class,omitempty"` // the same, as Tiled 1.9 writes it
	X          float64         `json:"x"`
	Y          float64         `json:"y"`
	Width      float64         `json:"width"`
	Height     float64         `json:"height"`
	Rotation   float64         `json:"rotation"`
	Visible    bool            `json:"visible"`
	GID        uint32          `json:"gid,omitempty"`
	Ellipse    bool            `json:"ellipse,omitempty"`
	Point      bool            `json:"point,omitempty"`
	Polygon    json.RawMessage `json:"polygon,omitempty"`
	Polyline   json.RawMessage `json:"polyline,omitempty"`
	Text       json.RawMessage `json:"text,omitempty"`
	Template   string          `json:"template,omitempty"`
	Properties []Property      `json:"properties,omitempty"`
}

// class returns the object's class, as either field holds it.
func (o *Object) class() string {
	if o.Type != "" {
		return o.Type
	}
	return o.Class
}

// Flip flags of a gid (the top bits); the rest is the tile's global id.
const (
	FlipHorizontal = 0x80000000
	FlipVertical   = 0x40000000
	FlipDiagonal   = 0x20000000
	RotateHex120   = 0x10000000
	flagMask       = FlipHorizontal | FlipVertical | FlipDiagonal | RotateHex120
)
