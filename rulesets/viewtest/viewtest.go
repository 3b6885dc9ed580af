// Package viewtest checks a turn-based ruleset's views against its states:
// the properties behind rulesets.View, for the rulesets' own tests. Every
// check returns an error describing the first disagreement, or nil.
package viewtest

import (
	"fmt"
	"slices"

	"github.com/jankenarcade/janken/rulesets"
)

// Rules is what the checks need of a ruleset: how to view, clone and list
// the actions of a state, and what else a game's Assume claims.
type Rules[G rulesets.Game[A, E], V comparable, A comparable, E any] struct {
	View  func(g G, seat int) V
	Clone func(g G) G
	// Claims checks, for a step that Assume cannot follow to its end (a
	// sequential action, or the last of a simultaneous choice), what the
	// view assumed of seat's action a says of the view after it; nil if
	// Assume claims nothing more than that seat has acted.
	Claims func(assumed, after *V, seat int, a A) error
}

// Agree checks every seat's view of g, and the public view: that it
// answers Over, ToAct, Legal, Scores and Winners as g does, and that its
// public part, for any seat, is the public view's.
func Agree[G rulesets.Game[A, E], V comparable, PV rulesets.View[V, A], A comparable, E any](r Rules[G, V, A, E], g G) error {
	pub := r.View(g, -1)
	if got := PV(&pub).Public(-1); got != pub {
		return fmt.Errorf("the public view's public part differs from it:\n%+v\nwant\n%+v", got, pub)
	}
	for seat := -1; seat < g.Seats(); seat++ {
		v := r.View(g, seat)
		if err := answers[G, V, PV](g, &v, seat); err != nil {
			return fmt.Errorf("seat %d's view: %w", seat, err)
		}
		for other := -1; other < g.Seats(); other++ {
			got, want := PV(&v).Public(other), PV(&pub).Public(other)
			if got != want {
				return fmt.Errorf("seat %d's view, public for %d:\n%+v\nwant\n%+v", seat, other, got, want)
			}
			if viewer := PV(&got).Viewer(); viewer != other {
				return fmt.Errorf("seat %d's view, public for %d: its viewer is %d", seat, other, viewer)
			}
		}
	}
	return nil
}

// answers checks that v, seat's view of g, answers as g does.
func answers[G rulesets.Game[A, E], V any, PV rulesets.View[V, A], A comparable, E any](g G, v PV, seat int) error {
	switch {
	case v.Viewer() != seat:
		return fmt.Errorf("viewer %d", v.Viewer())
	case v.Seats() != g.Seats():
		return fmt.Errorf("%d seats, the game %d", v.Seats(), g.Seats())
	case v.Over() != g.Over():
		return fmt.Errorf("over %v, the game %v", v.Over(), g.Over())
	}
	for _, q := range []struct {
		what       string
		view, game func([]int) []int
	}{
		{"to act", v.ToAct, g.ToAct},
		{"scores", v.Scores, g.Scores},
		{"winners", v.Winners, g.Winners},
	} {
		if got, want := q.view(nil), q.game(nil); !slices.Equal(got, want) {
			return fmt.Errorf("%s %v, the game %v", q.what, got, want)
		}
	}
	if got, want := v.Legal(nil), g.Legal(seat, nil); !slices.Equal(got, want) {
		return fmt.Errorf("legal %v, the game %v", got, want)
	}
	return nil
}

// Assume checks, for seat's legal action a in g (g is left unchanged),
// that every view with the action assumed agrees with the views after
// Apply: exactly, when the action only joins a simultaneous choice that
// others still owe; otherwise in that seat owes nothing and in what
// r.Claims checks.
func Assume[G rulesets.Game[A, E], V comparable, PV rulesets.View[V, A], A comparable, E any](r Rules[G, V, A, E], g G, seat int, a A) error {
	before := g.ToAct(nil)
	after := r.Clone(g)
	if err := after.Apply(seat, a); err != nil {
		return fmt.Errorf("seat %d: %v: %w", seat, a, err)
	}
	owing := slices.DeleteFunc(slices.Clone(before), func(s int) bool { return s == seat })
	joined := !after.Over() && slices.Equal(after.ToAct(nil), owing)
	for viewer := -1; viewer < g.Seats(); viewer++ {
		assumed := r.View(g, viewer)
		PV(&assumed).Assume(seat, a)
		if err := assumedOwes[V, PV](&assumed, owing, viewer); err != nil {
			return fmt.Errorf("seat %d's view with seat %d's %v assumed: %w", viewer, seat, a, err)
		}
		next := r.View(after, viewer)
		switch {
		case joined && assumed != next:
			return fmt.Errorf("seat %d's view with seat %d's %v assumed:\n%+v\nwant, as after it:\n%+v", viewer, seat, a, assumed, next)
		case !joined && r.Claims != nil:
			if err := r.Claims(&assumed, &next, seat, a); err != nil {
				return fmt.Errorf("seat %d's view with seat %d's %v assumed, then applied: %w", viewer, seat, a, err)
			}
		}
	}
	return nil
}

// assumedOwes checks that a view with an action assumed owes what the
// game owed, less the acting seat, and that the viewer may do nothing
// more if it acted.
func assumedOwes[V any, PV rulesets.View[V, A], A comparable](v PV, owing []int, viewer int) error {
	if got := v.ToAct(nil); !slices.Equal(got, owing) {
		return fmt.Errorf("to act %v, want %v", got, owing)
	}
	if !slices.Contains(owing, viewer) {
		if legal := v.Legal(nil); len(legal) > 0 {
			return fmt.Errorf("the viewer owes nothing but may %v", legal)
		}
	}
	return nil
}

// Play plays games from each of starts to their end (or steps actions)
// with legal actions drawn from r, checking Agree at every position and
// Assume for every action played, and returns the first failure.
func Play[G rulesets.Game[A, E], V comparable, PV rulesets.View[V, A], A comparable, E any](rules Rules[G, V, A, E], starts []G, steps int, r *rulesets.Rand) error {
	var toAct []int
	var legal []A
	for i, g := range starts {
		for step := 0; step < steps && !g.Over(); step++ {
			if err := Agree[G, V, PV](rules, g); err != nil {
				return fmt.Errorf("game %d, step %d: %w", i, step, err)
			}
			toAct = g.ToAct(toAct[:0])
			seat := toAct[r.IntN(len(toAct))]
			legal = g.Legal(seat, legal[:0])
			a := legal[r.IntN(len(legal))]
			if err := Assume[G, V, PV](rules, g, seat, a); err != nil {
				return fmt.Errorf("game %d, step %d: %w", i, step, err)
			}
			g.ClearEvents()
			if err := g.Apply(seat, a); err != nil {
				return fmt.Errorf("game %d, step %d: %w", i, step, err)
			}
		}
		if err := Agree[G, V, PV](rules, g); err != nil {
			return fmt.Errorf("game %d, at the end: %w", i, err)
		}
	}
	return nil
}
