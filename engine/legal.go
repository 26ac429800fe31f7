package engine

import (
	"fmt"
	"iter"
	"math/rand"
)

// Legal lists the legal answers of a decision — every answer the rules
// act on, as boardgame.io's ai.enumerate lists a player's moves — without
// holding them: N answers, the i-th (0 ≤ i < N) made by At. A
// combinatorial set (every subset of a city's officers) so costs nothing
// until an answer is drawn. Every listed answer passes the decision's
// Check; answers the machine accepts but the rules ignore or re-ask (a
// card not held, a cell outside every range) are not listed. A pending
// decision lists at least one answer.
type Legal struct {
	// N is the number of legal answers.
	N int64
	// At returns answer i.
	At func(i int64) Answer
}

// LegalAnswers lists the given answers.
func LegalAnswers(as ...Answer) Legal {
	return Legal{N: int64(len(as)), At: func(i int64) Answer { return as[i] }}
}

// LegalValues lists the answers encoding vs (each encoded when asked).
func LegalValues[T any](vs ...T) Legal {
	return Legal{N: int64(len(vs)), At: func(i int64) Answer { return Encode(vs[i]) }}
}

// All yields every answer in order.
func (l Legal) All() iter.Seq[Answer] {
	return func(yield func(Answer) bool) {
		for i := int64(0); i < l.N; i++ {
			if !yield(l.At(i)) {
				return
			}
		}
	}
}

// List returns the first max answers (all of them when max ≤ 0 or there
// are fewer).
func (l Legal) List(max int) []Answer {
	n := l.N
	if max > 0 && int64(max) < n {
		n = int64(max)
	}
	out := make([]Answer, 0, n)
	for i := int64(0); i < n; i++ {
		out = append(out, l.At(i))
	}
	return out
}

// Sample returns up to max answers spread evenly over the list (all of
// them when there are no more than max), first and last included.
func (l Legal) Sample(max int) []Answer {
	if max <= 0 || l.N <= int64(max) {
		return l.List(0)
	}
	if max == 1 {
		return []Answer{l.At(0)}
	}
	out := make([]Answer, 0, max)
	for k := int64(0); k < int64(max); k++ {
		out = append(out, l.At(k*(l.N-1)/int64(max-1)))
	}
	return out
}

// Random returns a uniformly drawn legal answer.
func (l Legal) Random(r *rand.Rand) Answer { return l.At(r.Int63n(l.N)) }

// LegalOf returns the legal answers d lists, and false when d does not
// list them (no Legal) or lists none.
func LegalOf(d *Decision) (Legal, bool) {
	if d == nil || d.Legal == nil {
		return Legal{}, false
	}
	l := d.Legal()
	return l, l.N > 0 && l.At != nil
}

// VerifyLegal checks d's list of legal answers against its Check: the list
// is not empty and up to max of its answers, spread over the list, pass
// Check. Family tests run it at every decision of random games.
func VerifyLegal(d *Decision, max int) error {
	l, ok := LegalOf(d)
	if !ok {
		return fmt.Errorf("%s: no legal answer is listed", d.Kind)
	}
	if d.Check == nil {
		return nil
	}
	for _, a := range l.Sample(max) {
		if err := d.Check(a); err != nil {
			return fmt.Errorf("%s: the listed answer %s is refused: %w", d.Kind, a, err)
		}
	}
	return nil
}
