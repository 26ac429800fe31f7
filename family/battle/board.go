package battle

import (
	"fmt"
	"io"
	"strings"

	battle "github.com/shapan/shapan/engine/battle"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// The glyphs of the map drawn at the terminal. Terrain takes the grid
// format's symbols (B for both bases; the legend says whose base is
// where, the colours say it too); side 0's heroes are the digits of their
// slots, side 1's the letters a to f.
const (
	glyphBase    = 'B'
	heroGlyphs0  = "012345"
	heroGlyphs1  = "abcdef"
	fallenCities = "sml" // a fallen city of level 1, 2, 3
	glyphSeveral = '*'   // several heroes on one cell (a base)
)

// ANSI styles of the coloured map: side 0 red, side 1 blue.
const (
	styleReset    = "\x1b[0m"
	styleSpace    = "\x1b[90m"       // grey
	styleMountain = "\x1b[33m"       // brown-yellow
	styleWater    = "\x1b[36m"       // cyan
	styleFlag     = "\x1b[1;33m"     // bold yellow, when nobody holds it
	styleCity     = "\x1b[1;35m"     // bold magenta
	styleFallen   = "\x1b[2;35m"     // dim magenta
	styleRuler    = "\x1b[2m"        // dim
	styleHero0    = "\x1b[1;97;41m"  // bold white on red
	styleHero1    = "\x1b[1;97;44m"  // bold white on blue
	styleSide0    = "\x1b[1;31m"     // bold red
	styleSide1    = "\x1b[1;94m"     // bold bright blue
	styleHeld0    = "\x1b[1;31;103m" // the flag zone held by side 0
	styleHeld1    = "\x1b[1;94;103m" // the flag zone held by side 1
	styleNone     = ""
)

// cell is one drawn cell: its glyph and its style.
type cell struct {
	glyph byte
	style string
}

// drawMap draws pos's map, one character a cell (x to the right, y
// downward, both from 0, with rulers), then a legend and each side's
// heroes with their places; colour adds ANSI colours (for a terminal).
func drawMap(w io.Writer, pos *battle.Position, colour bool) error {
	b := pos.Board
	cells := mapCells(pos)
	out := &painter{colour: colour}
	holder := "nobody"
	if pos.Holder >= 0 {
		holder = fmt.Sprintf("side %d", pos.Holder)
	}
	fmt.Fprintf(&out.b, "map %d×%d, round %d · x to the right, y down · the flag zone is held by %s\n", b.W, b.H, pos.Round, holder)
	out.rows(cells, b.W, b.H)
	out.b.WriteString(strings.Join([]string{
		out.key(styleSide0, "B", "base of side 0"+at(b.Bases[0])), out.key(styleSide1, "B", "base of side 1"+at(b.Bases[1])),
		out.key(styleFlag, "F", "flag zone"), out.key(styleCity, "S M L", "city (level 1–3)"), out.key(styleFallen, "s m l", "fallen city"),
	}, " · ") + "\n")
	out.b.WriteString(strings.Join([]string{
		out.key(styleMountain, "^", "mountain"), out.key(styleWater, "~", "water"), out.key(styleSpace, ".", "open ground"),
		"0–5 side 0's heroes (slots)", "a–f side 1's", "* several heroes",
	}, " · ") + "\n")
	out.heroes(pos)
	_, err := io.WriteString(w, out.b.String())
	return err
}

// mapCells draws every cell of the position: terrain, bases, the flag
// zone in its holder's colour, fallen cities and the living heroes ('*'
// where several share a cell).
func mapCells(pos *battle.Position) []cell {
	b := pos.Board
	cells := make([]cell, b.W*b.H)
	for i, code := range b.Map.Cells.All() {
		cells[i] = terrain(code)
	}
	for s, base := range b.Bases {
		st := styleSide0
		if s == 1 {
			st = styleSide1
		}
		for _, p := range base {
			cells[b.Map.Index(p.X, p.Y)] = cell{glyphBase, st}
		}
	}
	flag := styleFlag
	switch pos.Holder {
	case 0:
		flag = styleHeld0
	case 1:
		flag = styleHeld1
	}
	for _, p := range b.Flag {
		cells[b.Map.Index(p.X, p.Y)].style = flag
	}
	for i, c := range pos.Cities {
		if !c.Standing {
			p := b.CityCells[i]
			cells[b.Map.Index(p.X, p.Y)] = cell{fallenCities[b.CityLevel[i]-1], styleFallen}
		}
	}
	heroes := make(map[int]int) // heroes drawn on a cell
	for s := range pos.Sides {
		if !pos.Sides[s].Picked {
			continue
		}
		glyphs, st := sideGlyphs(s)
		for k, u := range pos.Sides[s].Team {
			if !u.Alive || !b.Map.In(u.At.X, u.At.Y) {
				continue
			}
			i := b.Map.Index(u.At.X, u.At.Y)
			c := &cells[i]
			if heroes[i]++; heroes[i] > 1 {
				*c = cell{glyphSeveral, st} // the list below says who
				continue
			}
			*c = cell{glyphs[k], st}
		}
	}
	return cells
}

// sideGlyphs returns the glyphs of side s's hero slots and their style.
func sideGlyphs(s int) (string, string) {
	if s == 1 {
		return heroGlyphs1, styleHero1
	}
	return heroGlyphs0, styleHero0
}

// painter writes the drawing, in colour when asked.
type painter struct {
	b      strings.Builder
	colour bool
}

// paint writes text in style.
func (p *painter) paint(style, text string) {
	if p.colour && style != styleNone {
		p.b.WriteString(style + text + styleReset)
		return
	}
	p.b.WriteString(text)
}

// key returns a legend entry: the glyph in its style, then what it means.
func (p *painter) key(style, glyph, what string) string {
	if p.colour && style != styleNone {
		return style + glyph + styleReset + " " + what
	}
	return glyph + " " + what
}

// rows writes the rulers and the w×h cells, a run of cells of one style
// painted at once.
func (p *painter) rows(cells []cell, w, h int) {
	margin := len(fmt.Sprint(h - 1))
	tens, ones := []byte(strings.Repeat(" ", w)), make([]byte, w)
	for x := range w {
		if x%10 == 0 {
			tens[x] = byte('0' + x/10%10)
		}
		ones[x] = byte('0' + x%10)
	}
	pad := strings.Repeat(" ", margin+1)
	p.paint(styleRuler, pad+string(tens))
	p.b.WriteByte('\n')
	p.paint(styleRuler, pad+string(ones))
	p.b.WriteByte('\n')
	for y := range h {
		p.paint(styleRuler, fmt.Sprintf("%*d ", margin, y))
		row := cells[y*w : (y+1)*w]
		for x := 0; x < len(row); {
			end := x + 1
			for end < len(row) && row[end].style == row[x].style {
				end++
			}
			text := make([]byte, end-x)
			for i := range text {
				text[i] = row[x+i].glyph
			}
			p.paint(row[x].style, string(text))
			x = end
		}
		p.b.WriteByte('\n')
	}
}

// heroes writes where every hero of each side is.
func (p *painter) heroes(pos *battle.Position) {
	for s := range pos.Sides {
		glyphs, st := sideGlyphs(s)
		fmt.Fprintf(&p.b, "side %d: ", s)
		if !pos.Sides[s].Picked {
			p.b.WriteString("no heroes picked yet\n")
			continue
		}
		var list []string
		for k, u := range pos.Sides[s].Team {
			hero := p.key(st, string(glyphs[k]), pos.Hero(s, k).Name)
			switch {
			case u.Alive:
				list = append(list, fmt.Sprintf("%s (%d,%d)", hero, u.At.X, u.At.Y))
			case u.Gone(pos.Round):
				list = append(list, hero+" out of the game")
			default:
				list = append(list, fmt.Sprintf("%s dead until %d", hero, u.Respawn))
			}
		}
		p.b.WriteString(strings.Join(list, " · ") + "\n")
	}
}

// terrain is the drawn cell of a map code.
func terrain(code int) cell {
	switch code {
	case bfmt.CodeSpace:
		return cell{'.', styleSpace}
	case bfmt.CodeMountain:
		return cell{'^', styleMountain}
	case bfmt.CodeWater:
		return cell{'~', styleWater}
	case bfmt.CodeFlag:
		return cell{'F', styleFlag}
	case bfmt.CodeBase:
		return cell{'B', styleNone} // a base is drawn with its side
	case bfmt.CodeCity1:
		return cell{'S', styleCity}
	case bfmt.CodeCity2:
		return cell{'M', styleCity}
	case bfmt.CodeCity3:
		return cell{'L', styleCity}
	}
	return cell{'?', styleNone} // the engine accepts no other code
}

// at says where a base is: its first cell.
func at(cells []battle.Point) string {
	if len(cells) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d,%d)", cells[0].X, cells[0].Y)
}
