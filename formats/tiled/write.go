package tiled

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// TileSize is the size in pixels of the tiles of the maps Shapan writes.
const TileSize = 32

// formatVersion is the JSON format version written: Tiled 1.8's, which
// later versions read too.
const formatVersion = `"1.8"`

// Files is an exported map: its JSON and the tileset image the JSON names
// (a PNG, written beside the map).
type Files struct {
	Map       []byte
	Image     []byte
	ImageName string
}

// ImageName returns the name of the tileset image written beside the map
// at mapPath: "NAME.tiles.png" for "NAME.tmj".
func ImageName(mapPath string) string {
	base := mapPath
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	if base == "" {
		base = "map"
	}
	return base + ".tiles.png"
}

// tileSpec is one tile of a generated tileset: how it is drawn and what it
// stands for.
type tileSpec struct {
	color color.RGBA
	label string // drawn in the tile's corner: the grid symbol
	class string
	props []Property
}

// builder assembles a map to write.
type builder struct {
	m    Map
	data [][]uint32 // per tile layer, in layer order
}

func newBuilder(w, h int, props []Property) *builder {
	return &builder{m: Map{
		Type: "map", Version: json.RawMessage(formatVersion), Orientation: "orthogonal", RenderOrder: "right-down",
		Width: w, Height: h, TileWidth: TileSize, TileHeight: TileSize, NextLayerID: 1, NextObjectID: 1,
		Properties: props, Tilesets: []Tileset{}, Layers: []Layer{},
	}}
}

// tileset adds the generated tileset; tile k has gid k+1.
func (b *builder) tileset(name, imageName string, specs []tileSpec) {
	cols := min(max(len(specs), 1), 8)
	rows := max((len(specs)+cols-1)/cols, 1)
	ts := Tileset{FirstGID: 1, Name: name, TileWidth: TileSize, TileHeight: TileSize, TileCount: len(specs), Columns: cols,
		Image: imageName, ImageWidth: cols * TileSize, ImageHeight: rows * TileSize}
	for k, sp := range specs {
		ts.Tiles = append(ts.Tiles, Tile{ID: uint32(k), Type: sp.class, Properties: sp.props})
	}
	b.m.Tilesets = append(b.m.Tilesets, ts)
}

func (b *builder) tileLayer(name string, gids []uint32) {
	id := b.m.NextLayerID
	b.m.NextLayerID++
	b.m.Layers = append(b.m.Layers, Layer{ID: id, Name: name, Type: "tilelayer", Visible: true, Opacity: 1,
		Width: b.m.Width, Height: b.m.Height, Data: json.RawMessage(`"@data` + strconv.Itoa(len(b.data)) + `@"`)})
	b.data = append(b.data, gids)
}

func (b *builder) objectLayer(name string, objs []Object) {
	id := b.m.NextLayerID
	b.m.NextLayerID++
	for k := range objs {
		objs[k].ID = b.m.NextObjectID
		objs[k].Visible = true
		b.m.NextObjectID++
	}
	b.m.Layers = append(b.m.Layers, Layer{ID: id, Name: name, Type: "objectgroup", Visible: true, Opacity: 1,
		DrawOrder: "topdown", Objects: objs})
}

// cellObject returns a rectangle object covering cell (x, y).
func cellObject(name, class string, x, y int, props []Property) Object {
	return Object{Name: name, Type: class, X: float64(x * TileSize), Y: float64(y * TileSize),
		Width: TileSize, Height: TileSize, Properties: props}
}

// encode writes the map as indented JSON, with the tile ids of each layer
// one map row to a line.
func (b *builder) encode() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(&b.m); err != nil {
		return nil, fmt.Errorf("tiled: encoding the map: %w", err)
	}
	out := buf.Bytes()
	for k, gids := range b.data {
		mark := []byte(`"@data` + strconv.Itoa(k) + `@"`)
		at := bytes.Index(out, mark)
		if at < 0 {
			return nil, fmt.Errorf("tiled: lost the data of layer %d", k)
		}
		indent := at - bytes.LastIndexByte(out[:at], '\n') - 1 - len(`"data": `)
		rows := gidRows(gids, b.m.Width, strings.Repeat(" ", max(indent, 0)+1))
		out = append(out[:at:at], append([]byte(rows), out[at+len(mark):]...)...)
	}
	return out, nil
}

func gidRows(gids []uint32, w int, indent string) string {
	var sb strings.Builder
	sb.WriteString("[")
	for i, g := range gids {
		if i%w == 0 {
			sb.WriteString("\n" + indent)
		}
		sb.WriteString(strconv.FormatUint(uint64(g), 10))
		if i < len(gids)-1 {
			sb.WriteString(",")
			if (i+1)%w != 0 {
				sb.WriteString(" ")
			}
		}
	}
	sb.WriteString("\n" + indent[:max(len(indent)-1, 0)] + "]")
	return sb.String()
}

// files encodes the map and draws its tileset image.
func (b *builder) files(specs []tileSpec, imageName string) (*Files, error) {
	data, err := b.encode()
	if err != nil {
		return nil, err
	}
	img, err := tilesetPNG(specs)
	if err != nil {
		return nil, err
	}
	return &Files{Map: data, Image: img, ImageName: imageName}, nil
}

// tilesetPNG draws the tiles eight to a row: each a square of its colour
// with a darker rim and its label in the top-left corner.
func tilesetPNG(specs []tileSpec) ([]byte, error) {
	cols := min(max(len(specs), 1), 8)
	rows := max((len(specs)+cols-1)/cols, 1)
	img := image.NewRGBA(image.Rect(0, 0, cols*TileSize, rows*TileSize))
	for k, sp := range specs {
		x0, y0 := (k%cols)*TileSize, (k/cols)*TileSize
		rim := color.RGBA{sp.color.R * 4 / 5, sp.color.G * 4 / 5, sp.color.B * 4 / 5, 0xff}
		draw.Draw(img, image.Rect(x0, y0, x0+TileSize, y0+TileSize), image.NewUniform(rim), image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(x0+1, y0+1, x0+TileSize-1, y0+TileSize-1), image.NewUniform(sp.color), image.Point{}, draw.Src)
		if sp.label != "" {
			d := font.Drawer{Dst: img, Src: image.NewUniform(ink(sp.color)), Face: basicfont.Face7x13,
				Dot: fixed.P(x0+3, y0+12)}
			d.DrawString(sp.label)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("tiled: drawing the tileset: %w", err)
	}
	return buf.Bytes(), nil
}

// ink is black on light colours and white on dark ones.
func ink(c color.RGBA) color.RGBA {
	if 299*int(c.R)+587*int(c.G)+114*int(c.B) > 128*1000 {
		return color.RGBA{0x20, 0x20, 0x20, 0xff}
	}
	return color.RGBA{0xf4, 0xf4, 0xf4, 0xff}
}

// hexColor writes c as "#rrggbb".
func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
