package ninjan

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// TestModelPredictsTheClaim: seen from seat 0, a reasonable seat 1 holding
// 10 Paper and −4 Scissors plays the Paper, which claims the 27-point Rock
// pile first, and the hard bot's model says so; the Scissors would beat no
// top.
func TestModelPredictsTheClaim(t *testing.T) {
	s := decodeFile(t, "testdata/model.json")
	v := s.View(0)
	b := mustBot(t, "hard", 0)
	b.search.fitModel(&v, &b.rng, 2000)
	m := &b.search.model
	if m.nSeat != 1 || m.seats[0] != 1 {
		t.Fatalf("modelled seats %v, want seat 1 only", m.seats[:m.nSeat])
	}
	if got := m.best(1, s.hands[1]); got != (Card{Value: 10, Suit: rulesets.Paper}) {
		t.Errorf("the model predicts %v from %v, want 10P", got, s.hands[1])
	}
}

// TestModelKeepsSecretChoices: a seat that has already chosen its card is
// still modelled, since what it chose is secret.
func TestModelKeepsSecretChoices(t *testing.T) {
	s := decodeFile(t, "testdata/model.json")
	must(t, s.Apply(1, PlayCard(s.hands[1].Nth(0))))
	v := s.View(0)
	b := mustBot(t, "hard", 0)
	b.search.fitModel(&v, &b.rng, 100)
	if m := &b.search.model; m.nSeat != 1 {
		t.Errorf("a seat that chose in secret is not modelled")
	}
}

// TestPredictFollowsTheLevel: in a playout the modelled seat plays the
// model's card as often as the table's level says, and else a card at
// random.
func TestPredictFollowsTheLevel(t *testing.T) {
	tests := []struct {
		level        int
		lowest, most int // how often of 1000 the −4 Scissors may show
	}{
		{levelScale, 0, 0},
		{levelScale / 2, 150, 350},
		{0, 400, 600},
	}
	s := decodeFile(t, "testdata/model.json")
	v := s.View(0)
	b := mustBot(t, "hard", 0)
	b.search.fitModel(&v, &b.rng, 2000)
	for _, tt := range tests {
		b.search.model.level = tt.level
		scissors := 0
		for range 1000 {
			b.search.determinize(&v, &b.rng)
			b.search.world.hands[1] = s.hands[1] // the true hand, to count the picks
			b.search.predict(&b.rng)
			if b.search.world.played[1].Suit == rulesets.Scissors {
				scissors++
			}
		}
		if scissors < tt.lowest || scissors > tt.most {
			t.Errorf("level %d: −4S played %d times of 1000, want %d to %d", tt.level, scissors, tt.lowest, tt.most)
		}
	}
}

// TestLevelFollowsTheTable: the table's level rises while the other seat
// plays the cards the model ranks high, falls while it plays those it
// ranks low, never leaves its bounds, and learns nothing from a round it
// did not see or a decision in the same round.
func TestLevelFollowsTheTable(t *testing.T) {
	tests := []struct {
		name  string
		top   bool // the other seat plays the model's top card
		round int  // of the view that learns, the fit's round being 1
		up    bool
		same  bool
	}{
		{"top card", true, 2, true, false},
		{"bottom card", false, 2, false, false},
		{"same round", true, 1, false, true},
		{"round skipped", true, 3, false, true},
	}
	for _, tt := range tests {
		m := fitted()
		before := m.level
		m.learn(shownView(m, tt.top, tt.round))
		if tt.same && m.level != before || !tt.same && (m.level > before) != tt.up {
			t.Errorf("%s: level %d → %d", tt.name, before, m.level)
		}
	}
	for _, top := range []bool{true, false} {
		m := fitted()
		for range 30 {
			m.learn(shownView(m, top, m.fitRound+1))
			m.fitRound++
		}
		if m.level < levelMin || m.level > levelScale-levelMin || m.level != levelMin && m.level != levelScale-levelMin {
			t.Errorf("top %v: level %d after 30 rounds, want it at a bound", top, m.level)
		}
	}
}

// TestLevelTellsPlayersApartInAGame: over one game's nine cards, a seat
// whose cards rank evenly across the model's range, as a random player's
// do, brings the level from even to below a quarter, and a seat whose
// cards rank as a searching player's do (the quantiles of the measurement
// behind rankLikelihood) brings it above three quarters.
func TestLevelTellsPlayersApartInAGame(t *testing.T) {
	tests := []struct {
		name         string
		below        [Rounds]int // of the other 47 candidates, how many rank below the card shown
		under, above int         // the level must end under one or above the other (0: no bound)
	}{
		{"random", [Rounds]int{3, 8, 13, 18, 24, 29, 34, 39, 44}, levelScale / 4, 0},
		{"searching", [Rounds]int{9, 20, 27, 32, 35, 38, 41, 43, 46}, 0, levelScale * 3 / 4},
	}
	for _, tt := range tests {
		m := newModel()
		m.nSeat, m.seats[0], m.fitUnseen = 1, 1, AllCards
		for round, below := range tt.below {
			m.fitRound = round + 1
			shown := CardAt(9) // the card shownView shows as the top one
			for i := range NumCards {
				m.sum[1][i], m.n[1][i] = 0.75, 1
			}
			m.sum[1][shown.Index()] = 0.5
			for i, k := 0, 0; k < below; i++ {
				if i != shown.Index() {
					m.sum[1][i] = 0.25
					k++
				}
			}
			m.learn(shownView(&m, true, round+2))
		}
		if tt.under != 0 && m.level >= tt.under || tt.above != 0 && m.level <= tt.above {
			t.Errorf("%s: level %d after nine cards, want it under %d or above %d (0: none)", tt.name, m.level, tt.under, tt.above)
		}
	}
}

// fitted returns a model fitted in round 1 for seat 1, over the cards of
// index 0..9, valuing card i at i/10.
func fitted() *model {
	m := newModel()
	m.fitRound, m.nSeat, m.seats[0] = 1, 1, 1
	for i := range 10 {
		m.fitUnseen = m.fitUnseen.With(CardAt(i))
		m.sum[1][i], m.n[1][i] = float64(i)/10, 1
	}
	return &m
}

// shownView returns a view in round in which seat 1 has taken the model's
// top card (index 9) or its bottom one (index 0), and no other card of
// the fit's candidates is seen.
func shownView(m *model, top bool, round int) *View {
	c := CardAt(0)
	if top {
		c = CardAt(9)
	}
	v := &View{Round: round, Config: Config{Players: 2}, Seat: 0}
	v.Taken[0] = AllCards &^ m.fitUnseen
	v.Taken[1] = CardSet(0).With(c)
	return v
}
