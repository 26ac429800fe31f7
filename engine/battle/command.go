package battle

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// Op is a command's name (the field c of spec §4.2). The zero Op is no
// command.
type Op int

// The commands.
const (
	OpPick Op = iota + 1
	OpBuff
	OpForm
	OpMake
	OpMove
	OpSP
	OpAC
	OpSG
	OpAD
	OpSK
	OpQuit
)

// opNames are the commands' names, by Op.
var opNames = [...]string{"", "PICK", "BUFF", "FORM", "MAKE", "MOVE", "SP", "AC", "SG", "AD", "SK", "QUIT"}

// String returns the command's name.
func (o Op) String() string {
	if o > 0 && int(o) < len(opNames) {
		return opNames[o]
	}
	return "?"
}

// opByName returns the Op called name (exactly), or 0.
func opByName(name string) Op {
	for i, n := range opNames {
		if i > 0 && n == name {
			return Op(i)
		}
	}
	return 0
}

// The fields a command may carry, as bits of Command.Fields.
const (
	FieldHero = 1 << iota
	FieldHeroes
	FieldAs
	FieldID
	FieldSkill
	FieldForm
	FieldArchers
	FieldShields
	FieldTo
	FieldCity
	FieldTarget
	FieldAt
	FieldSoldier
)

// fieldNames are the JSON keys of the field bits, in bit order.
var fieldNames = [...]string{"hero", "heroes", "as", "id", "skill", "form", "archers", "shields", "to", "city", "target", "at", "soldier"}

// Command is one command of an answer (spec §4.2). Which fields it carries
// is Fields (a set of Field* bits); Encode writes exactly those, so build
// commands with the constructors (Move, AD, SK, ...) or set Fields.
type Command struct {
	Op     Op
	Fields int
	Hero   string   // the hero of the answering side it commands
	Heroes []string // PICK in round 1: the team
	As     string   // PICK in a play round: the replacement
	ID     int      // BUFF
	// Form: FORM's formation, or 斗转星移's optional one.
	Form    string
	Archers int // MAKE
	Shields int // MAKE
	To      Point
	City    Point
	Target  string // AD and targeted skills: an enemy hero
	Skill   int    // SK: 1 or 2
	At      Point  // 蜀汉旗 and 火攻
	Soldier int    // 制衡: 7 or 8
}

// Constructors of the commands a player sends.

// PickTeam is round 1's PICK.
func PickTeam(heroes ...string) Command {
	return Command{Op: OpPick, Fields: FieldHeroes, Heroes: heroes}
}

// Repick replaces the dead hero, respawning this round, by as.
func Repick(hero, as string) Command {
	return Command{Op: OpPick, Fields: FieldHero | FieldAs, Hero: hero, As: as}
}

// TakeBuff takes buff id (1001 names a hero: hero; the others take "").
func TakeBuff(id int, hero string) Command {
	c := Command{Op: OpBuff, Fields: FieldID, ID: id}
	if hero != "" {
		c.Fields |= FieldHero
		c.Hero = hero
	}
	return c
}

// SetForm switches the formation.
func SetForm(f Formation) Command { return Command{Op: OpForm, Fields: FieldForm, Form: f.String()} }

// MakeSoldiers produces soldiers for a hero.
func MakeSoldiers(hero string, archers, shields int) Command {
	return Command{Op: OpMake, Fields: FieldHero | FieldArchers | FieldShields, Hero: hero, Archers: archers, Shields: shields}
}

// MoveTo moves a hero one cell, or to its mark.
func MoveTo(hero string, to Point) Command {
	return Command{Op: OpMove, Fields: FieldHero | FieldTo, Hero: hero, To: to}
}

// Teleport is SP (瞬移).
func Teleport(hero string, to Point) Command {
	return Command{Op: OpSP, Fields: FieldHero | FieldTo, Hero: hero, To: to}
}

// Claim is AC.
func Claim(hero string) Command { return Command{Op: OpAC, Fields: FieldHero, Hero: hero} }

// Besiege is SG on the city at city.
func Besiege(hero string, city Point) Command {
	return Command{Op: OpSG, Fields: FieldHero | FieldCity, Hero: hero, City: city}
}

// Attack is AD on an enemy hero.
func Attack(hero, target string) Command {
	return Command{Op: OpAD, Fields: FieldHero | FieldTarget, Hero: hero, Target: target}
}

// UseSkill is SK without fields (the skills that take none).
func UseSkill(hero string, skill int) Command {
	return Command{Op: OpSK, Fields: FieldHero | FieldSkill, Hero: hero, Skill: skill}
}

