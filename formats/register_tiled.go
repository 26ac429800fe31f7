package formats

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/tiled"
)

func init() {
	registerShared(&sharedForm{
		format: Tiled,
		exts:   []string{".tmj", ".tmx"},
		kinds:  []string{ftbt.KindLevel, battle.Kind, planets.Kind},
		read:   readTiled,
		write:  writeTiled,
	})
}

func readTiled(file string, src []byte, ctx *readContext) (string, any, *srcpos.Map, error) {
	kind, err := tiled.Kind(file, src)
	if err != nil {
		return "", nil, nil, err
	}
	var v any
	var sm *srcpos.Map
	switch kind {
	case ftbt.KindLevel:
		if err := ctx.levelRules(file, tiled.RulesPathOf(src), diag.Pos{Line: 1, Col: 1}); err != nil {
			return "", nil, nil, err
		}
		rules, _ := ctx.rules.(*ftbt.Rules)
		v, sm, err = tiled.ReadLevel(file, src, rules)
	case battle.Kind:
		v, sm, err = tiled.ReadBattle(file, src)
	case planets.Kind:
		v, sm, err = tiled.ReadPlanets(file, src)
	default:
		err = fileError(file, "P013", fmt.Sprintf("a Tiled map of kind %q; Shapan reads Tiled maps of ftbt levels, battle maps and planets maps", kind))
	}
	return kind, v, sm, err
}

func writeTiled(doc *Document, path string) ([]byte, map[string][]byte, error) {
	image := tiled.ImageName(path)
	var f *tiled.Files
	var err error
	switch v := doc.Value.(type) {
	case *ftbt.Level:
		rules, _ := doc.Rules.(*ftbt.Rules)
		f, err = tiled.WriteLevel(v, rules, image)
	case *battle.Map:
		f, err = tiled.WriteBattle(v, image)
	case *planets.Map:
		f, err = tiled.WritePlanets(v, image)
	default:
		err = fmt.Errorf("a %s document cannot be written as a Tiled map", doc.Kind)
	}
	if err != nil {
		return nil, nil, err
	}
	if strings.EqualFold(filepath.Ext(path), ".tmx") {
		if f.Map, err = tiled.ToTMX(f.Map); err != nil {
			return nil, nil, err
		}
	}
	if path == "" {
		return f.Map, nil, nil
	}
	return f.Map, map[string][]byte{filepath.Join(filepath.Dir(path), f.ImageName): f.Image}, nil
}
