package mbg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine"
)

// Decision kinds: the names of spec §9.
const (
	KindSelRoleAction      = "sel_role_action"
	KindGetFileName        = "get_file_name"
	KindIsOccuCity         = "is_occu_city"
	KindSelCityMos         = "sel_city_mos"
	KindSelMayor           = "sel_mayor"
	KindSelTreasurer       = "sel_treasurer"
	KindIsAttackCity       = "is_attack_city"
	KindSaloonSelPeople    = "saloon_sel_people"
	KindSelStudy           = "sel_study"
	KindSelTrain           = "sel_train"
	KindBattleWithRole     = "battle_with_role"
	KindConfirmCard        = "confirm_card"
	KindSelCardObjRole     = "sel_card_obj_role"
	KindSelCardObjLoc      = "sel_card_obj_loc"
	KindSelCardObjAny      = "sel_card_obj_any"
	KindSelCardObjPeople   = "sel_card_obj_people"
	KindSelAllocObj        = "sel_alloc_obj"
	KindExchangeCityPeople = "exchange_city_people"
	KindIsCancelStudy      = "is_cancel_study"
	KindIsCancelTrain      = "is_cancel_train"
	KindSelGeneral         = "sel_general"
)

// Kinds lists every decision kind the rules ask, in the order of spec §9:
// a client that answers them all can play any game (the server's page
// has a control for each, and its browser test answers each once).
var Kinds = []string{KindSelRoleAction, KindGetFileName, KindIsOccuCity, KindSelCityMos, KindSelMayor,
	KindSelTreasurer, KindIsAttackCity, KindSaloonSelPeople, KindSelStudy, KindSelTrain, KindBattleWithRole,
	KindConfirmCard, KindSelCardObjRole, KindSelCardObjLoc, KindSelCardObjAny, KindSelCardObjPeople,
	KindSelAllocObj, KindExchangeCityPeople, KindIsCancelStudy, KindIsCancelTrain, KindSelGeneral}

// MaxScale bounds battle scales (is_attack_city, battle_with_role): the
// original accepts any integer, but a scale s means 40 + 30·s battle
// rounds, and a huge one would stall the game (or overflow); answers
// outside ±MaxScale are refused.
const MaxScale = 1000

// Arguments of the decisions; they marshal to the golden "args".

// CardsArgs are the arguments of sel_role_action: the role's card counts.
type CardsArgs struct {
	Cards [NumCards]int `json:"cards"`
}

// NoArgs are the (empty) arguments of get_file_name and sel_alloc_obj.
type NoArgs struct{}

// CityArgs are the arguments of is_occu_city and is_attack_city.
type CityArgs struct {
	City int `json:"city"`
}

// CityMosArgs are the arguments of sel_city_mos: the travelling officers.
type CityMosArgs struct {
	PList []int `json:"plist"`
	City  int   `json:"city"`
}

// OfficialArgs are the arguments of sel_mayor and sel_treasurer.
type OfficialArgs struct {
	City         int   `json:"city"`
	PList        []int `json:"plist"`
	OldMayor     int   `json:"old_mayor"`
	OldTreasurer int   `json:"old_treasurer"`
}

// SaloonArgs are the arguments of saloon_sel_people: up to three
// candidates (level order) and their prices.
type SaloonArgs struct {
	PList []int     `json:"plist"`
	Price []float32 `json:"price"`
}

// StudyArgs are the arguments of sel_study.
type StudyArgs struct {
	Inst  int   `json:"inst"`
	PList []int `json:"plist"`
	TList []int `json:"tlist"`
}

// TrainArgs are the arguments of sel_train.
type TrainArgs struct {
	Train int   `json:"train"`
	PList []int `json:"plist"`
	Item  int   `json:"item"`
}

// ObjArgs are the arguments of battle_with_role: the other role.
type ObjArgs struct {
	Obj int `json:"obj"`
}

// CardArgs are the arguments of confirm_card and sel_card_obj_*.
type CardArgs struct {
	Card int `json:"card"`
}

// CardPeopleArgs are the arguments of sel_card_obj_people.
type CardPeopleArgs struct {
	Card  int   `json:"card"`
	PList []int `json:"plist"`
}

// ExchangeArgs are the arguments of exchange_city_people.
type ExchangeArgs struct {
	City   int   `json:"city"`
	SPList []int `json:"splist"`
	OPList []int `json:"oplist"`
}

// CancelStudyArgs are the arguments of is_cancel_study.
type CancelStudyArgs struct {
	P         int     `json:"p"`
	OnStudy   int     `json:"on_study"`
	LeftPoint float32 `json:"left_point"`
}

// CancelTrainArgs are the arguments of is_cancel_train.
type CancelTrainArgs struct {
	P         int `json:"p"`
	Item      int `json:"item"`
	LeftRound int `json:"left_round"`
}

// GeneralArgs are the arguments of sel_general: the eligible officers.
type GeneralArgs struct {
	PList []int `json:"plist"`
}

