package thatsmine

import (
	"fmt"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/viewtest"
)

// viewRules are the views' properties for package viewtest.
var viewRules = viewtest.Rules[*State, View, Action, Event]{
	View: (*State).View, Clone: (*State).Clone, Claims: revealClaims,
}

// revealClaims: a choice that completes its round shows in the round's
// reveal, for every viewer.
func revealClaims(assumed, after *View, seat int, a Action) error {
	if r := after.Last; r.Round != assumed.Round || r.Cards[seat] != a.Card || r.Wagers[seat] != a.Wager {
		return fmt.Errorf("round %d revealed %v wagering %d for seat %d, want round %d's %v",
			r.Round, r.Cards[seat], r.Wagers[seat], seat, assumed.Round, a)
	}
	return nil
}

// TestViewsAnswerAsTheState: on random games at every player count, every
// view answers as the state does, its public part is the public view's,
// and an assumed choice agrees with the views after it.
func TestViewsAnswerAsTheState(t *testing.T) {
	var starts []*State
	for i := range 24 {
		s, err := New(Config{Players: MinPlayers + i%(MaxPlayers-MinPlayers+1)}, uint64(i)+500)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, s)
	}
	r := rulesets.NewRand(3)
	if err := viewtest.Play(viewRules, starts, 1000, &r); err != nil {
		t.Fatal(err)
	}
}

// TestAssumeIgnoresStrangers: a seat out of range changes nothing.
func TestAssumeIgnoresStrangers(t *testing.T) {
	s := mustDecode(t, RulebookExample)
	for _, seat := range []int{-1, 5, 6} {
		v := s.View(0)
		v.Assume(seat, Action{Card: 7})
		if v != s.View(0) {
			t.Errorf("Assume(%d) changed the view", seat)
		}
	}
}

// rehide returns a copy of s that differs from it only in what seat may
// not see: the other players' hands and hidden choices and the face-down
// pile are re-dealt among themselves (sizes kept), the others' secret
// wagers redrawn, and the generator reseeded.
func rehide(s *State, seat int, rng *rulesets.Rand) *State {
	c := s.Clone()
	var pool []Card
	for o := range s.players {
		if o == seat {
			continue
		}
		pool = s.hands[o].Cards(pool)
		if s.chosen[o] {
			pool = append(pool, s.play[o])
		}
	}
	pool = s.faceDown.Cards(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	take := func(n int) CardSet {
		set := NewCardSet(pool[:n]...)
		pool = pool[n:]
		return set
	}
	for o := range s.players {
		if o == seat {
			continue
		}
		c.hands[o] = take(s.hands[o].Len())
		if s.chosen[o] {
			c.play[o] = pool[0]
			pool = pool[1:]
			c.wager[o] = rng.IntN(s.tokens[o] + 1)
		}
	}
	c.faceDown = take(s.faceDown.Len())
	c.rng = rulesets.NewRand(rng.Uint64())
	return c
}

// TestViewLeaksNothing: a seat's view is identical across games that
// differ only in what the seat may not see, and so is every bot's choice.
func TestViewLeaksNothing(t *testing.T) {
	rng := rulesets.NewRand(5)
	games := 300
	if testing.Short() {
		games = 60
	}
	for i := range games {
		players := MinPlayers + i%4
		step := 0
		playRandom(t, players, uint64(i)+9000, func(s *State) {
			step++
			if s.Over() || step%3 != 0 {
				return
			}
			seat := rng.IntN(players)
			other := rehide(s, seat, &rng)
			if err := other.Check(); err != nil {
				t.Fatalf("rehide broke the position: %v", err)
			}
			if other.Hash() == s.Hash() {
				t.Fatal("rehide changed nothing")
			}
			if s.View(seat) != other.View(seat) {
				t.Fatalf("seat %d sees a difference:\n%+v\n%+v", seat, s.View(seat), other.View(seat))
			}
			if s.chosen[seat] || i%20 != 0 || step%2 != 0 {
				return // the search bots think slowly: ask in some games only
			}
			for _, name := range BotNames() {
				a, _ := NewBot(name, seat, uint64(step))
				b, _ := NewBot(name, seat, uint64(step))
				if x, y := choose(a, s, seat), choose(b, other, seat); x != y {
					t.Fatalf("bot %s at seat %d chose %v and %v in games it cannot tell apart", name, seat, x, y)
				}
			}
		})
	}
}

func TestViewShowsOwnHandOnly(t *testing.T) {
	s := mustDecode(t, RulebookExample)
	v := s.View(4)
	if v.Hand != NewCardSet(23, 34) || v.Choice != (Action{Card: 33, Wager: 2}) || v.HandSize != 3 {
		t.Errorf("seat 4 view: hand %v choice %v size %d", v.Hand.Cards(nil), v.Choice, v.HandSize)
	}
	if v0 := s.View(0); v0.Hand != NewCardSet(7, 16, 18) || v0.Choice != (Action{}) || v0.Chosen != [MaxPlayers]bool{4: true} {
		t.Errorf("seat 0 view: %+v", v0)
	}
	if got := v.Unseen(); got != AllCards&^NewCardSet(23, 34, 33)&^v.Discard {
		t.Errorf("unseen %v", got.Cards(nil))
	}
}
