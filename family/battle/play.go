package battle

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/engine"
	battle "github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// run plays a battle map with the players --players names for
// side 0 and side 1 (default: the tactician on both), seeded from
// --seed; --turns is the round limit (default 1000). A person's side
// is asked its orders in the terminal each round; the events are told in
// words (all of them when a person plays, the kills, falls of cities,
// flag changes and the end otherwise).
func run(doc *formats.Document, o family.PlayOptions, out io.Writer) error {
	m, ok := doc.Value.(*bfmt.Map)
	if !ok {
		return fmt.Errorf("not a battle map")
	}
	setup := battle.SetupOf(m)
	if o.Given["turns"] {
		setup.MaxRounds = o.Turns
	}
	b, err := battle.NewBoard(setup.Map, setup.Roster)
	if err != nil {
		return err
	}
	names, err := seats(o.Players)
	if err != nil {
		return err
	}
	var in *bufio.Scanner
	if o.In != nil {
		in = bufio.NewScanner(o.In)
	}
	players := make([]battle.Player, 2)
	human := false
	board := boardOut{w: rawOf(out), colour: o.Colour}
	for s, name := range names {
		if name == "human" {
			if in == nil {
				return sim.BadPlayers(errors.New("--players: nobody can type a person's orders here"))
			}
			players[s], human = &terminalPlayer{in: in, out: out, board: board, drawEach: o.Board}, true
			continue
		}
		if players[s], err = battle.NewComputer(name, b, o.Seed*2+int64(s)); err != nil {
			return err
		}
	}
	if o.Board && !human {
		// Nobody is asked: the map is drawn before side 0's orders of
		// each round.
		players[0] = drawing(players[0], board)
	}
	fmt.Fprintf(out, "battle: %s, side 0 %s, side 1 %s, seed %d\n", o.File, names[0], names[1], o.Seed)
	tell := func(e engine.Event) {
		switch e.(type) {
		case battle.End:
			return // the summary tells it
		case battle.Kill, battle.CityFall, battle.FlagTaken:
		default:
			if !human {
				return
			}
		}
		fmt.Fprintln(out, battle.Describe(e))
	}
	var r battle.Result
	if o.Trace == nil {
		// No trace asked for: the game is played as sim plays it, without
		// writing every decision's arguments and events as JSON.
		r, err = playUntraced(setup, players, tell)
	} else {
		abs, aerr := filepath.Abs(o.File)
		if aerr != nil {
			return aerr
		}
		header := battle.TraceHeader{Case: filepath.Base(o.File), Map: filepath.ToSlash(abs), Players: strings.Join(names[:], ",")}
		r, err = battle.PlayTraced(setup, players, header, o.Trace, battle.Options{Machine: engine.Options{OnEvent: tell}})
	}
	if err != nil {
		return err
	}
	printBattleSummary(out, r)
	return nil
}

// playUntraced plays a game to its end, telling its events.
func playUntraced(setup battle.Setup, players []battle.Player, tell func(engine.Event)) (battle.Result, error) {
	g, err := battle.New(setup, battle.Options{Machine: engine.Options{DropEvents: true, OnEvent: tell}})
	if err != nil {
		return battle.Result{}, err
	}
	defer g.Close()
	if err := battle.PlayCommands(g, players, engine.PlayOptions{}); err != nil {
		return battle.Result{}, err
	}
	r, ok := g.Outcome()
	if !ok {
		return battle.Result{}, fmt.Errorf("battle: the game ended without a result")
	}
	return r, nil
}

// seats reads --players: two names, human or a computer player (one
// name plays both sides).
func seats(list string) ([2]string, error) {
	seats := [2]string{"tactician", "tactician"}
	if list == "" {
		return seats, nil
	}
	parts := strings.Split(list, ",")
	if len(parts) == 1 {
		parts = append(parts, parts[0]) // one player on both sides
	}
	if len(parts) != 2 {
		return seats, sim.BadPlayers(fmt.Errorf("--players names two players, side 0's and side 1's (human, %s), not %q", strings.Join(battle.ComputerPlayers, ", "), list))
	}
	for s, p := range parts {
		p = strings.TrimSpace(p)
		if p != "human" {
			if err := battle.ValidComputer(p); err != nil {
				return seats, sim.BadPlayers(fmt.Errorf("--players: %q is not human; %v", p, err))
			}
		}
		seats[s] = p
	}
	return seats, nil
}

