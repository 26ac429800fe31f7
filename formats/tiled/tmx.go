package tiled

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// IsTMX reports whether src is a map in Tiled's XML form (.tmx) rather
// than its JSON form (.tmj).
func IsTMX(src []byte) bool {
	src = bytes.TrimLeft(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(src) > 0 && src[0] == '<'
}

// tmxReader turns a TMX file into the Map its JSON form would decode to,
// and indexes where each value is in the XML under the paths of the JSON
// form ("layers[0].objects[2].x"), so that the family readers and their
// diagnostics work on either form alike.
type tmxReader struct {
	src []byte
	dec *xml.Decoder
	// base is where in src the decoder started.
	base int
	// ix records where values are (nil: nowhere, while an object is read
	// the first time: see index.items).
	ix *index
}

// offset returns where the decoder is in src.
func (r *tmxReader) offset() int { return r.base + int(r.dec.InputOffset()) }

// parseTMX decodes a TMX map.
func parseTMX(src []byte) (Map, *index, error) {
	r := &tmxReader{src: src, dec: xml.NewDecoder(bytes.NewReader(src)), ix: newIndex()}
	r.ix.again = func(path string, start int) *index { return tmxObjectIndex(src, path, start) }
	var m Map
	for {
		off := r.offset()
		tok, err := r.dec.Token()
		if err != nil {
			if err == io.EOF {
				return m, nil, fmt.Errorf("no <map> element")
			}
			return m, nil, err
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local != "map" {
				return m, nil, fmt.Errorf("the root element is <%s>, not <map>", se.Name.Local)
			}
			if err := r.readMap(&m, se, off); err != nil {
				return m, nil, err
			}
			return m, r.ix, nil
		}
	}
}

// attrs returns the attributes of se by name, recording the offset of each
// value under path.name.
func (r *tmxReader) attrs(se xml.StartElement, off int, path string) map[string]string {
	out := map[string]string{}
	for _, a := range se.Attr {
		out[a.Name.Local] = a.Value
	}
	if r.ix == nil {
		return out
	}
	r.ix.offsets[path] = off
	end := off + bytes.IndexByte(r.src[off:], '>')
	for _, a := range se.Attr {
		if at := bytes.Index(r.src[off:end], []byte(" "+a.Name.Local+"=")); at >= 0 {
			r.ix.offsets[join(path, a.Name.Local)] = off + at + len(a.Name.Local) + 3
		}
	}
	return out
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func atoi(s string) int     { n, _ := strconv.Atoi(s); return n }
func atof(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }

// children calls each for every child element of the element being read,
// with its offset, until the element ends; other content is skipped.
func (r *tmxReader) children(each func(se xml.StartElement, off int) error) error {
	for {
		off := r.offset()
		tok, err := r.dec.Token()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := each(t, off); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		}
	}
}

func (r *tmxReader) readMap(m *Map, se xml.StartElement, off int) error {
	a := r.attrs(se, off, "")
	m.Type = "map"
	m.Version, _ = json.Marshal(a["version"])
	m.TiledVersion = a["tiledversion"]
	m.Orientation = a["orientation"]
	m.RenderOrder = a["renderorder"]
	m.Infinite = a["infinite"] == "1"
	m.Width, m.Height = atoi(a["width"]), atoi(a["height"])
	m.TileWidth, m.TileHeight = atoi(a["tilewidth"]), atoi(a["tileheight"])
	m.NextLayerID, m.NextObjectID = atoi(a["nextlayerid"]), atoi(a["nextobjectid"])
	m.Tilesets, m.Layers = []Tileset{}, []Layer{}
	return r.children(func(c xml.StartElement, off int) error {
		switch c.Name.Local {
		case "properties":
			props, err := r.properties("")
			m.Properties = props
			return err
		case "tileset":
			ts, err := r.tileset(c, off, fmt.Sprintf("tilesets[%d]", len(m.Tilesets)))
			m.Tilesets = append(m.Tilesets, ts)
			return err
		case "layer", "objectgroup", "imagelayer", "group":
			l, err := r.layer(c, off, layerPath(len(m.Layers)))
			m.Layers = append(m.Layers, l)
			return err
		}
		return r.dec.Skip()
	})
}

// properties reads a <properties> element; path is its owner's.
func (r *tmxReader) properties(path string) ([]Property, error) {
	var out []Property
	err := r.children(func(c xml.StartElement, off int) error {
		if c.Name.Local != "property" {
			return r.dec.Skip()
		}
		p := join(path, fmt.Sprintf("properties[%d]", len(out)))
		a := r.attrs(c, off, p)
		value, has := a["value"]
		var text strings.Builder
		if err := r.children(func(xml.StartElement, int) error { return r.dec.Skip() }); err != nil {
			return err
		}
		if !has { // a multi-line text value is the element's content
			end := r.offset()
			start := off + bytes.IndexByte(r.src[off:], '>') + 1
			if close := bytes.LastIndex(r.src[start:end], []byte("</")); close >= 0 {
				raw := r.src[start : start+close]
				var s string
				if xml.Unmarshal([]byte("<v>"+string(raw)+"</v>"), &s) == nil {
					text.WriteString(s)
				}
				if r.ix != nil {
					r.ix.offsets[p+".value"] = start
				}
			}
			value = text.String()
		}
		out = append(out, Property{Name: a["name"], Type: a["type"], Value: propertyValue(a["type"], value)})
		return nil
	})
	return out, err
}

// propertyValue is the JSON form of a property's value as TMX writes it.
func propertyValue(typ, v string) json.RawMessage {
	switch typ {
	case "int", "float", "object":
		if _, err := strconv.ParseFloat(v, 64); err == nil {
			return json.RawMessage(v)
		}
	case "bool":
		if v == "true" || v == "false" {
			return json.RawMessage(v)
		}
	}
	b, _ := json.Marshal(v)
	return b
}

func (r *tmxReader) tileset(se xml.StartElement, off int, path string) (Tileset, error) {
	a := r.attrs(se, off, path)
	ts := Tileset{FirstGID: uint32(atoi(a["firstgid"])), Source: a["source"], Name: a["name"],
		TileWidth: atoi(a["tilewidth"]), TileHeight: atoi(a["tileheight"]), TileCount: atoi(a["tilecount"]),
		Columns: atoi(a["columns"]), Margin: atoi(a["margin"]), Spacing: atoi(a["spacing"])}
	err := r.children(func(c xml.StartElement, off int) error {
		switch c.Name.Local {
		case "image":
			ia := r.attrs(c, off, join(path, "image"))
			ts.Image, ts.ImageWidth, ts.ImageHeight = ia["source"], atoi(ia["width"]), atoi(ia["height"])
		case "properties":
			props, err := r.properties(path)
			ts.Properties = props
			return err
		case "tile":
			tp := join(path, fmt.Sprintf("tiles[%d]", len(ts.Tiles)))
			ta := r.attrs(c, off, tp)
			t := Tile{ID: uint32(atoi(ta["id"])), Type: ta["type"], Class: ta["class"]}
			err := r.children(func(cc xml.StartElement, _ int) error {
				if cc.Name.Local != "properties" {
					return r.dec.Skip()
				}
				props, err := r.properties(tp)
				t.Properties = props
				return err
			})
			ts.Tiles = append(ts.Tiles, t)
			return err
		}
		return r.dec.Skip()
	})
	return ts, err
}

func (r *tmxReader) layer(se xml.StartElement, off int, path string) (Layer, error) {
	a := r.attrs(se, off, path)
	types := map[string]string{"layer": "tilelayer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}
	l := Layer{ID: atoi(a["id"]), Name: a["name"], Type: types[se.Name.Local], Visible: a["visible"] != "0",
		Opacity: 1, X: atoi(a["x"]), Y: atoi(a["y"]), Width: atoi(a["width"]), Height: atoi(a["height"]),
		DrawOrder: a["draworder"]}
	if o, ok := a["opacity"]; ok {
		l.Opacity = atof(o)
	}
	err := r.children(func(c xml.StartElement, off int) error {
		switch c.Name.Local {
		case "properties":
			props, err := r.properties(path)
			l.Properties = props
			return err
		case "data":
			return r.data(&l, c, off, path)
		case "object":
			// The object is read when a family reader asks for it, and
			// where its values are when a diagnostic needs them
			// (source.object, index.items).
			r.ix.items[path+".objects"] = append(r.ix.items[path+".objects"], off)
			return r.dec.Skip()
		}
		return r.dec.Skip()
	})
	return l, err
}

// data reads a tile layer's <data>: CSV becomes an array of ids (each
// indexed at its place in the XML), base64 stays text; chunks (an
// infinite map) and <tile> elements are kept as markers the reader
// refuses.
func (r *tmxReader) data(l *Layer, se xml.StartElement, off int, path string) error {
	a := r.attrs(se, off, path+".data")
	l.Encoding, l.Compression = a["encoding"], a["compression"]
	start := off + bytes.IndexByte(r.src[off:], '>') + 1
	var chunks, tiles int
	err := r.children(func(c xml.StartElement, _ int) error {
		switch c.Name.Local {
		case "chunk":
			chunks++
		case "tile":
			tiles++
		}
		return r.dec.Skip()
	})
	if err != nil {
		return err
	}
	end := r.offset()
	body := r.src[start:end]
	if i := bytes.LastIndex(body, []byte("</")); i >= 0 {
		body = body[:i]
	}
	switch {
	case chunks > 0:
		l.Chunks = make([]any, chunks)
	case l.Encoding == "csv":
		l.Encoding = ""
		r.ix.runs[path+".data"] = []dataRun{{src: r.src, start: start, end: start + len(body), csv: true}}
		if gids, ok := csvGIDs(body); ok {
			l.Data, l.cells, l.hasCells = nil, gids, true
			return nil
		}
		l.Data, l.cells, l.hasCells = csvJSON(body), nil, false
	case l.Encoding == "base64":
		l.Data, _ = json.Marshal(string(bytes.TrimSpace(body)))
		l.cells, l.hasCells = nil, false
	case tiles > 0:
		l.Encoding = "xml"
		l.Data, _ = json.Marshal("")
		l.cells, l.hasCells = nil, false
	}
	return nil
}

// csvGIDs reads CSV tile ids straight into a slice when every one is a
// plain whole number that fits a gid, the form Tiled writes; ok is false
// otherwise (csvJSON then keeps each token for the reader to refuse at
// its place).
func csvGIDs(body []byte) (out []uint32, ok bool) {
	out = make([]uint32, 0, bytes.Count(body, []byte(","))+1)
	for i := 0; i < len(body); {
		for i < len(body) && isCSVSep(body[i]) {
			i++
		}
		j := i
		for j < len(body) && !isCSVSep(body[j]) {
			j++
		}
		if j > i {
			g, ok := plainGID(body[i:j])
			if !ok {
				return nil, false
			}
			out = append(out, g)
		}
		i = j
	}
	return out, true
}

// plainGID parses a whole number written without sign or leading zeros
// that fits 32 bits.
func plainGID(tok []byte) (uint32, bool) {
	if len(tok) == 0 || len(tok) > 10 || (tok[0] == '0' && len(tok) > 1) {
		return 0, false
	}
	var v uint64
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	if v > math.MaxUint32 {
		return 0, false
	}
	return uint32(v), true
}

// csvJSON turns CSV tile ids into a JSON array, each token that is no
// whole number kept as text.
func csvJSON(body []byte) json.RawMessage {
	var arr bytes.Buffer
	arr.WriteByte('[')
	n := 0
	for i := 0; i < len(body); {
		for i < len(body) && isCSVSep(body[i]) {
			i++
		}
		j := i
		for j < len(body) && !isCSVSep(body[j]) {
			j++
		}
		if j > i {
			if n > 0 {
				arr.WriteByte(',')
			}
			n++
			tok := body[i:j]
			if _, err := strconv.ParseUint(string(tok), 10, 64); err != nil {
				tok, _ = json.Marshal(string(tok)) // refused by the reader, at its place
			}
			arr.Write(tok)
		}
		i = j
	}
	arr.WriteByte(']')
	return arr.Bytes()
}

func (r *tmxReader) object(se xml.StartElement, off int, path string) (Object, error) {
	a := r.attrs(se, off, path)
	o := Object{ID: atoi(a["id"]), Name: a["name"], Type: a["type"], Class: a["class"],
		X: atof(a["x"]), Y: atof(a["y"]), Width: atof(a["width"]), Height: atof(a["height"]),
		Rotation: atof(a["rotation"]), Visible: a["visible"] != "0", GID: uint32(atoi(a["gid"])), Template: a["template"]}
	err := r.children(func(c xml.StartElement, off int) error {
		switch c.Name.Local {
		case "properties":
			props, err := r.properties(path)
			o.Properties = props
			return err
		case "ellipse":
			o.Ellipse = true
		case "point":
			o.Point = true
		case "polygon", "polyline":
			pa := r.attrs(c, off, join(path, c.Name.Local))
			pts := pointsJSON(pa["points"])
			if c.Name.Local == "polygon" {
				o.Polygon = pts
			} else {
				o.Polyline = pts
			}
		case "text":
			o.Text = json.RawMessage(`{}`)
		}
		return r.dec.Skip()
	})
	return o, err
}

// tmxObjectIndex reads the object element at start of a TMX map again
// and returns where its values are, under path (the object's path).
func tmxObjectIndex(src []byte, path string, start int) *index {
	r := &tmxReader{src: src, dec: xml.NewDecoder(bytes.NewReader(src[start:])), base: start, ix: newIndex()}
	r.objectAt(path)
	return r.ix
}

// tmxObject reads the object element at start of a TMX map (read whole
// before: it is well formed).
func tmxObject(src []byte, start int) Object {
	r := &tmxReader{src: src, dec: xml.NewDecoder(bytes.NewReader(src[start:])), base: start}
	return r.objectAt("")
}

// objectAt reads the object element at the decoder, indexing its values
// under path when the reader has an index.
func (r *tmxReader) objectAt(path string) Object {
	for {
		off := r.offset()
		tok, err := r.dec.Token()
		if err != nil {
			return Object{}
		}
		if se, ok := tok.(xml.StartElement); ok {
			o, _ := r.object(se, off, path)
			return o
		}
	}
}

// pointsJSON turns TMX points ("0,0 16,8") into their JSON form.
func pointsJSON(s string) json.RawMessage {
	type pt struct {
		X float64 `json:"x"`
		Y float64 `json:"y"`
	}
	pts := []pt{}
	for _, p := range strings.Fields(s) {
		x, y, _ := strings.Cut(p, ",")
		pts = append(pts, pt{atof(x), atof(y)})
	}
	b, _ := json.Marshal(pts)
	return b
}

// tmxError places an error of the XML decoder.
func tmxError(file string, src []byte, err error) error {
	d := diag.Diagnostic{File: file, Severity: diag.Error, Code: diag.CodeJSONSyntax, Message: "not a Tiled TMX map: " + err.Error()}
	var syn *xml.SyntaxError
	if ok := asSyntax(err, &syn); ok {
		d.Line, d.Col = syn.Line, 1
		d.Message = "not XML: " + syn.Msg
	} else {
		d = d.At(srcpos.NewLines(src).Pos(0))
	}
	return &d
}

func asSyntax(err error, target **xml.SyntaxError) bool {
	s, ok := err.(*xml.SyntaxError)
	if ok {
		*target = s
	}
	return ok
}

// ToTMX returns the map whose JSON form is tmj in Tiled's XML form, as
// Tiled itself writes it: tile layers as CSV, one map row to a line.
func ToTMX(tmj []byte) ([]byte, error) {
	var m Map
	if err := json.Unmarshal(tmj, &m); err != nil {
		return nil, fmt.Errorf("tiled: the map to write as TMX: %w", err)
	}
	w := &tmxWriter{}
	w.line(0, `<?xml version="1.0" encoding="UTF-8"?>`)
	var version string
	if json.Unmarshal(m.Version, &version) != nil {
		version = strings.Trim(string(m.Version), `"`)
	}
	infinite := "0"
	if m.Infinite {
		infinite = "1"
	}
	w.open(0, "map", false, "version", version, "tiledversion", m.TiledVersion, "orientation", m.Orientation,
		"renderorder", m.RenderOrder, "width", itoa(m.Width), "height", itoa(m.Height),
		"tilewidth", itoa(m.TileWidth), "tileheight", itoa(m.TileHeight), "infinite", infinite,
		"nextlayerid", itoa(m.NextLayerID), "nextobjectid", itoa(m.NextObjectID))
	w.properties(1, m.Properties)
	for _, ts := range m.Tilesets {
		if ts.Source != "" {
			w.open(1, "tileset", true, "firstgid", itoa(int(ts.FirstGID)), "source", ts.Source)
			continue
		}
		w.tileset(1, ts, "firstgid", itoa(int(ts.FirstGID)))
	}
	for _, l := range m.Layers {
		if err := w.layer(&m, &l); err != nil {
			return nil, err
		}
	}
	w.line(0, "</map>")
	return w.b.Bytes(), nil
}

type tmxWriter struct{ b bytes.Buffer }

// tileset writes a tileset element with the attributes first (name,
// value pairs) before its own.
func (w *tmxWriter) tileset(depth int, ts Tileset, first ...string) {
	attrs := append(first, "name", ts.Name, "tilewidth", itoa(ts.TileWidth), "tileheight", itoa(ts.TileHeight),
		"tilecount", itoa(ts.TileCount), "columns", itoa(ts.Columns))
	w.open(depth, "tileset", false, attrs...)
	w.properties(depth+1, ts.Properties)
	if ts.Image != "" {
		w.open(depth+1, "image", true, "source", ts.Image, "width", itoa(ts.ImageWidth), "height", itoa(ts.ImageHeight))
	}
	for _, t := range ts.Tiles {
		cls := t.Type
		if cls == "" {
			cls = t.Class
		}
		empty := len(t.Properties) == 0
		w.open(depth+1, "tile", empty, "id", itoa(int(t.ID)), "type", cls)
		if !empty {
			w.properties(depth+2, t.Properties)
			w.line(depth+1, "</tile>")
		}
	}
	w.line(depth, "</tileset>")
}

func itoa(n int) string { return strconv.Itoa(n) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func (w *tmxWriter) line(depth int, s string) {
	w.b.WriteString(strings.Repeat(" ", depth) + s + "\n")
}

// open writes a start tag (an empty element when empty) with the
// attributes given as name, value pairs; empty values are left out.
func (w *tmxWriter) open(depth int, name string, empty bool, attrs ...string) {
	var sb strings.Builder
	sb.WriteString("<" + name)
	for i := 0; i+1 < len(attrs); i += 2 {
		if attrs[i+1] == "" {
			continue
		}
		sb.WriteString(" " + attrs[i] + `="`)
		xml.EscapeText(&sb, []byte(attrs[i+1]))
		sb.WriteString(`"`)
	}
	if empty {
		sb.WriteString("/>")
	} else {
		sb.WriteString(">")
	}
	w.line(depth, sb.String())
}

func (w *tmxWriter) properties(depth int, props []Property) {
	if len(props) == 0 {
		return
	}
	w.line(depth, "<properties>")
	for _, p := range props {
		var s string
		if json.Unmarshal(p.Value, &s) != nil {
			s = string(p.Value) // a number or a boolean, as written
		}
		if strings.Contains(s, "\n") { // Tiled writes text of several lines as content
			var sb strings.Builder
			xml.EscapeText(&sb, []byte(s))
			text := strings.ReplaceAll(sb.String(), "&#xA;", "\n")
			attrs := `<property name="` + escapeAttr(p.Name) + `"`
			if p.Type != "" && p.Type != "string" {
				attrs += ` type="` + p.Type + `"`
			}
			w.b.WriteString(strings.Repeat(" ", depth+1) + attrs + ">" + text + "</property>\n")
			continue
		}
		typ := p.Type
		if typ == "string" {
			typ = ""
		}
		w.open(depth+1, "property", true, "name", p.Name, "type", typ, "value", s)
		if s == "" { // an empty value is written all the same
			w.b.Truncate(w.b.Len() - len("/>\n"))
			w.b.WriteString(` value=""/>` + "\n")
		}
	}
	w.line(depth, "</properties>")
}

func escapeAttr(s string) string {
	var sb strings.Builder
	xml.EscapeText(&sb, []byte(s))
	return sb.String()
}

func (w *tmxWriter) layer(m *Map, l *Layer) error {
	switch l.Type {
	case "tilelayer":
		w.open(1, "layer", false, "id", itoa(l.ID), "name", l.Name, "width", itoa(l.Width), "height", itoa(l.Height))
		w.properties(2, l.Properties)
		var gids []uint64
		if err := json.Unmarshal(l.Data, &gids); err != nil {
			return fmt.Errorf("tiled: layer %q: the tile ids to write as CSV: %w", l.Name, err)
		}
		w.line(2, `<data encoding="csv">`)
		for i := 0; i < len(gids); i += max(l.Width, 1) {
			row := gids[i:min(i+max(l.Width, 1), len(gids))]
			parts := make([]string, len(row))
			for k, g := range row {
				parts[k] = strconv.FormatUint(g, 10)
			}
			sep := ","
			if i+len(row) == len(gids) {
				sep = ""
			}
			w.b.WriteString(strings.Join(parts, ",") + sep + "\n")
		}
		w.line(2, "</data>")
		w.line(1, "</layer>")
	case "objectgroup":
		w.open(1, "objectgroup", false, "id", itoa(l.ID), "name", l.Name, "draworder", l.DrawOrder)
		w.properties(2, l.Properties)
		for _, o := range l.Objects {
			w.object(&o)
		}
		w.line(1, "</objectgroup>")
	default:
		return fmt.Errorf("tiled: a %s layer cannot be written as TMX", l.Type)
	}
	return nil
}

func (w *tmxWriter) object(o *Object) {
	cls := o.Type
	if cls == "" {
		cls = o.Class
	}
	gid := ""
	if o.GID != 0 {
		gid = strconv.FormatUint(uint64(o.GID), 10)
	}
	attrs := []string{"id", itoa(o.ID), "name", o.Name, "type", cls, "gid", gid, "x", ftoa(o.X), "y", ftoa(o.Y)}
	if o.Width != 0 || o.Height != 0 {
		attrs = append(attrs, "width", ftoa(o.Width), "height", ftoa(o.Height))
	}
	if o.Rotation != 0 {
		attrs = append(attrs, "rotation", ftoa(o.Rotation))
	}
	if !o.Visible {
		attrs = append(attrs, "visible", "0")
	}
	shape := o.Ellipse || o.Point || len(o.Polygon) > 0 || len(o.Polyline) > 0
	if len(o.Properties) == 0 && !shape {
		w.open(2, "object", true, attrs...)
		return
	}
	w.open(2, "object", false, attrs...)
	w.properties(3, o.Properties)
	switch {
	case o.Ellipse:
		w.line(3, "<ellipse/>")
	case o.Point:
		w.line(3, "<point/>")
	case len(o.Polygon) > 0:
		w.open(3, "polygon", true, "points", tmxPoints(o.Polygon))
	case len(o.Polyline) > 0:
		w.open(3, "polyline", true, "points", tmxPoints(o.Polyline))
	}
	w.line(2, "</object>")
}

// tmxPoints turns JSON points into TMX's "x,y x,y".
func tmxPoints(raw json.RawMessage) string {
	var pts []struct{ X, Y float64 }
	json.Unmarshal(raw, &pts)
	parts := make([]string, len(pts))
	for i, p := range pts {
		parts[i] = ftoa(p.X) + "," + ftoa(p.Y)
	}
	return strings.Join(parts, " ")
}
