package mbg

import (
	"fmt"
	"github.com/shapan/shapan/preview"
	"image"
	"image/color"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/mbg"
)

func init() {
	preview.Register(mbg.KindScenario, func(doc *formats.Document, o preview.Options) (image.Image, error) {
		s, ok := doc.Value.(*mbg.Scenario)
		if !ok {
			return nil, fmt.Errorf("not an mbg scenario")
		}
		return Board(BoardFromScenario(s), o), nil
	})
	preview.Register(mbg.KindSave, func(doc *formats.Document, o preview.Options) (image.Image, error) {
		s, ok := doc.Value.(*mbg.Save)
		if !ok {
			return nil, fmt.Errorf("not an mbg save")
		}
		return Board(BoardFromSave(s), o), nil
	})
}

// BoardView is what a board rendering shows: the scenario at its start, a
// saved game, or a game in play.
type BoardView struct {
	Title    string
	Squares  []BoardSquare
	Roles    []BoardRole
	WinMoney float32
	Turn     int // 0 when not in play
	// Selected marks one square (for the studio), -1 for none.
	Selected int
}

// BoardSquare is one square as drawn.
type BoardSquare struct {
	Class int
	Label string // the building's name, or the square type's
	Owner int    // owning role of a city, -1 none
	Scope int    // city scope, -1 for other squares
	X, Y  int    // explicit position in the board window, when laid out by hand
	Mark  string // a barrier or robber
}

// BoardRole is one role as drawn.
type BoardRole struct {
	Name  string
	At    int // square, -1 when not on the board
	Money float32
	Out   bool // eliminated or not taking part
}

var classLabels = []string{"空地", "城", "会馆", "研究所", "修炼所", "机会"}

func squareLabel(class int) string {
	if class >= 0 && class < len(classLabels) {
		return classLabels[class]
	}
	return fmt.Sprintf("类型%d", class)
}

func buildingLabel(class, base int, cities, insts, rooms []string) string {
	pick := func(names []string) string {
		if base >= 0 && base < len(names) {
			return names[base]
		}
		return fmt.Sprintf("#%d?", base)
	}
	switch class {
	case mbg.ClassCity:
		return pick(cities)
	case mbg.ClassInstitute:
		return pick(insts)
	case mbg.ClassTrainingRoom:
		return pick(rooms)
	}
	return squareLabel(class)
}

// BoardFromScenario describes a scenario's starting position.
func BoardFromScenario(s *mbg.Scenario) BoardView {
	owner := make([]int, len(s.Cities))
	for i := range owner {
		owner[i] = -1
	}
	for r, ro := range s.Roles {
		for _, c := range ro.Cities {
			if c >= 0 && c < len(owner) {
				owner[c] = r
			}
		}
	}
	v := BoardView{WinMoney: s.WinMoney, Selected: -1}
	for _, sq := range s.Board {
		bs := BoardSquare{Class: sq.Class, Owner: -1, Scope: -1, X: sq.X, Y: sq.Y,
			Label: buildingLabel(sq.Class, sq.Base, s.CityNames(), s.InstituteNames(), s.TrainingRoomNames())}
		if sq.Class == mbg.ClassCity && sq.Base >= 0 && sq.Base < len(s.Cities) {
			bs.Owner = owner[sq.Base]
			bs.Scope = s.Cities[sq.Base].Scope
		}
		v.Squares = append(v.Squares, bs)
	}
	for _, ro := range s.Roles {
		v.Roles = append(v.Roles, BoardRole{Name: ro.Name, At: ro.Start, Money: ro.Money, Out: ro.Start == -1})
	}
	return v
}

// BoardFromSave describes a saved game.
func BoardFromSave(s *mbg.Save) BoardView {
	var cities, insts, rooms []string
	for _, c := range s.Cities {
		cities = append(cities, c.Name)
	}
	for _, x := range s.Institutes {
		insts = append(insts, x.Name)
	}
	for _, x := range s.TrainingRooms {
		rooms = append(rooms, x.Name)
	}
	v := BoardView{WinMoney: s.WinMoney, Turn: s.Turn, Selected: -1}
	for _, sq := range s.Board {
		bs := BoardSquare{Class: sq.Class, Owner: -1, Scope: -1, Label: buildingLabel(sq.Class, sq.Base, cities, insts, rooms)}
		if sq.Class == mbg.ClassCity && sq.Base >= 0 && sq.Base < len(s.Cities) {
			bs.Owner = s.Cities[sq.Base].Role
			bs.Scope = s.Cities[sq.Base].Scope
		}
		switch {
		case sq.Barrier:
			bs.Mark = "障"
		case sq.Robber:
			bs.Mark = "贼"
		}
		v.Squares = append(v.Squares, bs)
	}
	for _, ro := range s.Roles {
		v.Roles = append(v.Roles, BoardRole{Name: ro.Name, At: ro.Loc, Money: ro.Money, Out: ro.Loc == -1})
	}
	return v
}