// printBattleSummary prints the result and both sides' standing.
func printBattleSummary(out io.Writer, r battle.Result) {
	fmt.Fprintln(out, battle.DescribeResult(r))
	fmt.Fprintf(out, "  %-5s %5s %6s %8s %7s %6s %7s %6s %8s\n", "side", "held", "kills", "soldiers", "cities", "grain", "morale", "alive", "soldiers")
	fmt.Fprintf(out, "  %-5s %5s %6s %8s %7s %6s %7s %6s %8s\n", "", "", "heroes", "killed", "taken", "", "", "heroes", "left")
	for s, sd := range r.Sides {
		fmt.Fprintf(out, "  %-5d %5d %6d %8d %7d %6d %7d %6d %8d\n", s, sd.Held, sd.HeroKills, sd.SoldierKills, sd.Cities, sd.Grain, sd.Morale, sd.HeroesAlive, sd.Soldiers)
	}
}

// terminalPlayer is a person typing orders in the terminal.
type terminalPlayer struct {
	in  *bufio.Scanner
	out io.Writer
	// board is where the map is drawn ('show map'), drawEach draws it
	// with the state every round (--board).
	board    boardOut
	drawEach bool
}

// boardOut is where the map is drawn: the output without the escaping
// of document text (its colours must reach the terminal; the map holds
// no text from the document), and whether it takes colours.
type boardOut struct {
	w      io.Writer
	colour bool
}

// draw draws pos's map.
func (b boardOut) draw(pos *battle.Position) { drawMap(b.w, pos, b.colour) }

// rawOf returns the writer w wraps (Unwrap), or w.
func rawOf(w io.Writer) io.Writer {
	if u, ok := w.(interface{ Unwrap() io.Writer }); ok {
		return u.Unwrap()
	}
	return w
}

// drawing returns p drawing the map before each of its answers.
func drawing(p battle.Player, board boardOut) battle.Player {
	return engine.PlayerFunc[*battle.Game](func(g *battle.Game, d *engine.Decision) engine.Answer {
		if a, ok := d.Args.(*battle.OrdersArgs); ok {
			board.draw(a.Position)
		}
		return p.Answer(g, d)
	})
}

const terminalHelp = `Type one command a line, then an empty line to send the orders:
  PICK 吕布 赵云 关羽 刘备 曹操 孙权 (round 1) · PICK DEAD NEW (a hero respawning this round)
  MOVE HERO X Y · SP HERO X Y · AD HERO ENEMY · SG HERO X Y · AC HERO · MAKE HERO ARCHERS SHIELDS
  SK HERO 1|2 [ENEMY | X Y | 7|8 | FORMATION] · FORM 鹤翼阵|八卦阵 · BUFF 1001 HERO|1002|1003|1004 · QUIT
  or a JSON array of commands on one line. 'show' shows the state again, 'show map' draws the map (bases,
  flag zone, cities, obstacles, heroes), 'legal HERO' lists a hero's moves and actions, 'clear' forgets the
  commands typed so far. The end of input gives the game up.`

// Answer shows the state and reads the orders until the rules accept
// them.
func (p *terminalPlayer) Answer(g *battle.Game, d *engine.Decision) engine.Answer {
	a := d.Args.(*battle.OrdersArgs)
	if p.drawEach {
		p.board.draw(a.Position)
	}
	writeBattleState(p.out, a.Position, a.Side)
	fmt.Fprintf(p.out, "side %d, your orders ('help' for the commands):\n", a.Side)
	var cmds []battle.Command
	var bad []string // the lines of this round that are no command
	for {
		if !p.in.Scan() {
			fmt.Fprintf(p.out, "side %d gives up (end of input)\n", a.Side)
			return battle.Encode(battle.Quit())
		}
		line := strings.TrimSpace(p.in.Text())
		switch {
		case line == "" && len(bad) > 0:
			// A line that is no command refuses the whole round, as the
			// rules refuse it: sending the others would play orders the
			// player did not finish.
			fmt.Fprintf(p.out, "refused: %s — none of this round's orders were sent; type them again\n", strings.Join(bad, "; "))
			cmds, bad = nil, nil
		case line == "" || strings.HasPrefix(line, "["):
			answer := battle.Encode(cmds...)
			if line != "" {
				answer = engine.Answer(line)
			}
			if err := g.Check(a.Side, answer); err != nil {
				fmt.Fprintf(p.out, "refused: %v — type the orders again\n", err)
				cmds, bad = nil, nil
				continue
			}
			return answer
		case line == "help":
			fmt.Fprintln(p.out, terminalHelp)
		case line == "show":
			writeBattleState(p.out, a.Position, a.Side)
		case line == "show map" || line == "map":
			p.board.draw(a.Position)
		case line == "clear":
			cmds, bad = nil, nil
		case strings.HasPrefix(line, "legal "):
			writeLegal(p.out, a.Position, a.Side, strings.TrimSpace(strings.TrimPrefix(line, "legal ")))
		default:
			c, err := battle.ParseCommand(line)
			if err != nil {
				fmt.Fprintf(p.out, "  %v (the round's orders will not be sent until it is typed again or 'clear')\n", err)
				bad = append(bad, fmt.Sprintf("%q: %v", line, err))
				continue
			}
			cmds = append(cmds, c)
		}
	}
}

