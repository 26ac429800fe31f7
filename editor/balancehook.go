package editor

// BalanceFunc opens the balance view of a session's document: many
// computer-against-computer games of it (as it is now, unsaved edits
// included) summed up in charts and a report.
type BalanceFunc func(st *Studio, s *Session)

var balancers = map[string]BalanceFunc{}

// RegisterBalance makes f the Balance button's action for documents of
// kind.
func RegisterBalance(kind string, f BalanceFunc) { balancers[kind] = f }

// CanBalance reports whether documents of kind can be simulated.
func CanBalance(kind string) bool { return balancers[kind] != nil }

// Balance opens the balance view of the current document.
func (st *Studio) Balance() {
	st.CommitEditing()
	s := st.Current()
	if s == nil {
		return
	}
	if f := balancers[s.Kind()]; f != nil {
		st.errorsFirst(s, "Balance", func() { f(st, s) })
		return
	}
	st.Status(s.Kind() + " documents cannot be simulated")
}
