package mbg

import (
	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// WideKinds are the questions search-wide judges by whole games: those
// of search-screened (occupying a free city, attacking a city, fighting
// a role met, hiring at the saloon) with every legal answer a candidate,
// and four more with the AI's answer and doing nothing as candidates —
// playing a card or moving at once, studying, training — or every
// garrison of a city taken.
var WideKinds = map[string]bool{KindIsOccuCity: true, KindIsAttackCity: true, KindBattleWithRole: true, KindSaloonSelPeople: true,
	KindSelRoleAction: true, KindSelStudy: true, KindSelTrain: true, KindSelCityMos: true}

// wideCourses is the most candidates a question of WideKinds is given
// (a question with more legal answers gets the AI's answer only).
const wideCourses = 8

// wideAI is the lead of search-wide: the AI, proposing its own answer
// first and then the other courses at a question of WideKinds — every
// other legal answer, or at the choice of action and at an institute
// only none (move without playing the card the AI plays, study
// nothing) — and its own answer only elsewhere.
type wideAI struct{ ai *AI }

// Propose implements search.Policy.
func (p *wideAI) Propose(sg search.Game, d *engine.Decision) []engine.Answer {
	own := p.Answer(sg, d)
	if !WideKinds[d.Kind] {
		return []engine.Answer{own}
	}
	switch d.Kind {
	case KindSelRoleAction, KindSelStudy:
		none := engine.Encode(-1)
		if d.Kind == KindSelStudy {
			none = engine.Encode([2]int{-1, -1})
		}
		if string(none) == string(own) {
			return []engine.Answer{own}
		}
		return []engine.Answer{own, none}
	}
	l, listed := engine.LegalOf(d)
	if !listed || l.N > wideCourses {
		return []engine.Answer{own}
	}
	out := []engine.Answer{own}
	for i := int64(0); i < l.N; i++ {
		if a := l.At(i); string(a) != string(own) {
			out = append(out, a)
		}
	}
	return out
}

// Answer implements search.Policy.
func (p *wideAI) Answer(sg search.Game, d *engine.Decision) engine.Answer {
	return p.ai.Answer(sg.(*Game), d)
}

// WideModel is the search model of the player search-wide:
// ScreenedModel (whole games between AIs, paired on the same dice, cut
// short when settled, the player's own budget a question, the AI's
// answer kept unless another is better by 1.645 standard errors) at the
// questions of WideKinds with the candidates of wideAI; the AI answers
// every other question without a playout.
func WideModel(roles int) *search.Model {
	m := ScreenedModel(roles)
	m.Lead = func(seed int64) search.Policy { return &wideAI{ai: NewAI(seed)} }
	m.Opening = func(_ search.Game, d *engine.Decision) bool { return WideKinds[d.Kind] }
	return m
}
