package thatsmine

import (
	"testing"

	"github.com/jankenarcade/janken/internal/soak"
	"github.com/jankenarcade/janken/rulesets"
)

// allSeeing returns the yardstick of Hard's inference: Hard at seat that
// re-deals nothing but plays against the true hands of s (the opponents'
// play cards of the round included, though not their choice of one).
func allSeeing(s *State, seat int, seed uint64) *searchBot {
	b := newSearchBot(rulesets.Derive(seed, 0x7a3+uint64(seat)), hardBudget)
	b.seeAll = func() [MaxPlayers]CardSet {
		hands := s.hands
		for o := range s.players {
			if s.chosen[o] {
				hands[o] |= s.play[o].set()
			}
		}
		return hands
	}
	return b
}

// TestAllSeeingYardstick plays five-player games of Hard against four
// greedy players, and the same games with the all-seeing yardstick in
// Hard's seat: the yardstick wins at least as often, and the log says how
// much of the gap Hard's inference has closed (JANKEN_SOAK=1 plays enough
// games to tell).
func TestAllSeeingYardstick(t *testing.T) {
	games := soak.Scale(2, 200)
	var hardWins, seeingWins float64
	for g := range games {
		seed, seat := uint64(1+g), g%5
		hard, err := NewBot("hard", seat, seed)
		if err != nil {
			t.Fatal(err)
		}
		hardWins += winShare(t, 5, seed, seat, func(*State) rulesets.Bot[View, Action] { return hard })
		seeingWins += winShare(t, 5, seed, seat, func(s *State) rulesets.Bot[View, Action] { return allSeeing(s, seat, seed) })
	}
	t.Logf("%d games: hard won %.1f%%, all-seeing %.1f%%", games, 100*hardWins/float64(games), 100*seeingWins/float64(games))
	if seeingWins < hardWins {
		t.Errorf("the all-seeing yardstick won %.1f games, fewer than hard's %.1f", seeingWins, hardWins)
	}
}

// winShare plays a game of greedy players with the bot made by bot at
// seat me and returns me's share of the win.
func winShare(t *testing.T, players int, seed uint64, me int, bot func(*State) rulesets.Bot[View, Action]) float64 {
	t.Helper()
	s, err := New(Config{Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	b := bot(s)
	for !s.Over() {
		playRound(t, s, b, me)
	}
	if !s.winners.Has(me) {
		return 0
	}
	return 1 / float64(len(s.Winners(nil)))
}
