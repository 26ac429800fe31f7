// Package mbg reads and writes the files of the siege board game: the
// scenario (.map), the save (.sav) and their YAML documents (kinds
// mbg/scenario and mbg/save). The models keep every value of a legacy file,
// including values the game ignores and references that point nowhere, so
// that conversion is lossless both ways and validation can report problems.
package mbg

// Square classes (the class field of a board square).
const (
	ClassEmpty        = 0
	ClassCity         = 1
	ClassSaloon       = 2
	ClassInstitute    = 3
	ClassTrainingRoom = 4
	ClassChance       = 5
)

// ClassNames are the YAML names of the square classes, by class.
var ClassNames = []string{"empty", "city", "saloon", "institute", "training_room", "chance"}

// ScopeNames are the YAML names of city scopes 0, 1, 2.
var ScopeNames = []string{"small", "medium", "large"}

// TechNames are the twelve battle techs, by id.
var TechNames = []string{"弓箭", "火箭", "医疗", "盾牌", "转移", "强击", "离间", "雷击", "混乱", "内讧", "攻城", "流放"}

// CardNames are the fourteen cards, by id.
var CardNames = []string{"障碍", "慢行", "急行", "停止", "双行", "偷盗", "恢复", "流言", "毒药", "离间", "山贼", "联盟", "公愤", "反向"}

// NumTechs and NumCards are the sizes of the static tables.
const (
	NumTechs = 12
	NumCards = 14
)

// Square is one square of the looping board.
type Square struct {
	Class int // one of the Class constants (other values are kept as read)
	// Base is the city, institute or training room the square belongs to
	// (classes 1, 3, 4). The game ignores it for other classes; it is kept
	// as read.
	Base int
	X, Y int // position in the original board window (display only)
}

// Officer is one person of the roster (人员).
type Officer struct {
	Name  string
	Props [5]float32 // wu zhan mou zheng jing
}

// Rect is a rectangle of the original board window (display only).
type Rect struct{ X0, Y0, X1, Y1 int }

// City is one city (城).
type City struct {
	Name             string
	Scope            int   // 0 small, 1 medium, 2 large
	Garrison         []int // officers
	Mayor, Treasurer int   // officer or -1
	Rect             Rect
}

// Role is one faction, that is one player (阵营).
type Role struct {
	Name    string
	Start   int   // starting square; -1: the role never takes part
	Techs   []int // techs known at the start
	Retinue []int // officers travelling with the role
	Cities  []int // cities owned at the start
	Money   float32
	Dir     int // +1 or -1
}

// Institute is a research institute (谋略研究所).
type Institute struct {
	Name  string
	Techs []int // techs that can be studied, in the order offered
	Rect  Rect
}

// TrainingRoom is a training room (修炼所); Item is the trained property.
type TrainingRoom struct {
	Name string
	Item int
	Rect Rect
}

// Scenario is a whole .map file.
type Scenario struct {
	NX, NY        int // size of the original board window (display only)
	WinMoney      float32
	Board         []Square
	Officers      []Officer
	Cities        []City
	Roles         []Role
	Institutes    []Institute
	TrainingRooms []TrainingRoom
	// Trailing holds tokens after the last training room; the game ignores
	// them, we keep them.
	Trailing []string
}

// BaseKey returns the YAML key of a square's base for its class: the
// field of SquareFields the class chooses (Field.KeyBy).
func BaseKey(class int) string {
	return SquareFields.Chosen(SquareFields.Field(rawBaseKey), class).Key
}

// OfficerNames returns the officers' names in order.
func (s *Scenario) OfficerNames() []string {
	out := make([]string, len(s.Officers))
	for i, o := range s.Officers {
		out[i] = o.Name
	}
	return out
}

// CityNames returns the cities' names in order.
func (s *Scenario) CityNames() []string {
	out := make([]string, len(s.Cities))
	for i, c := range s.Cities {
		out[i] = c.Name
	}
	return out
}

// RoleNames returns the roles' names in order.
func (s *Scenario) RoleNames() []string {
	out := make([]string, len(s.Roles))
	for i, r := range s.Roles {
		out[i] = r.Name
	}
	return out
}

// InstituteNames returns the institutes' names in order.
func (s *Scenario) InstituteNames() []string {
	out := make([]string, len(s.Institutes))
	for i, x := range s.Institutes {
		out[i] = x.Name
	}
	return out
}

// TrainingRoomNames returns the training rooms' names in order.
func (s *Scenario) TrainingRoomNames() []string {
	out := make([]string, len(s.TrainingRooms))
	for i, x := range s.TrainingRooms {
		out[i] = x.Name
	}
	return out
}
