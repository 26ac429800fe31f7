package mbg

import (
	"math/bits"

	"github.com/shapan/shapan/engine"
)

// The legal answers of every decision (engine.Decision.Legal): the
// answers the rules act on — an action card held, an affordable hire, a
// target on the right side, ... — and not those the rules refuse, re-ask
// or ignore. Quitting and saving are not listed, and a battle scale, which
// may be any integer, is listed over the scales the original's own games
// use (none, 0, 1, 2; the golden battles use 0–2).

// legalScales are the listed battle scales (-1: no battle).
var legalScales = []int{-1, 0, 1, 2}

// legal lists the answers of role r to the decision kind with args.
func (s *state) legal(r int, kind string, args any) engine.Legal {
	switch a := args.(type) {
	case CardsArgs: // sel_role_action: throw the dice (-1) or play a card held
		opts := []int{-1}
		for c, n := range a.Cards {
			if n > 0 {
				opts = append(opts, c)
			}
		}
		return engine.LegalValues(opts...)
	case CityArgs: // is_occu_city, is_attack_city
		if kind == KindIsOccuCity {
			return engine.LegalValues(true, false)
		}
		return engine.LegalValues(legalScales...)
	case CityMosArgs:
		return subsets(len(a.PList))
	case OfficialArgs:
		return indexOrNone(len(a.PList))
	case SaloonArgs:
		opts := []int{-1}
		for i, price := range a.Price {
			if s.roles[r].money > price {
				opts = append(opts, i)
			}
		}
		return engine.LegalValues(opts...)
	case StudyArgs:
		return studyPairs(len(a.PList), len(a.TList))
	case TrainArgs:
		return indexOrNone(len(a.PList))
	case ObjArgs: // battle_with_role
		return engine.LegalValues(legalScales...)
	case CardArgs:
		return s.cardLegal(kind, r, a.Card)
	case CardPeopleArgs:
		if len(a.PList) == 0 {
			return engine.LegalValues(-1)
		}
		return indices(len(a.PList))
	case NoArgs:
		if kind == KindGetFileName {
			return engine.LegalValues("")
		}
		return engine.LegalValues(append(s.allocTargets(r), [2]int{-1, -1})...)
	case ExchangeArgs:
		return exchanges(len(a.SPList), len(a.OPList))
	case CancelStudyArgs, CancelTrainArgs:
		return engine.LegalValues(true, false)
	case GeneralArgs: // [main, vice], each an index or -1
		n := int64(len(a.PList)) + 1
		return engine.Legal{N: n * n, At: func(i int64) engine.Answer {
			return engine.Encode([2]int64{i/n - 1, i%n - 1})
		}}
	}
	return engine.LegalValues(-1)
}

// cardLegal lists the targets of a card question.
func (s *state) cardLegal(kind string, u, card int) engine.Legal {
	switch kind {
	case KindConfirmCard:
		return engine.LegalValues(0, 1)
	case KindSelCardObjRole:
		return engine.LegalValues(append([]int{-1}, s.cardTargets(u, card)...)...)
	case KindSelCardObjLoc:
		return indexOrNone(len(s.board))
	case KindSelCardObjAny:
		places := s.officerPlaces(u, card)
		opts := make([][2]int, 0, len(places)+1)
		for _, pl := range places {
			opts = append(opts, [2]int{pl.st, pl.obj})
		}
		return engine.LegalValues(append(opts, [2]int{-1, -1})...)
	}
	return engine.LegalValues(-1)
}

// indices lists 0 … n-1.
func indices(n int) engine.Legal {
	return engine.Legal{N: int64(n), At: func(i int64) engine.Answer { return engine.Encode(i) }}
}

// indexOrNone lists -1 and 0 … n-1.
func indexOrNone(n int) engine.Legal {
	return engine.Legal{N: int64(n) + 1, At: func(i int64) engine.Answer { return engine.Encode(i - 1) }}
}

// studyPairs lists [officer, tech] for every pair, then [-1, -1].
func studyPairs(np, nt int) engine.Legal {
	n := int64(np) * int64(nt)
	return engine.Legal{N: n + 1, At: func(i int64) engine.Answer {
		if i == n {
			return engine.Encode([2]int{-1, -1})
		}
		return engine.Encode([2]int64{i / int64(nt), i % int64(nt)})
	}}
}

// maxSubsetBits bounds the items of a listed subset, so that their number
// fits an int64: items past it are never listed as chosen.
const maxSubsetBits = 62

// subsets lists every subset of 0 … n-1 as a list in increasing order.
func subsets(n int) engine.Legal {
	n = min(n, maxSubsetBits)
	return engine.Legal{N: 1 << n, At: func(i int64) engine.Answer { return engine.Encode(members(uint64(i))) }}
}

// exchanges lists every exchange: a subset of the travelling officers in
// and a subset of the city's officers out.
func exchanges(nIn, nOut int) engine.Legal {
	nIn = min(nIn, maxSubsetBits)
	nOut = min(nOut, maxSubsetBits-nIn)
	return engine.Legal{N: 1 << (nIn + nOut), At: func(i int64) engine.Answer {
		return engine.Encode(Exchange{In: members(uint64(i) & (1<<nIn - 1)), Out: members(uint64(i) >> nIn)})
	}}
}

// members lists the set bits of set in increasing order.
func members(set uint64) []int {
	out := make([]int, 0, bits.OnesCount64(set))
	for set != 0 {
		b := bits.TrailingZeros64(set)
		out = append(out, b)
		set &^= 1 << b
	}
	return out
}