// PerimeterLayout places n squares on the edge of a rectangle, square 0 at
// the top left and going clockwise, as the original game's board does (a
// square when n is divisible by 4). It returns the cell of every square
// and the rectangle's size in cells.
func PerimeterLayout(n int) (cells []image.Point, w, h int) {
	if n <= 0 {
		return nil, 0, 0
	}
	if n < 4 {
		for i := 0; i < n; i++ {
			cells = append(cells, image.Pt(i, 0))
		}
		return cells, n, 1
	}
	ring := n + n%2 // a ring always has an even number of cells
	// 2(w+h)-4 = ring, w ≥ h, as square as possible.
	half := (ring + 4) / 2
	h = half / 2
	w = half - h
	for i := 0; len(cells) < n; i++ {
		switch {
		case i < w: // top, left to right
			cells = append(cells, image.Pt(i, 0))
		case i < w+h-1: // right side, downwards
			cells = append(cells, image.Pt(w-1, i-w+1))
		case i < 2*w+h-2: // bottom, right to left
			cells = append(cells, image.Pt(w-1-(i-(w+h-2)), h-1))
		default: // left side, upwards
			cells = append(cells, image.Pt(0, h-1-(i-(2*w+h-3))))
		}
	}
	return cells, w, h
}

// BoardCells returns where each square is drawn: the perimeter layout
// when no square has a position (the original game's maps have 0 0 for
// every square), the positions set otherwise. While two or more squares
// are still at 0 0 beside squares placed by hand (a designer moved a few
// squares of such a map), the squares at 0 0 are not placed yet and keep
// their cell of the perimeter layout.
func BoardCells(v BoardView) (cells []image.Point, w, h int) {
	unplaced := 0
	for _, sq := range v.Squares {
		if sq.X == 0 && sq.Y == 0 {
			unplaced++
		}
	}
	if unplaced == len(v.Squares) {
		return PerimeterLayout(len(v.Squares))
	}
	var auto []image.Point
	if unplaced > 1 {
		auto, w, h = PerimeterLayout(len(v.Squares))
	}
	for i, sq := range v.Squares {
		at := image.Pt(sq.X, sq.Y)
		if auto != nil && at == (image.Point{}) {
			at = auto[i]
		}
		cells = append(cells, at)
		w, h = max(w, at.X+1), max(h, at.Y+1)
	}
	return cells, w, h
}

var classColors = []color.RGBA{
	{0xfa, 0xfa, 0xf5, 0xff}, // empty
	{0xe8, 0xe8, 0xe8, 0xff}, // city (tinted by owner)
	{0xe9, 0xd6, 0xb8, 0xff}, // saloon
	{0xd9, 0xd2, 0xf0, 0xff}, // institute
	{0xf7, 0xd9, 0xb4, 0xff}, // training room
	{0xfb, 0xf0, 0xa8, 0xff}, // chance
}

// SquareFill is the colour a square is filled with: its owner's colour,
// lightened, for an owned city, else the colour of its kind.
func SquareFill(sq BoardSquare) color.RGBA {
	if sq.Owner >= 0 {
		return preview.Tint(preview.PlayerColor(sq.Owner), 0.7)
	}
	if sq.Class >= 0 && sq.Class < len(classColors) {
		return classColors[sq.Class]
	}
	return color.RGBA{0xff, 0xcc, 0xcc, 0xff}
}

// SquareKind names a square's kind in Chinese (空地, 城, 会馆, …).
func SquareKind(class int) string { return squareLabel(class) }

// BoardTile is the size of a square in pixels at scale 1, and BoardMargin
// the space around the board.
const (
	BoardTile   = 72
	BoardMargin = 16
)

