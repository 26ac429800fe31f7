package tiled

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
)

// Format is the Tiled map form, as --from and --to name it: a Tiled map
// (.tmj, or .tmx, the XML form Tiled saves by default) of a grid family,
// with its tileset image.
const Format formats.Format = "tiled"

func init() {
	formats.RegisterShared(formats.SharedForm{
		Format: Format,
		Exts:   []string{".tmj", ".tmx"},
		Rank:   90,
		Kinds:  []string{ftbt.KindLevel, battle.Kind, planets.Kind},
		Sniff:  Sniff,
		// Battle maps and ftbt levels keep 3–6× their file live while
		// they are read (their tile layers a byte a cell); a planets map
		// decodes its planet and route objects one at a time and keeps
		// some 2× its file (the file, its model and their positions).
		SmallLive: func([]byte) bool { return true },
		Read:      read,
		Write:     write,
	})
}

// read reads a Tiled map of any kind it holds; an ftbt level is read
// with the rules its map names (or those given with the read).
func read(file string, src []byte, ctx *formats.Context) (string, any, *srcpos.Map, error) {
	kind, err := Kind(file, src)
	if err != nil {
		return "", nil, nil, err
	}
	var v any
	var sm *srcpos.Map
	switch kind {
	case ftbt.KindLevel:
		if err := ctx.LoadCompanion(kind, file, RulesPathOf(src), diag.Pos{Line: 1, Col: 1}); err != nil {
			return "", nil, nil, err
		}
		rules, _ := ctx.Companion().(*ftbt.Rules)
		v, sm, err = ReadLevel(file, src, rules, tilesets(ctx, file))
	case battle.Kind:
		v, sm, err = ReadBattle(file, src, tilesets(ctx, file))
	case planets.Kind:
		v, sm, err = ReadPlanets(file, src, tilesets(ctx, file))
	default:
		err = &diag.Diagnostic{File: file, Severity: diag.Error, Code: diag.CodeKind,
			Message: fmt.Sprintf("a Tiled map of kind %q; Shapan reads Tiled maps of ftbt levels, battle maps and planets maps", kind)}
	}
	return kind, v, sm, err
}

// tilesets reads the tileset files a map names, beside the map or below
// it (see formats.Context.ReadNamed).
func tilesets(ctx *formats.Context, file string) Option {
	return WithTilesets(func(name string) ([]byte, error) { return ctx.ReadNamed(file, name, MaxTilesetSize) })
}

// write renders doc as a Tiled map for path, with its tileset image
// beside it (and no image for standard output), and its tileset in the
// file doc.Tileset names when it is set.
func write(doc *formats.Document, path string) ([]byte, map[string][]byte, error) {
	image := ImageName(path)
	var f *Files
	var err error
	switch v := doc.Value.(type) {
	case *ftbt.Level:
		rules, _ := doc.Rules.(*ftbt.Rules)
		f, err = WriteLevel(v, rules, image)
	case *battle.Map:
		f, err = WriteBattle(v, image)
	case *planets.Map:
		f, err = WritePlanets(v, image)
	default:
		err = fmt.Errorf("a %s document cannot be written as a Tiled map", doc.Kind)
	}
	if err != nil {
		return nil, nil, err
	}
	var tileset []byte
	if doc.Tileset != "" {
		if f.Map, tileset, err = External(f.Map, doc.Tileset); err != nil {
			return nil, nil, err
		}
	}
	if strings.EqualFold(filepath.Ext(path), ".tmx") {
		if f.Map, err = ToTMX(f.Map); err != nil {
			return nil, nil, err
		}
	}
	if path == "" {
		return f.Map, nil, nil
	}
	beside := map[string][]byte{filepath.Join(filepath.Dir(path), f.ImageName): f.Image}
	if tileset != nil {
		beside[filepath.Join(filepath.Dir(path), filepath.FromSlash(doc.Tileset))] = tileset
	}
	return f.Map, beside, nil
}
