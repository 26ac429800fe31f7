package battle

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// Describe tells an event in words, as a game's log shows it:
// "吕布 (side 0) attacks 赵云: 230 damage (1 shield lost), hp 1270".
// Sides are numbered as in the rules (0 and 1).
func Describe(e engine.Event) string {
	switch e := e.(type) {
	case RoundStart:
		return fmt.Sprintf("— round %d —", e.Round)
	case CityRespawn:
		return fmt.Sprintf("the level-%d city at %v stands again (defence %d)", e.Level, e.At, e.Defence)
	case Pick:
		if e.Old == "" {
			return fmt.Sprintf("side %d picks %s for slot %d", e.Side, e.Hero, e.Slot)
		}
		return fmt.Sprintf("side %d replaces %s by %s (slot %d)", e.Side, e.Old, e.Hero, e.Slot)
	case Spawn:
		return fmt.Sprintf("%s enters at %v with %d hp", who(e.Hero, e.Side), e.At, e.HP)
	case Buff:
		return describeBuff(e)
	case Form:
		how := fmt.Sprintf("for 50 morale and 100 grain (morale %d, grain %d)", e.Morale, e.Grain)
		if e.Free {
			how = "by 斗转星移, at no cost"
		}
		return fmt.Sprintf("side %d takes the formation %s %s", e.Side, e.Form, how)
	case Make:
		return fmt.Sprintf("%s orders %s for %d grain (grain %d)", who(e.Hero, e.Side), soldierWords(e.Archers, e.Shields), e.Cost, e.Grain)
	case Move:
		verb := map[string]string{"move": "moves", "sp": "teleports (瞬移)", "mark": "jumps to the 蜀汉旗 mark"}[e.How]
		return fmt.Sprintf("%s %s %v → %v", who(e.Hero, e.Side), verb, e.From, e.To)
	case Blocked:
		why := map[string]string{"contested": "another unit goes there too", "swap": "the unit there moves into its cell", "occupied": "a unit stays there"}[e.Reason]
		return fmt.Sprintf("%s cannot go %v → %v: %s", who(e.Hero, e.Side), e.From, e.To, why)
	case Skill:
		return describeSkill(e)
	case Heal:
		return fmt.Sprintf("%s heals %d hp (hp %d)", who(e.Hero, e.Side), e.Gain, e.HP)
	case Drain:
		return fmt.Sprintf("%s loses %d hp to 酒狂 (hp %d)", who(e.Hero, e.Side), e.Amount, e.HP)
	case Damage:
		return describeDamage(e)
	case Kill:
		by := "a city"
		if e.By >= 0 {
			by = fmt.Sprintf("side %d", e.By)
		}
		return fmt.Sprintf("%s falls at %v, killed by %s; back at the end of round %d", who(e.Hero, e.Side), e.At, by, e.Respawn)
	case Miss:
		what := map[string]string{"AD": "attack", "SG": "siege", "SK1": "skill 1", "SK2": "skill 2", "AC": "claim"}[e.Via]
		why := map[string]string{"out_of_range": "out of range", "not_on_flag": "not on the flag zone"}[e.Reason]
		return fmt.Sprintf("%s's %s misses: %s", who(e.Hero, e.Side), what, why)
	case Siege:
		return fmt.Sprintf("%s besieges the city at %v: %d damage (defence %d)", who(e.Hero, e.Side), e.At, e.Amount, e.Defence)
	case CityFall:
		return fmt.Sprintf("the level-%d city at %v falls (siege damage %d : %d, grain %d : %d); it stands again in round %d",
			e.Level, e.At, e.Damage[0], e.Damage[1], e.Rewards[0], e.Rewards[1], e.Respawn)
	case Knockback:
		return fmt.Sprintf("%s is knocked back %v → %v", who(e.Hero, e.Side), e.From, e.To)
	case Produce:
		return fmt.Sprintf("%s gets %s", who(e.Hero, e.Side), soldierWords(e.Archers, e.Shields))
	case FlagTaken:
		return fmt.Sprintf("side %d takes the flag zone (heroes on it %d : %d)", e.Side, e.N[0], e.N[1])
	case FlagVoid:
		why := map[string]string{"fewer": "fewer heroes on it", "tie": "as many heroes on it as the other side", "grain": "not enough grain for the upkeep"}[e.Reason]
		return fmt.Sprintf("side %d's claim of the flag zone fails: %s (%d : %d)", e.Side, why, e.N[0], e.N[1])
	case FlagHeld:
		return fmt.Sprintf("side %d holds the flag zone: upkeep %d (grain %d), %d rounds held", e.Side, e.Upkeep, e.Grain, e.Held)
	case FlagStarved:
		return fmt.Sprintf("side %d cannot pay the flag zone's upkeep of %d (grain %d): no round counted", e.Side, e.Upkeep, e.Grain)
	case End:
		return DescribeResult(Result(e))
	}
	return engine.RawWords(e)
}

