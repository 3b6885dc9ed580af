package ninjan

import (
	"fmt"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/viewtest"
)

// viewRules are the views' properties for package viewtest.
var viewRules = viewtest.Rules[*State, View, Action, Event]{
	View: (*State).View, Clone: (*State).Clone, Claims: handClaims,
}

// handClaims: a card assumed chosen has left its seat's hand for good,
// even when the choice revealed the round.
func handClaims(assumed, after *View, seat int, a Action) error {
	if a.Kind != Play {
		return nil
	}
	if after.HandSize[seat] != assumed.HandSize[seat] || assumed.Seat == seat && after.Hand != assumed.Hand {
		return fmt.Errorf("seat %d holds %d cards (%v), assumed %d (%v)",
			seat, after.HandSize[seat], after.Hand, assumed.HandSize[seat], assumed.Hand)
	}
	return nil
}

// TestViewsAnswerAsTheState: on random games at every player count and
// with either tie break, every view answers as the state does, its public
// part is the public view's, and an assumed action agrees with the views
// after it.
func TestViewsAnswerAsTheState(t *testing.T) {
	var starts []*State
	for i := range 32 {
		s, err := New(Config{Players: MinPlayers + i%(MaxPlayers-MinPlayers+1), TieBreak: TieBreak(i / 4 % 2)}, uint64(i)+700)
		must(t, err)
		starts = append(starts, s)
	}
	// A claim, and ties for the win, so that deciders come up.
	starts = append(starts, decodeFile(t, "testdata/claim.json"))
	for _, players := range []int{2, 3, 4, 4} {
		starts = append(starts, tied(t, players, Decider))
	}
	r := rulesets.NewRand(4)
	if err := viewtest.Play(viewRules, starts, 1000, &r); err != nil {
		t.Fatal(err)
	}
}

// rehide returns a copy of s in which everything seat may not see is
// changed: the other hands, the others' unrevealed chosen cards and the
// unused cards are re-dealt among themselves (same sizes), the others'
// decider throws are changed, and the game's generator is reseeded.
func rehide(s *State, seat int, r *rulesets.Rand) *State {
	c := s.Clone()
	revealed := s.phase == PhaseClaim || s.phase == PhasePlace
	var pool []Card
	pool = c.box.Cards(pool)
	for p := 0; p < s.cfg.Players; p++ {
		if p == seat {
			continue
		}
		pool = c.hands[p].Cards(pool)
		if !revealed && c.played[p].Valid() {
			pool = append(pool, c.played[p])
		}
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	take := func(n int) CardSet {
		set, _ := setOf(pool[:n])
		pool = pool[n:]
		return set
	}
	for p := 0; p < s.cfg.Players; p++ {
		if p == seat {
			continue
		}
		c.hands[p] = take(c.hands[p].Len())
		if !revealed && c.played[p].Valid() {
			c.played[p] = take(1).Nth(0)
		}
		if t := c.throws[p]; t != rulesets.NoSymbol {
			c.throws[p] = []rulesets.Symbol{rulesets.Rock, rulesets.Paper, rulesets.Scissors, randomThrow}[r.IntN(4)]
		}
	}
	c.box = take(len(pool))
	c.rng = rulesets.NewRand(r.Uint64())
	return c
}

// TestViewLeaksNothing is the property test: at every point of many random
// games, a seat's view is identical across games that differ only in what
// that seat may not see, while the re-dealt games really do differ.
func TestViewLeaksNothing(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	differed := 0
	for i := range games {
		s, err := New(Config{Players: 2 + i%4}, uint64(i))
		must(t, err)
		r := rulesets.NewRand(uint64(i) * 3)
		playRandom(t, s, &r, func(s *State) {
			for seat := 0; seat < s.cfg.Players; seat++ {
				other := rehide(s, seat, &r)
				if err := other.Check(); err != nil {
					t.Fatalf("re-dealt game is not legal: %v", err)
				}
				if other.Hash() != s.Hash() {
					differed++
				}
				if a, b := s.View(seat), other.View(seat); a != b {
					t.Fatalf("seat %d's view changed with hidden cards:\n%+v\n%+v", seat, a, b)
				}
			}
		})
	}
	if differed == 0 {
		t.Fatal("re-dealing never changed a game: the test proves nothing")
	}
}

// TestViewShowsWhatTheSeatMaySee guards against a view that hides too
// much: own hand and own choice, revealed cards, piles and scores.
func TestViewShowsWhatTheSeatMaySee(t *testing.T) {
	s := decodeFile(t, "testdata/claim.json")
	v := s.View(1)
	if v.Hand != s.hands[1] || v.Played[0] != s.played[0] || v.Piles != s.piles || v.Resolving() != 0 {
		t.Errorf("view misses public or own information: %+v", v)
	}
	p, err := New(Config{Players: 3}, 5)
	must(t, err)
	c := p.hands[2].Nth(0)
	must(t, p.Apply(2, PlayCard(c)))
	if v := p.View(2); v.Played[2] != c || !v.Chosen[2] {
		t.Error("a seat does not see its own chosen card")
	}
	if v := p.View(0); v.Played[2].Valid() || !v.Chosen[2] {
		t.Error("another seat sees the face-down card, or not that it was chosen")
	}
}

// TestEventAudiences: the deal is private to its seat, everything else
// public, and no public event names a face-down card.
func TestEventAudiences(t *testing.T) {
	s, err := New(Config{Players: 4}, 9)
	must(t, err)
	r := rulesets.NewRand(1)
	for _, e := range s.Events() {
		if e.Kind == EventDeal && (e.Audience != rulesets.Only(int(e.Seat)) || e.Hand != s.hands[e.Seat]) {
			t.Errorf("deal event %+v", e)
		}
	}
	check := func(s *State) {
		for _, e := range s.Events() {
			switch e.Kind {
			case EventDeal:
				t.Errorf("a deal after the start: %+v", e)
			case EventChosen, EventThrown:
				if e.Audience != rulesets.Everyone || e.Card != (Card{}) || e.Symbol != 0 {
					t.Errorf("face-down event leaks: %+v", e)
				}
			default:
				if e.Audience != rulesets.Everyone {
					t.Errorf("public event %v has audience %b", e.Kind, e.Audience)
				}
			}
		}
		s.ClearEvents()
	}
	s.ClearEvents()
	playRandom(t, s, &r, check)
}
