package tiled

import (
	"bytes"
	"encoding/json"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// head is what Kind and RulesPathOf read of a map.
type head struct {
	Properties []Property `json:"properties"`
}

// Sniff reports whether a file that begins with head looks like a Tiled
// map whatever its extension: a JSON object with a Tiled map's words
// (Tiled saves JSON maps as .json as well as .tmj) or an XML document
// with a <map> element. Tiled writes a JSON map's fields in the order of
// their names: "compressionlevel" first, the layers (a big map's cells)
// long before "tiledversion".
func Sniff(head []byte) bool {
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	if IsTMX(head) {
		return bytes.Contains(head, []byte("<map "))
	}
	if len(head) == 0 || head[0] != '{' {
		return false
	}
	for _, word := range []string{`"compressionlevel"`, `"tiledversion"`, `"orientation"`, `"tilelayer"`, `"objectgroup"`} {
		if bytes.Contains(head, []byte(word)) {
			return true
		}
	}
	return false
}

// Kind returns the document kind a Tiled map holds: its string map
// property "kind", which Shapan writes on export.
func Kind(file string, src []byte) (string, error) {
	var h head
	if IsTMX(src) {
		m, _, err := parseTMX(src)
		if err != nil {
			return "", tmxError(file, src, err)
		}
		h.Properties = m.Properties
	} else if err := json.Unmarshal(src, &h); err != nil {
		s := &source{file: file}
		s.lines = srcpos.NewLines(src)
		return "", s.jsonError(err)
	}
	if k, ok := stringProperty(h.Properties, "kind"); ok {
		return k, nil
	}
	return "", &diag.Diagnostic{File: file, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeKind,
		Message: "the map has no string property \"kind\" (ftbt/level, battle/map or planets/map): Shapan reads the maps it exported, edited or not"}
}

// RulesPathOf returns the rules file an ftbt level's map names (its
// "rules" map property), or "".
func RulesPathOf(src []byte) string {
	var h head
	if IsTMX(src) {
		m, _, err := parseTMX(src)
		if err != nil {
			return ""
		}
		h.Properties = m.Properties
	} else if json.Unmarshal(src, &h) != nil {
		return ""
	}
	s, _ := stringProperty(h.Properties, "rules")
	return s
}

func stringProperty(list []Property, name string) (string, bool) {
	for _, p := range list {
		if p.Name == name {
			var s string
			if json.Unmarshal(p.Value, &s) == nil {
				return s, true
			}
		}
	}
	return "", false
}