// DescribeResult tells how a game ended.
func DescribeResult(r Result) string {
	why := map[string]string{ReasonFlag: "by holding the flag zone for 60 rounds", ReasonHeld: "at the round limit, with more rounds held",
		ReasonHeroKills: "at the round limit, with more heroes killed", ReasonSoldierKills: "at the round limit, with more soldiers killed",
		ReasonForfeit: "as the other side gave up"}[r.Reason]
	if r.Winner < 0 {
		return fmt.Sprintf("the game ends in a draw at round %d", r.Round)
	}
	return fmt.Sprintf("side %d wins at round %d, %s", r.Winner, r.Round, why)
}

func who(hero string, side int) string { return fmt.Sprintf("%s (side %d)", hero, side) }

// soldierWords writes "2 archers and 1 shield".
func soldierWords(a, s int) string {
	var parts []string
	if a > 0 {
		parts = append(parts, plural(a, "archer"))
	}
	if s > 0 {
		parts = append(parts, plural(s, "shield"))
	}
	if len(parts) == 0 {
		return "no soldier"
	}
	return strings.Join(parts, " and ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func describeBuff(e Buff) string {
	name := map[int]string{1001: "传国玉玺", 1002: "华佗再世", 1003: "青龙护体", 1004: "酒狂"}[e.ID]
	s := fmt.Sprintf("side %d takes the buff %s (%d)", e.Side, name, e.ID)
	if e.ID == 1001 {
		s += fmt.Sprintf(": %s gets %s", e.Hero, soldierWords(e.Archers, e.Shields))
	}
	return s
}

func describeSkill(e Skill) string {
	s := fmt.Sprintf("%s uses %s (skill %d)", who(e.Hero, e.Side), e.Name, e.Skill)
	switch {
	case e.Target != "":
		s += " on " + e.Target
	case e.At != nil:
		s += fmt.Sprintf(" at %v", *e.At)
	}
	return s
}

func describeDamage(e Damage) string {
	src := e.Src
	if e.SrcSide >= 0 {
		src = who(e.Src, e.SrcSide)
	}
	verb := map[string]string{"AD": "attacks", "SK1": "strikes", "SK2": "strikes", "DOT": "wears down", "CITY": "fires at"}[e.Via]
	s := fmt.Sprintf("%s %s %s: %d damage", src, verb, who(e.Hero, e.Side), e.Amount)
	if e.ShieldsLost+e.ArchersLost > 0 {
		var lost []string
		if e.ShieldsLost > 0 {
			lost = append(lost, plural(e.ShieldsLost, "shield"))
		}
		if e.ArchersLost > 0 {
			lost = append(lost, plural(e.ArchersLost, "archer"))
		}
		s += " (" + strings.Join(lost, " and ") + " lost)"
	}
	return s + fmt.Sprintf(", hp %d", e.HP)
}

// ParseCommand reads a command written as words, as a person types it in
// a terminal: the command's name (any case) and its fields in the order
// of spec §4.2, cells as two numbers —
//
//	PICK 吕布 赵云 关羽 刘备 曹操 孙权    (round 1)     PICK 吕布 赵云 (replace)
//	BUFF 1003 · BUFF 1001 吕布 · FORM 鹤翼阵 · MAKE 刘备 3 2 · QUIT
//	MOVE 吕布 6 5 · SP 吕布 10 12 · AC 刘备 · SG 吕布 20 6 · AD 吕布 赵云
//	SK 关羽 1 曹操 · SK 周瑜 1 7 7 · SK 孙权 2 8 · SK 诸葛亮 2 八卦阵 · SK 刘备 1
func ParseCommand(line string) (Command, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, fmt.Errorf("an empty command")
	}
	op := opByName(strings.ToUpper(f[0]))
	args := f[1:]
	need := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("%s takes %d words after it, not %d", op, n, len(args))
		}
		return nil
	}
	switch op {
	case OpPick:
		if len(args) == 2 {
			return Repick(args[0], args[1]), nil
		}
		return PickTeam(args...), nil
	case OpBuff:
		return parseBuff(args)
	case OpForm:
		if err := need(1); err != nil {
			return Command{}, err
		}
		return Command{Op: OpForm, Fields: FieldForm, Form: args[0]}, nil
	case OpQuit:
		return Quit(), need(0)
	case 0:
		return Command{}, fmt.Errorf("unknown command %q (PICK, BUFF, FORM, MAKE, MOVE, SP, AC, SG, AD, SK, QUIT)", f[0])
	}
	if len(args) == 0 {
		return Command{}, fmt.Errorf("%s names a hero", op)
	}
	hero := args[0]
	args = args[1:]
	switch op {
	case OpAC:
		return Claim(hero), need(0)
	case OpAD:
		if err := need(1); err != nil {
			return Command{}, err
		}
		return Attack(hero, args[0]), nil
	case OpSK:
		return parseSkill(hero, args)
	}
	v, err := intArgs(op, args, 2)
	if err != nil {
		return Command{}, err
	}
	switch op {
	case OpMake:
		return MakeSoldiers(hero, v[0], v[1]), nil
	case OpMove:
		return MoveTo(hero, Point{X: v[0], Y: v[1]}), nil
	case OpSP:
		return Teleport(hero, Point{X: v[0], Y: v[1]}), nil
	}
	return Besiege(hero, Point{X: v[0], Y: v[1]}), nil
}