// writeLegal lists the movements and actions of one of the side's heroes.
func writeLegal(out io.Writer, pos *battle.Position, s int, hero string) {
	k := pos.SlotOf(s, hero)
	if k < 0 || !pos.Sides[s].Team[k].Alive {
		fmt.Fprintf(out, "  %s is not a living hero of side %d\n", hero, s)
		return
	}
	for _, list := range [][]battle.Command{pos.Movements(s, k)[1:], pos.Actions(s, k)[1:]} {
		var words []string
		for _, c := range list {
			words = append(words, c.Text())
		}
		fmt.Fprintf(out, "  %s\n", strings.Join(words, " · "))
	}
}

// writeBattleState prints the position as side s sees it: both sides'
// totals and heroes, and the cities.
func writeBattleState(out io.Writer, pos *battle.Position, s int) {
	holder := "nobody"
	if pos.Holder >= 0 {
		holder = fmt.Sprintf("side %d", pos.Holder)
	}
	fmt.Fprintf(out, "\nround %d · the flag zone is held by %s\n", pos.Round, holder)
	for _, side := range []int{s, 1 - s} {
		sd := &pos.Sides[side]
		who := "you"
		if side != s {
			who = "enemy"
		}
		form := sd.Formation.String()
		if form == "" {
			form = "none"
		}
		fmt.Fprintf(out, "side %d (%s): grain %d, morale %d, formation %s, held %d, kills %d heroes %d soldiers, cities %d\n",
			side, who, sd.Grain, sd.Morale, form, sd.Held, sd.HeroKills, sd.SoldierKills, sd.Cities)
		if !sd.Picked {
			continue
		}
		for k := range sd.Team {
			writeUnit(out, pos, side, k)
		}
	}
	var cities []string
	for _, c := range pos.Cities {
		state := fmt.Sprintf("%d", c.Defence)
		if !c.Standing {
			state = fmt.Sprintf("fallen until %d", c.Respawn)
		}
		cities = append(cities, fmt.Sprintf("(%d,%d) L%d %s", c.At.X, c.At.Y, c.Level, state))
	}
	fmt.Fprintf(out, "cities: %s\n", strings.Join(cities, " · "))
}

// writeUnit prints one slot: hero, place, hp, soldiers, skills, statuses.
func writeUnit(out io.Writer, pos *battle.Position, s, k int) {
	v := pos.UnitView(s, k)
	switch {
	case !v.Alive && v.Respawn < pos.Round:
		fmt.Fprintf(out, "  %d %s out of the game (never returns)\n", k, v.Hero)
		return
	case !v.Alive:
		fmt.Fprintf(out, "  %d %s dead, back at the end of round %d\n", k, v.Hero, v.Respawn)
		return
	}
	ready := func(r int) string {
		if r <= pos.Round {
			return "ready"
		}
		return fmt.Sprint(r)
	}
	var status []string
	for _, key := range battle.StatusKeys {
		if until, ok := v.Status[key]; ok {
			status = append(status, fmt.Sprintf("%s→%d", key, until))
		}
	}
	fmt.Fprintf(out, "  %d %s %s at (%d,%d) hp %d/%d, %d archers %d shields (of %d), range %d, skills %s/%s SP %s %s\n",
		k, v.Hero, v.Class, v.At.X, v.At.Y, v.HP, v.MaxHP, v.Archers, v.Shields, v.Command, pos.Hero(s, k).Range,
		ready(v.Ready.Skill1), ready(v.Ready.Skill2), ready(v.Ready.SP), strings.Join(status, " "))
}
