package elevensuits

import (
	"fmt"
	"slices"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/viewtest"
)

// viewRules are the views' properties for package viewtest.
var viewRules = viewtest.Rules[*State, View, Action, Event]{
	View: (*State).View, Clone: (*State).Clone, Claims: playedClaims,
}

// playedClaims: what the viewer assumed of its own attack, defence or name
// is what the game shows after it. The rest of its hand stays as it was
// (a defender may draw after it), an attacking card lies face down as the
// attack, and a name short of the fifth joins the guess.
func playedClaims(assumed, after *View, seat int, a Action) error {
	if seat != assumed.Seat {
		return nil
	}
	switch a.Kind {
	case Attack:
		if after.Hands[seat] != assumed.Hands[seat] || after.HandLen[seat] != assumed.HandLen[seat] || after.Attack != assumed.Attack {
			return fmt.Errorf("hand %v attacked by %+v, assumed %v by %+v", after.Hand(seat), after.Attack, assumed.Hand(seat), assumed.Attack)
		}
	case Defend:
		n := assumed.HandLen[seat]
		if !after.Out[seat] && (after.HandLen[seat] < n || !slices.Equal(after.Hand(seat)[:n], assumed.Hand(seat))) {
			return fmt.Errorf("hand %v, assumed %v", after.Hand(seat), assumed.Hand(seat))
		}
	case Name:
		if assumed.NamedLen < GuessSize && (after.NamedLen != assumed.NamedLen || after.Named != assumed.Named) {
			return fmt.Errorf("named %v, assumed %v", after.Named[:after.NamedLen], assumed.Named[:assumed.NamedLen])
		}
	}
	return nil
}

// TestViewsAnswerAsTheState: on random games of every configuration, every
// view answers as the state does, its public part is the public view's,
// and an assumed action agrees with the views after it.
func TestViewsAnswerAsTheState(t *testing.T) {
	var starts []*State
	for i := range 4 * len(configs) {
		s, err := New(configs[i%len(configs)], uint64(i)+300)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, s)
	}
	starts = append(starts, decode(t, guessing), decode(t, threePlayers))
	r := rulesets.NewRand(5)
	if err := viewtest.Play(viewRules, starts, 3000, &r); err != nil {
		t.Fatal(err)
	}
}

// hiddenShuffle returns a copy of s that differs only in what seat may not
// see: the cards seat cannot name are permuted among their places, each
// only among places whose back shows seat the same suit (or none), and
// each place keeps who knows its card; the generator is reseeded.
func hiddenShuffle(s *State, seat int, r *rulesets.Rand) *State {
	c := s.Clone()
	var places []place
	add := func(where int8, p, i int, cd Card, suit int) {
		if !s.known[cd].Sees(seat) {
			places = append(places, place{where: where, seat: int8(p), i: int8(i), suit: int8(suit)})
		}
	}
	for p := range s.cfg.Players {
		for i, cd := range s.hands[p].cards() {
			add(placeHand, p, i, cd, cd.Suit())
		}
		for i, cd := range s.graves[p].cards() {
			add(placeGrave, p, i, cd, cd.Suit())
		}
	}
	for i, cd := range s.deck.cards() {
		suit := cd.Suit()
		if i > 0 && i < int(s.fresh) {
			suit = -1
		}
		add(placeDeck, 0, i, cd, suit)
	}
	for i, cd := range s.removed.cards() {
		add(placeRemoved, 0, i, cd, cd.Suit())
	}
	if s.attack != NoCard {
		add(placeAttack, 0, 0, s.attack, s.attack.Suit())
	}
	for i := len(places) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		a, b := places[i], places[j]
		if a.suit != b.suit {
			continue
		}
		ca, cb := *c.cardAt(a), *c.cardAt(b)
		*c.cardAt(a), *c.cardAt(b) = cb, ca
		c.known[ca], c.known[cb] = c.known[cb], c.known[ca]
	}
	c.rng = rulesets.NewRand(r.Uint64())
	return c
}

// TestViewsLeakNothing: after every action of random games, each seat's
// view is the same in games that differ only in what that seat may not
// see (other hands, face-down symbols, the deck order, the generator).
func TestViewsLeakNothing(t *testing.T) {
	r := rulesets.NewRand(5)
	differed := 0
	for i := range 400 {
		playRandom(t, configs[i%len(configs)], uint64(500+i), func(s *State) error {
			for seat := range s.Seats() {
				v := hiddenShuffle(s, seat, &r)
				if err := v.Check(); err != nil {
					t.Fatalf("the shuffled variant is not a legal position: %v", err)
				}
				if v.Hash() != s.Hash() {
					differed++
				}
				if s.View(seat) != v.View(seat) {
					t.Fatalf("seat %d's view depends on hidden cards:\n%+v\n%+v", seat, s.View(seat), v.View(seat))
				}
			}
			return nil
		})
	}
	if differed == 0 {
		t.Fatal("no variant differed: the test checks nothing")
	}
}

// TestViewShowsWhatSeatMaySee: own hand face up; other hands as suits;
// the deck's top suit; the rest of an unseen deck blank.
func TestViewShowsWhatSeatMaySee(t *testing.T) {
	s, err := New(Config{Players: 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(0)
	for i, sl := range v.Hand(0) {
		if !sl.Up || sl.Card != s.hands[0].at(i) {
			t.Errorf("own slot %d: %+v", i, sl)
		}
	}
	for i, sl := range v.Hand(1) {
		if sl.Up || sl.Card != NoCard || int(sl.Suit) != s.hands[1].at(i).Suit() {
			t.Errorf("opponent slot %d: %+v", i, sl)
		}
	}
	deck := v.DeckSlots()
	if len(deck) != 11 || int(deck[0].Suit) != s.deck.at(0).Suit() || deck[1].Suit != -1 || deck[0].Card != NoCard {
		t.Errorf("deck view %+v", deck[:2])
	}
}

// TestSpectatorView: seat -1 sees only faces that are up to everyone.
func TestSpectatorView(t *testing.T) {
	playRandom(t, Config{Players: 3, OpenCasket: true, Advanced: true}, 12, func(s *State) error {
		v := s.View(-1)
		all := [][]Slot{v.DeckSlots(), v.RemovedSlots(), {v.Attack}}
		for p := range 3 {
			all = append(all, v.Hand(p), v.Grave(p))
		}
		for _, slots := range all {
			for _, sl := range slots {
				if sl.Card != NoCard && !sl.Up {
					t.Fatalf("the spectator sees %v face down", sl.Card)
				}
			}
		}
		for p := range 3 {
			for _, sl := range v.Hand(p) {
				if sl.Up {
					t.Fatalf("the spectator sees seat %d's hand", p)
				}
			}
		}
		return nil
	})
}

// TestDefenderIsTheAttacksTarget: on every attack of random games, the
// view's Defender names the seat the state then asks to defend.
func TestDefenderIsTheAttacksTarget(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := New(Config{Players: 3}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rulesets.NewRand(seed)
		for steps := 0; !g.Over() && steps < 2000; steps++ {
			seat := g.ToAct(nil)[0]
			legal := g.Legal(seat, nil)
			a := legal[r.IntN(len(legal))]
			v := g.View(seat)
			want := -1
			if g.Phase() == PhaseAttack && a.Kind == Attack {
				want = v.Defender(seat)
			}
			if err := g.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			if want >= 0 && g.Phase() == PhaseDefend && g.ToAct(nil)[0] != want {
				t.Fatalf("seed %d: Defender said %d, the state asks %d to defend", seed, want, g.ToAct(nil)[0])
			}
		}
	}
}