// Board draws a board view.
func Board(v BoardView, o preview.Options) image.Image {
	k := o.Factor()
	tile := BoardTile * k
	cells, w, h := BoardCells(v)
	margin := BoardMargin * k
	inside := w >= 4 && h >= 4 // room for the legend inside the ring
	legendH := 0.0
	if !inside {
		legendH = float64(len(v.Roles)+1)*22*k + 12*k
	}
	width := int(2*margin + float64(max(w, 5))*tile)
	height := int(2*margin + float64(h)*tile + legendH)
	c := preview.NewCanvas(width, height, preview.PaperColor)
	c.SetMinText(o.MinText)
	if c.TooLarge() {
		return c.Result()
	}
	at := func(i int) (float64, float64) {
		return margin + float64(cells[i].X)*tile, margin + float64(cells[i].Y)*tile
	}
	for i, sq := range v.Squares {
		x, y := at(i)
		bg := SquareFill(sq)
		c.FillRect(x+1, y+1, x+tile-1, y+tile-1, bg)
		c.StrokeRect(x, y, x+tile, y+tile, 1, preview.GridColor)
		if sq.Owner >= 0 {
			c.FillRect(x+1, y+1, x+tile-1, y+6*k, preview.PlayerColor(sq.Owner))
		}
		if i == v.Selected {
			c.StrokeRect(x+1, y+1, x+tile-1, y+tile-1, 3*k, preview.HighlightColor)
		}
		c.Text(x+4*k, y+12*k, 9*k, preview.FaintColor, preview.AnchorLeft, fmt.Sprint(i))
		if sq.Scope >= 0 {
			c.Text(x+tile-4*k, y+12*k, 10*k, preview.FaintColor, preview.AnchorRight, []string{"小", "中", "大"}[min(max(sq.Scope, 0), 2)])
		}
		c.Text(x+tile/2, y+tile/2, 13*k, preview.InkColor, preview.AnchorCentre, preview.FitText(13*k, tile-6*k, sq.Label))
		if sq.Class != mbg.ClassCity && sq.Class >= 0 && sq.Class < len(classLabels) && sq.Label != classLabels[sq.Class] {
			c.Text(x+tile/2, y+tile/2+15*k, 9*k, preview.FaintColor, preview.AnchorCentre, classLabels[sq.Class])
		}
		if sq.Mark != "" {
			c.FillCircle(x+tile-11*k, y+tile-11*k, 8*k, preview.ErrorColor)
			c.Text(x+tile-11*k, y+tile-11*k, 10*k, preview.WhiteColor, preview.AnchorCentre, sq.Mark)
		}
	}
	// Roles standing on squares: tokens along the bottom of the tile.
	onSquare := map[int]int{}
	for r, ro := range v.Roles {
		if ro.Out || ro.At < 0 || ro.At >= len(cells) {
			continue
		}
		x, y := at(ro.At)
		n := onSquare[ro.At]
		onSquare[ro.At]++
		cx, cy := x+12*k+float64(n)*18*k, y+tile-12*k
		c.FillCircle(cx, cy, 8.5*k, preview.PlayerColor(r))
		c.Text(cx, cy, 10*k, preview.WhiteColor, preview.AnchorCentre, string([]rune(ro.Name + "?")[0]))
	}
	// The legend: inside the ring when there is room, else below.
	boardLegend(c, v, inside, tile, margin, k, h, height)
	return c.Result()
}

// boardLegend draws the title and the roles of a board: inside the ring
// (inside), or below it.
func boardLegend(c *preview.Canvas, v BoardView, inside bool, tile, margin, k float64, h, height int) {
	lx, ly := margin+tile+12*k, margin+tile+18*k
	bottom := margin + float64(h-1)*tile - 8*k
	if !inside {
		lx, ly = margin, margin+float64(h)*tile+18*k
		bottom = float64(height)
	}
	title := v.Title
	if title == "" {
		title = fmt.Sprintf("%d 格 · 胜利金额 %s", len(v.Squares), money(v.WinMoney))
	}
	if v.Turn > 0 {
		title += fmt.Sprintf(" · 第 %d 回合", v.Turn)
	}
	c.Text(lx, ly, 14*k, preview.InkColor, preview.AnchorLeft, title)
	for r, ro := range v.Roles {
		y := ly + float64(r+1)*22*k
		if y > bottom {
			break
		}
		col := preview.PlayerColor(r)
		if ro.Out {
			col = preview.PlayerColor(-1)
		}
		c.FillCircle(lx+7*k, y, 7*k, col)
		label := fmt.Sprintf("%s  %s", ro.Name, money(ro.Money))
		if ro.Out {
			label += "  (不参战)"
		}
		c.Text(lx+20*k, y, 12*k, preview.InkColor, preview.AnchorLeft, label)
	}
}

func money(m float32) string {
	if m == float32(int64(m)) {
		return fmt.Sprintf("%d", int64(m))
	}
	return fmt.Sprintf("%.1f", m)
}