// parseBuff reads BUFF's words: the buff's id, and the hero for 1001.
func parseBuff(args []string) (Command, error) {
	if len(args) < 1 || len(args) > 2 {
		return Command{}, fmt.Errorf("BUFF takes the buff's id, and the hero for 1001")
	}
	id, err := strconv.Atoi(args[0])
	if err != nil {
		return Command{}, fmt.Errorf("BUFF: %q is not an id", args[0])
	}
	hero := ""
	if len(args) == 2 {
		hero = args[1]
	}
	return TakeBuff(id, hero), nil
}

// intArgs reads the want numbers that are op's remaining words.
func intArgs(op Op, args []string, want int) ([]int, error) {
	if len(args) != want {
		return nil, fmt.Errorf("%s takes %d more words here, not %d", op, want, len(args))
	}
	out := make([]int, want)
	for i, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %q is not a number", op, a)
		}
		out[i] = v
	}
	return out, nil
}

// parseSkill reads SK's words after the hero: the skill and its fields.
func parseSkill(hero string, args []string) (Command, error) {
	h := bfmt.HeroIndex(hero)
	if h < 0 {
		return Command{}, fmt.Errorf("SK: %q is not a hero of the roster", hero)
	}
	if len(args) == 0 {
		return Command{}, fmt.Errorf("SK %s: which skill, 1 or 2?", hero)
	}
	k, err := strconv.Atoi(args[0])
	if err != nil || k < 1 || k > 2 {
		return Command{}, fmt.Errorf("SK %s: the skill is 1 or 2, not %q", hero, args[0])
	}
	args = args[1:]
	fields, optional := skillFields(h, k)
	switch {
	case fields == FieldTarget && len(args) == 1:
		return SkillOn(hero, k, args[0]), nil
	case fields == FieldAt && len(args) == 2:
		x, e1 := strconv.Atoi(args[0])
		y, e2 := strconv.Atoi(args[1])
		if e1 == nil && e2 == nil {
			return SkillAt(hero, k, Point{X: x, Y: y}), nil
		}
	case fields == FieldSoldier && len(args) == 1:
		if v, err := strconv.Atoi(args[0]); err == nil {
			return SkillSoldier(hero, k, v), nil
		}
	case fields == FieldForm && len(args) == 1:
		c := UseSkill(hero, k)
		c.Fields |= FieldForm
		c.Form = args[0]
		return c, nil
	case (fields == 0 || optional != 0) && len(args) == 0:
		return UseSkill(hero, k), nil
	}
	want := map[int]string{FieldTarget: "an enemy hero", FieldAt: "a cell x y", FieldSoldier: "7 (archers) or 8 (shields)", FieldForm: "nothing, or a formation", 0: "nothing"}[fields]
	return Command{}, fmt.Errorf("SK %s %d takes %s", hero, k, want)
}

// Text writes the command as ParseCommand reads it: "MOVE 吕布 6 5".
func (c Command) Text() string {
	w := []string{c.Op.String()}
	add := func(vs ...any) {
		for _, v := range vs {
			w = append(w, fmt.Sprint(v))
		}
	}
	switch {
	case c.Op == OpPick && c.Fields&FieldHeroes != 0:
		w = append(w, c.Heroes...)
	case c.Op == OpPick:
		add(c.Hero, c.As)
	case c.Op == OpBuff:
		add(c.ID)
		if c.Fields&FieldHero != 0 {
			add(c.Hero)
		}
	case c.Op == OpForm:
		add(c.Form)
	case c.Op == OpQuit:
	default:
		add(c.Hero)
	}
	switch c.Op {
	case OpMake:
		add(c.Archers, c.Shields)
	case OpMove, OpSP:
		add(c.To.X, c.To.Y)
	case OpSG:
		add(c.City.X, c.City.Y)
	case OpAD:
		add(c.Target)
	case OpSK:
		add(c.Skill)
		switch {
		case c.Fields&FieldTarget != 0:
			add(c.Target)
		case c.Fields&FieldAt != 0:
			add(c.At.X, c.At.Y)
		case c.Fields&FieldSoldier != 0:
			add(c.Soldier)
		case c.Fields&FieldForm != 0:
			add(c.Form)
		}
	}
	return strings.Join(w, " ")
}
