package mbg

import (
	"fmt"
	mbgpreview "github.com/shapan/shapan/preview/mbg"
	"image/color"

	mbgeng "github.com/shapan/shapan/engine/mbg"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/preview"
)

// boardView is the board as the server's page draws it, with the look of
// `shapan preview`: every square in the cell preview places it in
// (mbgpreview.BoardCells) and filled with preview's colours, the roles on
// their squares with their money, and the names a decision's options are
// told with. State is the engine's whole view of the game.
type boardView struct {
	Family        string       `json:"family"`
	W             int          `json:"w"`
	H             int          `json:"h"`
	Turn          int          `json:"turn"`
	WinMoney      float32      `json:"win_money"`
	Squares       []squareView `json:"squares"`
	Roles         []roleView   `json:"roles"`
	Names         []string     `json:"names"`
	Officers      []string     `json:"officers"`
	Cities        []string     `json:"cities"`
	Institutes    []string     `json:"institutes"`
	TrainingRooms []string     `json:"training_rooms"`
	Cards         []string     `json:"cards"`
	Techs         []string     `json:"techs"`
	State         mbgeng.View  `json:"state"`
}

// squareView is one square: its cell on the board's grid, its kind and
// name, its owner (-1 none) and city scope (-1 not a city), its mark (障
// a barrier, 贼 a robber) and its fill colour.
type squareView struct {
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Class int    `json:"class"`
	Kind  string `json:"kind"`
	Label string `json:"label"`
	Owner int    `json:"owner"`
	Scope int    `json:"scope"`
	Mark  string `json:"mark,omitempty"`
	Fill  string `json:"fill"`
}

// roleView is a role: its square (-1 off the board), money, whether it is
// out of the game, and its colour.
type roleView struct {
	Name  string  `json:"name"`
	At    int     `json:"at"`
	Money float32 `json:"money"`
	Out   bool    `json:"out"`
	Color string  `json:"color"`
}

// viewer draws the board of one game: the names and the layout, fixed
// when the game starts, and the game's state at each call.
type viewer struct {
	g     *mbgeng.Game
	start mbgpreview.BoardView
	base  boardView
}

func newViewer(g *mbgeng.Game) *viewer {
	v := &viewer{g: g}
	s := g.Setup()
	v.base = boardView{Family: mbgeng.Family, Cards: mbgfmt.CardNames, Techs: mbgfmt.TechNames}
	if s.Scenario != nil {
		v.start = mbgpreview.BoardFromScenario(s.Scenario)
	} else {
		v.start = mbgpreview.BoardFromSave(s.Save)
	}
	n := g.Names()
	v.base.Officers, v.base.Cities, v.base.Institutes, v.base.TrainingRooms, v.base.Names = n.Officers, n.Cities, n.Institutes, n.TrainingRooms, n.Roles
	cells, w, h := mbgpreview.BoardCells(v.start)
	v.base.W, v.base.H = w, h
	for i, sq := range v.start.Squares {
		v.base.Squares = append(v.base.Squares, squareView{X: cells[i].X, Y: cells[i].Y, Class: sq.Class,
			Kind: mbgpreview.SquareKind(sq.Class), Label: sq.Label, Scope: sq.Scope})
	}
	return v
}

// view is the board now.
func (v *viewer) view() boardView {
	gv := v.g.View()
	b := v.base
	b.Turn, b.WinMoney, b.State = gv.Turn, gv.WinMoney, gv
	b.Squares = append([]squareView(nil), v.base.Squares...)
	for i := range b.Squares {
		sq := &b.Squares[i]
		sq.Owner = -1
		if i < len(gv.BoardClass) && gv.BoardClass[i] == mbgfmt.ClassCity {
			if c := gv.BoardBase[i]; c >= 0 && c < len(gv.Cities) {
				sq.Owner = gv.Cities[c].Role
			}
		}
		sq.Fill = hex(mbgpreview.SquareFill(mbgpreview.BoardSquare{Class: sq.Class, Owner: sq.Owner}))
	}
	mark := func(squares []int, m string) {
		for _, l := range squares {
			if l >= 0 && l < len(b.Squares) {
				b.Squares[l].Mark = m
			}
		}
	}
	mark(gv.Barriers, "障")
	mark(gv.Robbers, "贼")
	b.Roles = nil
	for r, ro := range gv.Roles {
		b.Roles = append(b.Roles, roleView{Name: b.Names[r], At: ro.Loc, Money: ro.Money, Out: ro.Loc == -1,
			Color: hex(preview.PlayerColor(r))})
	}
	return b
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
