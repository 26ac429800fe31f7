package tiled

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
)

// MaxTilesetSize caps the size of an external tileset file read.
const MaxTilesetSize = 16 << 20

// Loader reads a file a map names (an external tileset), by the name the
// map gives, relative to the map's folder. It refuses a name that leaves
// the folder.
type Loader func(name string) ([]byte, error)

// Option adjusts reading a map.
type Option func(*source)

// WithTilesets reads the external tilesets a map names (.tsj or .tsx,
// as Shapan or Tiled writes them) with load; without it they are refused.
func WithTilesets(load Loader) Option { return func(s *source) { s.load = load } }

// readTileset decodes an external tileset file: Tiled's JSON (.tsj) or
// XML (.tsx) form.
func readTileset(data []byte) (Tileset, error) {
	var ts Tileset
	if IsTMX(data) {
		r := &tmxReader{src: data, dec: xml.NewDecoder(bytes.NewReader(data)),
			ix: newIndex()}
		for {
			off := int(r.dec.InputOffset())
			tok, err := r.dec.Token()
			if err != nil {
				if err == io.EOF {
					err = fmt.Errorf("no <tileset> element")
				}
				return ts, err
			}
			if se, ok := tok.(xml.StartElement); ok {
				if se.Name.Local != "tileset" {
					return ts, fmt.Errorf("the root element is <%s>, not <tileset>", se.Name.Local)
				}
				return r.tileset(se, off, "")
			}
		}
	}
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return ts, err
	}
	if head.Type != "" && head.Type != "tileset" {
		return ts, fmt.Errorf("it is a Tiled %s, not a tileset", head.Type)
	}
	err := json.Unmarshal(data, &ts)
	return ts, err
}

// loadTileset replaces the external tileset i of the map by the tileset
// its file holds; it reports false (with the problem recorded) when the
// file cannot be read.
func (s *source) loadTileset(i int) bool {
	ts := &s.m.Tilesets[i]
	p := fmt.Sprintf("tilesets[%d].source", i)
	where := fmt.Sprintf("tileset %s", ts.Source)
	if s.load == nil {
		s.errorf(p, where, diag.CodeStructure, "the tileset is kept in %s; embed it in the map (Tiled: Map ▸ Embed Tilesets)", ts.Source)
		return false
	}
	data, err := s.load(ts.Source)
	if err != nil {
		s.errorf(p, where, diag.CodeStructure, "the tileset cannot be read: %v", err)
		return false
	}
	ext, err := readTileset(data)
	if err != nil {
		s.errorf(p, where, diag.CodeJSONSyntax, "the tileset is not a Tiled tileset (.tsj or .tsx): %v", err)
		return false
	}
	ext.FirstGID, ext.Source = ts.FirstGID, ""
	*ts = ext
	return true
}

// External moves the tileset of a map Shapan wrote (its JSON form) to a
// tileset file named name, relative to the map's folder: Tiled's JSON
// tileset (.tsj) or XML one (.tsx), by its extension. It returns the map,
// which names the file, and the file's content; the tileset's image,
// written beside the map, is named relative to the tileset's folder.
func External(tmj []byte, name string) (mapJSON, tileset []byte, err error) {
	if err := formats.InFolder(name); err != nil {
		return nil, nil, fmt.Errorf("tiled: the tileset %s: %w", name, err)
	}
	ext := strings.ToLower(path.Ext(name))
	if ext != ".tsj" && ext != ".tsx" && ext != ".json" {
		return nil, nil, fmt.Errorf("tiled: the tileset %s: name a .tsj (JSON) or .tsx (XML) file", name)
	}
	var m Map
	if err := json.Unmarshal(tmj, &m); err != nil {
		return nil, nil, fmt.Errorf("tiled: the map: %w", err)
	}
	if len(m.Tilesets) != 1 || m.Tilesets[0].Source != "" {
		return nil, nil, fmt.Errorf("tiled: the map has %d tilesets; one embedded tileset is written to a file", len(m.Tilesets))
	}
	ts := m.Tilesets[0]
	if dir := path.Dir(path.Clean(filepath.ToSlash(name))); dir != "." && ts.Image != "" {
		up := strings.Repeat("../", strings.Count(dir, "/")+1)
		ts.Image = up + ts.Image
	}
	m.Tilesets[0] = Tileset{FirstGID: ts.FirstGID, Source: filepath.ToSlash(name)}
	ts.FirstGID = 0
	if mapJSON, err = marshalMap(&m); err != nil {
		return nil, nil, err
	}
	if ext == ".tsx" {
		w := &tmxWriter{}
		w.line(0, `<?xml version="1.0" encoding="UTF-8"?>`)
		w.tileset(0, ts, "version", "1.8")
		return mapJSON, w.b.Bytes(), nil
	}
	type plain Tileset
	out := struct {
		Type    string          `json:"type"`
		Version json.RawMessage `json:"version"`
		plain
	}{"tileset", json.RawMessage(formatVersion), plain(ts)}
	tileset, err = json.MarshalIndent(out, "", " ")
	if err != nil {
		return nil, nil, err
	}
	return mapJSON, append(tileset, '\n'), nil
}

// marshalMap encodes a map as the writer does, the tile ids of each
// layer one map row to a line.
func marshalMap(m *Map) ([]byte, error) {
	b := &builder{m: *m}
	b.m.Layers = append([]Layer(nil), m.Layers...)
	for i := range b.m.Layers {
		l := &b.m.Layers[i]
		var gids []uint32
		if l.Type != "tilelayer" || json.Unmarshal(l.Data, &gids) != nil {
			continue
		}
		l.Data = json.RawMessage(`"@data` + fmt.Sprint(len(b.data)) + `@"`)
		b.data = append(b.data, gids)
	}
	return b.encode()
}
