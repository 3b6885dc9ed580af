package ninjan

import (
	"testing"

	"github.com/jankenarcade/janken/internal/soak"
)

// TestAllSeeingYardstick plays two-player games of Hard against each
// opponent the targets name, and the same games with the
// all-seeing yardstick (Hard that knows every hand, though not the other's
// choice of a card) in Hard's seat, and logs both win rates: how much of
// Hard's gap is inference about hands (JANKEN_SOAK=1 plays enough games to
// tell). It checks that the yardstick really plays from the true hands.
func TestAllSeeingYardstick(t *testing.T) {
	for _, opponent := range []string{"medium", "greedy"} {
		t.Run(opponent, func(t *testing.T) {
			games := soak.Scale(2, 300) // a game in each seat
			var hardWins, seeingWins float64
			for g := range games {
				seed, seat := uint64(1+g), g%2
				hardWins += winShare(t, opponent, seed, seat, false)
				seeingWins += winShare(t, opponent, seed, seat, true)
			}
			t.Logf("%d games against %s: hard won %.1f%%, all-seeing %.1f%%",
				games, opponent, 100*hardWins/float64(games), 100*seeingWins/float64(games))
		})
	}
}

// winShare plays a two-player game of hard (all-seeing if seeAll) at seat
// me against opponent and returns me's share of the win.
func winShare(t *testing.T, opponent string, seed uint64, me int, seeAll bool) float64 {
	t.Helper()
	s, err := New(Config{Players: 2}, seed)
	must(t, err)
	var bots [2]*Bot
	for seat := range bots {
		name := opponent
		if seat == me {
			name = "hard"
		}
		bots[seat], err = NewBot(name, seat, seed)
		must(t, err)
	}
	if seeAll {
		bots[me].search.seeAll = s
	}
	var seats []int
	for !s.Over() {
		seats = s.ToAct(seats[:0])
		seat := seats[0]
		if seeAll && seat == me {
			checkSeesAll(t, bots[me], s, me)
		}
		must(t, s.Apply(seat, choose(bots[seat], s, seat)))
	}
	if s.winners&(1<<me) == 0 {
		return 0
	}
	return 1 / float64(popcount3(s.winners))
}

// checkSeesAll fails unless the yardstick's world holds the other seat's
// true cards.
func checkSeesAll(t *testing.T, b *Bot, s *State, me int) {
	t.Helper()
	v := s.View(me)
	b.search.determinize(&v, &b.rng)
	other := 1 - me
	want := s.hands[other]
	if c := s.played[other]; c.Valid() && !v.Played[other].Valid() {
		want = want.With(c)
	}
	if got := b.search.world.hands[other]; got != want {
		t.Fatalf("the yardstick dealt %v to seat %d, which holds %v", got, other, want)
	}
}
