package ninjan

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// TestBotsSeeOnlyTheView: a bot's choice is the same in two games that
// differ only in what its seat may not see (the other hands, face-down
// choices, the unused cards, the generator), so no bot can peek.
func TestBotsSeeOnlyTheView(t *testing.T) {
	for _, name := range BotNames {
		checked, limit := 0, 40
		if name == "hard" {
			limit = 10 // a search is slow under WebAssembly; ten decisions prove the point
		}
		for i := range 6 {
			s, err := New(Config{Players: 2 + i%4}, uint64(100+i))
			must(t, err)
			r := rulesets.NewRand(uint64(i))
			var seats []int
			for !s.Over() && checked < limit {
				seats = s.ToAct(seats[:0])
				seat := seats[r.IntN(len(seats))]
				if r.IntN(3) == 0 || name != "hard" {
					a1 := choose(mustBot(t, name, seat), s, seat)
					a2 := choose(mustBot(t, name, seat), rehide(s, seat, &r), seat)
					if a1 != a2 {
						t.Fatalf("%s bot chose %v, and %v when only hidden cards changed", name, a1, a2)
					}
					checked++
				}
				legal := s.Legal(seat, nil)
				must(t, s.Apply(seat, legal[r.IntN(len(legal))]))
			}
		}
		if checked == 0 {
			t.Errorf("%s: nothing checked", name)
		}
	}
}

// choose asks bot for seat's action in s, showing it seat's view only.
func choose(bot *Bot, s *State, seat int) Action {
	v := s.View(seat)
	return bot.Choose(&v)
}

func mustBot(t *testing.T, name string, seat int) *Bot {
	t.Helper()
	b, err := NewBot(name, seat, 77)
	must(t, err)
	return b
}

// TestBotsPlayWholeGames: every bot finishes games at every player count
// with legal actions only.
func TestBotsPlayWholeGames(t *testing.T) {
	for _, name := range BotNames {
		for players := MinPlayers; players <= MaxPlayers; players++ {
			if name == "hard" && (players == 3 || players == 4 || testing.Short() && players != MaxPlayers) {
				continue // the search is the slow part: the extreme counts suffice
			}
			s, err := New(Config{Players: players}, uint64(players))
			must(t, err)
			bots := make([]*Bot, players)
			for seat := range bots {
				bots[seat] = mustBot(t, name, seat)
			}
			var seats []int
			for n := 0; !s.Over(); n++ {
				if n > 500 {
					t.Fatalf("%s, %d players: no end", name, players)
				}
				seats = s.ToAct(seats[:0])
				seat := seats[0]
				if err := s.Apply(seat, choose(bots[seat], s, seat)); err != nil {
					t.Fatalf("%s bot, %d players: %v", name, players, err)
				}
			}
		}
	}
	if _, err := NewBot("grandmaster", 0, 1); err == nil {
		t.Error("an unknown bot name was accepted")
	}
}

// TestGreedyTakesTheRichestPile: the greedy baseline, asked to choose
// among beaten piles, always takes the one worth most.
func TestGreedyTakesTheRichestPile(t *testing.T) {
	s := decodeFile(t, "testdata/claim.json") // 8R beats pile 1 (5S) and pile 2 (2S)
	if got := choose(mustBot(t, "greedy", 0), s, 0); got != ClaimPile(1) {
		t.Errorf("greedy chose %v, want claim pile 1 (worth 5, not 2)", got)
	}
}

// TestSampleVisits: the mixed strategy draws in proportion to the squared
// visits, and never an action the search did not play.
func TestSampleVisits(t *testing.T) {
	rng := rulesets.NewRand(1)
	visits := []int{0, 10, 30, 0}
	var drawn [4]int
	const n = 10000
	for range n {
		drawn[rng.BySquares(visits)]++
	}
	// Expected shares: 100/1000 and 900/1000.
	if drawn[0] != 0 || drawn[3] != 0 || drawn[1] < n/10-300 || drawn[1] > n/10+300 {
		t.Errorf("drew %v from visits %v, want about [0 %d %d 0]", drawn, visits, n/10, n*9/10)
	}
}

// TestHardMixesItsSecretCard: after its playouts the hard bot draws its
// secret card by the visits among the cards whose mean reward the search
// cannot tell from the best's (a fixed best response can be read and
// answered; a card found worse is given away for nothing), but plays its
// claims and placements, which everyone sees coming, by the most visits;
// medium always plays the most visited.
func TestHardMixesItsSecretCard(t *testing.T) {
	visits := []int{5, 40, 60, 0}
	near := []float64{1, 23.2, 36, 0} // means 0.2, 0.58, 0.6: card 1 is within a standard error
	apart := []float64{1, 12, 36, 0}  // means 0.2, 0.3, 0.6
	tests := []struct {
		bot    string
		phase  Phase
		reward []float64
		want   [4]bool // the actions that may be drawn
	}{
		{"hard", PhasePlay, near, [4]bool{false, true, true, false}},
		{"hard", PhasePlay, apart, [4]bool{false, false, true, false}},
		{"hard", PhaseClaim, near, [4]bool{false, false, true, false}},
		{"hard", PhasePlace, near, [4]bool{false, false, true, false}},
		{"medium", PhasePlay, near, [4]bool{false, false, true, false}},
	}
	for _, tt := range tests {
		b := mustBot(t, tt.bot, 0)
		copy(b.search.visits[:], visits)
		copy(b.search.reward[:], tt.reward)
		var drawn [4]int
		for range 200 {
			drawn[b.search.final(tt.phase, 4, &b.rng)]++
		}
		for k, may := range tt.want {
			if may != (drawn[k] > 0) {
				t.Errorf("%s in %v drew %v from visits %v, rewards %v; want only %v", tt.bot, tt.phase, drawn, visits, tt.reward, tt.want)
				break
			}
		}
	}
}

// TestNaiveCardWeighsEveryCard checks naiveCard, which looks at each
// suit's lowest card only, against the whole hand weighed card by card, on
// the piles and hands of random games at every stage.
func TestNaiveCardWeighsEveryCard(t *testing.T) {
	rng := rulesets.NewRand(7)
	checked := 0
	for seed := uint64(1); seed <= 200; seed++ {
		s, err := New(Config{Players: 2 + int(seed%4)}, seed)
		if err != nil {
			t.Fatal(err)
		}
		var legal []Action
		var seats []int
		for !s.Over() {
			for seat := range s.cfg.Players {
				hand := s.hands[seat]
				for range 4 { // the hand and random parts of it
					if got, want := naiveCard(&s.piles, hand), naiveCardByHand(&s.piles, hand); hand != 0 && got != want {
						t.Fatalf("seed %d: naiveCard(%v) = %v, weighing every card gives %v", seed, hand, got, want)
					}
					hand &= CardSet(rng.Uint64())
					checked++
				}
			}
			seats = s.ToAct(seats[:0])
			seat := seats[rng.IntN(len(seats))]
			legal = s.Legal(seat, legal[:0])
			must(t, s.Apply(seat, legal[rng.IntN(len(legal))]))
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d hands checked", checked)
	}
}

// naiveCardByHand is naiveCard's definition, card by card.
func naiveCardByHand(piles *[NumPiles]Pile, hand CardSet) Card {
	var best Card
	bestGain := -1 << 30
	for h := hand; h != 0; h &= h - 1 {
		c := h.Nth(0)
		gain := -int(c.Value)
		if m := beatenPiles(piles, c.Suit); m != 0 {
			gain += 2 * piles[bestPile(piles, m)].Points()
		}
		if gain > bestGain {
			best, bestGain = c, gain
		}
	}
	return best
}