// Exchange is the answer to exchange_city_people: indices into splist
// entering the city, then indices into oplist leaving it.
type Exchange struct {
	In  []int `json:"in"`
	Out []int `json:"out"`
}

// Answer decoding of mbg's own answers, beside engine.DecodeInt and its
// kin: every decoder refuses null and values of the wrong JSON type, so
// that a Check and the rules read an answer the same way.

// DecodePair reads an answer of two integers, [a, b].
func DecodePair(a engine.Answer) (int, int, error) {
	v, err := engine.DecodeInts(a)
	if err != nil || len(v) != 2 {
		return 0, 0, errors.New("the answer must be a list of two integers")
	}
	return v[0], v[1], nil
}

// DecodeExchange reads an exchange_city_people answer.
func DecodeExchange(a engine.Answer) (Exchange, error) {
	var raw *struct {
		In  []*int `json:"in"`
		Out []*int `json:"out"`
	}
	d := json.NewDecoder(bytes.NewReader(a))
	d.DisallowUnknownFields()
	bad := errors.New(`the answer must be {"in": [indices], "out": [indices]}`)
	if err := d.Decode(&raw); err != nil || raw == nil {
		return Exchange{}, bad
	}
	in, err1 := engine.Ints(raw.In)
	out, err2 := engine.Ints(raw.Out)
	if err1 != nil || err2 != nil {
		return Exchange{}, bad
	}
	return Exchange{In: in, Out: out}, nil
}

// index checks that i is a valid index into a list of n (or -1 when
// allowed).
func index(i, n int, orNone bool, what string) error {
	if orNone && i == -1 {
		return nil
	}
	if i < 0 || i >= n {
		if orNone {
			return fmt.Errorf("%s must be -1 or an index from 0 to %d, not %d", what, n-1, i)
		}
		return fmt.Errorf("%s must be an index from 0 to %d, not %d", what, n-1, i)
	}
	return nil
}

// The ask helpers pose a decision whose Check refuses exactly the answers
// that would crash the original (spec §13.1) or have the wrong shape, and
// return the decoded answer.

func (g *game) ask(player int, kind string, args any, check func(engine.Answer) error) engine.Answer {
	a := g.play.Ask(&engine.Decision{Player: player, Kind: kind, Args: args, Check: check,
		Legal: func() engine.Legal { return g.legal(player, kind, args) }})
	if g.cp != nil {
		g.cp.answers = append(g.cp.answers, a)
	}
	return a
}

// askInt asks for an integer that valid accepts.
func (g *game) askInt(player int, kind string, args any, valid func(int) error) int {
	a := g.ask(player, kind, args, func(a engine.Answer) error {
		v, err := engine.DecodeInt(a)
		if err != nil {
			return err
		}
		if valid != nil {
			return valid(v)
		}
		return nil
	})
	v, _ := engine.DecodeInt(a)
	return v
}

// askIndex asks for -1 or an index into a list of n.
func (g *game) askIndex(player int, kind string, args any, n int) int {
	return g.askInt(player, kind, args, func(v int) error { return index(v, n, true, "the answer") })
}

// askBool asks a yes/no question.
func (g *game) askBool(player int, kind string, args any) bool {
	a := g.ask(player, kind, args, func(a engine.Answer) error {
		_, err := engine.DecodeBool(a)
		return err
	})
	v, _ := engine.DecodeBool(a)
	return v
}

// askPair asks for [a, b] that valid accepts.
func (g *game) askPair(player int, kind string, args any, valid func(a, b int) error) (int, int) {
	a := g.ask(player, kind, args, func(a engine.Answer) error {
		x, y, err := DecodePair(a)
		if err != nil {
			return err
		}
		if valid != nil {
			return valid(x, y)
		}
		return nil
	})
	x, y, _ := DecodePair(a)
	return x, y
}

// askIndices asks for a list of indices into a list of n.
func (g *game) askIndices(player int, kind string, args any, n int) []int {
	a := g.ask(player, kind, args, func(a engine.Answer) error {
		v, err := engine.DecodeInts(a)
		if err != nil {
			return err
		}
		for _, i := range v {
			if err := index(i, n, false, "every index"); err != nil {
				return err
			}
		}
		return nil
	})
	v, _ := engine.DecodeInts(a)
	return v
}

// askString asks for a string.
func (g *game) askString(player int, kind string, args any) string {
	a := g.ask(player, kind, args, func(a engine.Answer) error {
		_, err := engine.DecodeString(a)
		return err
	})
	v, _ := engine.DecodeString(a)
	return v
}

// askScale asks for a battle scale (is_attack_city, battle_with_role).
func (g *game) askScale(player int, kind string, args any) int {
	return g.askInt(player, kind, args, func(v int) error {
		if v < -MaxScale || v > MaxScale {
			return fmt.Errorf("a battle scale must be from %d to %d, not %d", -MaxScale, MaxScale, v)
		}
		return nil
	})
}
