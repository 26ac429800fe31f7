package planetsview

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/planets"
)

// routesObject is the Routes pane: the list of [from, to, steps] in file
// order (a later entry for the same pair wins in the game) and a form for
// the selected route.
func (v *View) routesObject() fyne.CanvasObject {
	names := func() []string {
		m := v.M()
		out := make([]string, len(m.Routes))
		for i, r := range m.Routes {
			out[i] = fmt.Sprintf("%s – %s   %s steps", r.From.Key(), r.To.Key(), show(r.Steps))
		}
		return out
	}
	v.routes = v.B.NewItemList(names, func(i int) {
		if i != v.selRoute {
			v.SelectRoute(i)
		}
	}, forms.ItemActions{
		Add:    v.addClosestRoute,
		Delete: func(i int) { v.DeleteRoute(i) },
		Move: func(i, j int) {
			v.S.Edit("reorder routes", func() {
				m := v.M()
				m.Routes[i], m.Routes[j] = m.Routes[j], m.Routes[i]
			})
		},
	})
	tokens := func() []string { return v.M().Tokens() }
	fromLoad, fromSet := v.routeEnd(true)
	toLoad, toSet := v.routeEnd(false)
	from := v.B.Choice("route start", tokens, fromLoad, fromSet)
	to := v.B.Choice("route end", tokens, toLoad, toSet)
	v.B.Scope(v.routeScope)
	defer v.B.Scope(nil)
	steps := v.numberEntry("steps", func(m *planets.Map) *planets.Value {
		if r := v.selectedRoute(m); r != nil {
			return &r.Steps
		}
		return nil
	}, wholeNumber(planets.RouteFields.Field("2")), false)
	form := widget.NewForm(
		widget.NewFormItem("From", from),
		widget.NewFormItem("To", to),
		forms.Row("Steps", steps.Object, planets.RouteFields.Field("2")),
	)
	v.routeForm = form
	note := widget.NewLabel("A route runs both ways: a fleet takes this many steps\nfrom one planet to the other. Steps are whole numbers ≥ 1.\nDraw routes on the Map by dropping a planet on another.")
	split := container.NewHSplit(v.routes.Object, container.NewVScroll(container.NewVBox(form, note)))
	split.SetOffset(0.3)
	return split
}

// addClosestRoute adds a route between the two closest placed planets
// no route joins yet and returns its index (the selection stays when
// every pair is joined).
func (v *View) addClosestRoute() int {
	a, b, ok := closestUnjoined(v.M())
	if !ok {
		v.status("every pair of placed planets is joined already")
		return v.selRoute
	}
	pos := v.M().Positions()
	steps := defaultSteps(pos[a], pos[b])
	var i int
	v.S.Edit("add route "+a+"–"+b, func() { i = addRoute(v.M(), a, b, steps) })
	v.status(fmt.Sprintf("added route %s–%s between the closest planets not joined yet", a, b))
	return i
}

// routeEnd returns what a choice of an end of the selected route loads
// (the index of the end's planet among the tokens, -1 for none) and sets.
func (v *View) routeEnd(from bool) (load func() int, set func(int)) {
	load = func() int {
		r := v.selectedRoute(v.M())
		if r == nil {
			return -1
		}
		end := r.To
		if from {
			end = r.From
		}
		for i, t := range v.M().Tokens() {
			if planets.SameKey(planets.StrValue(t), end) {
				return i
			}
		}
		return -1
	}
	set = func(i int) {
		r := v.selectedRoute(v.M())
		ts := v.M().Tokens()
		if r == nil || i < 0 || i >= len(ts) {
			return
		}
		if from {
			r.From = planets.StrValue(ts[i])
		} else {
			r.To = planets.StrValue(ts[i])
		}
	}
	return load, set
}

// closestUnjoined returns the two placed planets nearest to each other
// that no route joins yet.
func closestUnjoined(m *planets.Map) (a, b string, ok bool) {
	pos := m.Positions()
	tokens := m.Tokens()
	best := math.Inf(1)
	for i, ta := range tokens {
		pa, placedA := pos[ta]
		if !placedA {
			continue
		}
		for _, tb := range tokens[i+1:] {
			pb, placedB := pos[tb]
			if !placedB || findRoute(m, ta, tb) >= 0 {
				continue
			}
			if d := math.Hypot(float64(pa.X-pb.X), float64(pa.Y-pb.Y)); d < best {
				a, b, best, ok = ta, tb, d, true
			}
		}
	}
	return a, b, ok
}