// SkillOn is SK with a target (龙胆突刺, 一骑当千, 虎豹骑召令, 鬼谋, 天命).
func SkillOn(hero string, skill int, target string) Command {
	c := UseSkill(hero, skill)
	c.Fields |= FieldTarget
	c.Target = target
	return c
}

// SkillAt is SK at a cell (蜀汉旗, 火攻).
func SkillAt(hero string, skill int, at Point) Command {
	c := UseSkill(hero, skill)
	c.Fields |= FieldAt
	c.At = at
	return c
}

// SkillSoldier is 制衡 with the soldier kind (7 archers, 8 shields).
func SkillSoldier(hero string, skill, soldier int) Command {
	c := UseSkill(hero, skill)
	c.Fields |= FieldSoldier
	c.Soldier = soldier
	return c
}

// SkillForm is 斗转星移 with a formation.
func SkillForm(hero string, skill int, f Formation) Command {
	c := UseSkill(hero, skill)
	c.Fields |= FieldForm
	c.Form = f.String()
	return c
}

// Quit forfeits the game.
func Quit() Command { return Command{Op: OpQuit} }

// Encode returns the answer made of cmds (an empty list for none).
func Encode(cmds ...Command) engine.Answer {
	b := make([]byte, 0, 64*len(cmds)+2)
	return AppendCommands(b, cmds)
}

// AppendCommands appends the JSON array of cmds to b.
func AppendCommands(b []byte, cmds []Command) []byte {
	b = append(b, '[')
	for i := range cmds {
		if i > 0 {
			b = append(b, ',')
		}
		b = cmds[i].AppendJSON(b)
	}
	return append(b, ']')
}

// MarshalJSON writes the command as spec §4.2 does.
func (c Command) MarshalJSON() ([]byte, error) { return c.AppendJSON(nil), nil }

// AppendJSON appends the command's JSON object to b: "c" and the fields
// of c.Fields, in the order of the Field bits.
func (c *Command) AppendJSON(b []byte) []byte {
	b = append(b, `{"c":"`...)
	b = append(b, c.Op.String()...)
	b = append(b, '"')
	for bit, name := range fieldNames {
		if c.Fields&(1<<bit) == 0 {
			continue
		}
		b = append(b, `,"`...)
		b = append(b, name...)
		b = append(b, `":`...)
		b = c.appendField(b, 1<<bit)
	}
	return append(b, '}')
}

func (c *Command) appendField(b []byte, f int) []byte {
	switch f {
	case FieldHero:
		return appendString(b, c.Hero)
	case FieldHeroes:
		b = append(b, '[')
		for i, h := range c.Heroes {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, h)
		}
		return append(b, ']')
	case FieldAs:
		return appendString(b, c.As)
	case FieldForm:
		return appendString(b, c.Form)
	case FieldTarget:
		return appendString(b, c.Target)
	case FieldTo:
		return appendCell(b, c.To)
	case FieldCity:
		return appendCell(b, c.City)
	case FieldAt:
		return appendCell(b, c.At)
	}
	return strconv.AppendInt(b, int64(c.intField(f)), 10)
}

func (c *Command) intField(f int) int {
	switch f {
	case FieldID:
		return c.ID
	case FieldArchers:
		return c.Archers
	case FieldShields:
		return c.Shields
	case FieldSkill:
		return c.Skill
	}
	return c.Soldier
}

// skillFields returns the fields SK of skill k (1 or 2) of the hero with
// roster index h takes besides hero and skill, and those it may omit.
func skillFields(h, k int) (fields, optional int) {
	switch bfmt.DefaultRoster[h].Skills[k-1] {
	case "龙胆突刺", "一骑当千", "虎豹骑召令", "鬼谋", "天命":
		return FieldTarget, 0
	case "蜀汉旗", "火攻":
		return FieldAt, 0
	case "制衡":
		return FieldSoldier, 0
	case "斗转星移":
		return FieldForm, FieldForm
	}
	return 0, 0
}

// SkillField names the field (besides hero and skill) that SK of skill k
// (1 or 2) of the hero with roster index h takes — "target", "at",
// "soldier", "form" or "" for none — and whether it may be omitted; a
// client offers the right choice with it.
func SkillField(h, k int) (field string, optional bool) {
	if h < 0 || h >= len(bfmt.DefaultRoster) || k < 1 || k > 2 {
		return "", false
	}
	fields, opt := skillFields(h, k)
	for i, name := range fieldNames {
		if fields == 1<<i {
			return name, opt != 0
		}
	}
	return "", false
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	plain := utf8.ValidString(s)
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] >= 0x20 && s[i] != '"' && s[i] != '\\' && s[i] != 0x7f
	}
	if plain {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	q, _ := json.Marshal(s)
	return append(b, q...)
}
