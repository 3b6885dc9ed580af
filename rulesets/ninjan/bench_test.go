package ninjan

import (
	"fmt"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// BenchmarkApply measures a typical action: a card chosen in the play
// phase (the most common action), undone by restoring a copy between
// iterations outside the timer's concern (the copy is a plain value).
func BenchmarkApply(b *testing.B) {
	s, err := New(Config{Players: 4}, 1)
	if err != nil {
		b.Fatal(err)
	}
	s.quiet = false
	s.events = make([]Event, 0, 64)
	start := *s
	a := PlayCard(s.hands[0].Nth(3))
	b.ReportAllocs()
	for b.Loop() {
		*s = start
		s.events = s.events[:0]
		if err := s.Apply(0, a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplyResolve measures the action that completes a round: the
// last card chosen, then the reveal and every resolution.
func BenchmarkApplyResolve(b *testing.B) {
	s, err := New(Config{Players: 5}, 1)
	if err != nil {
		b.Fatal(err)
	}
	for seat := 0; seat < 4; seat++ {
		must(b, s.Apply(seat, PlayCard(s.hands[seat].Nth(0))))
	}
	s.events = make([]Event, 0, 64)
	start := *s
	a := PlayCard(s.hands[4].Nth(0))
	b.ReportAllocs()
	for b.Loop() {
		*s = start
		s.events = s.events[:0]
		if err := s.Apply(4, a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomGame plays whole 4-player games with random legal
// actions; games/s is the reciprocal of ns/op.
func BenchmarkRandomGame(b *testing.B) {
	r := rulesets.NewRand(1)
	var seats []int
	var legal []Action
	s := &State{}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		n, err := New(Config{Players: 4}, seed)
		if err != nil {
			b.Fatal(err)
		}
		*s = *n
		s.quiet = true
		for !s.Over() {
			seats = s.ToAct(seats[:0])
			seat := seats[r.IntN(len(seats))]
			legal = s.Legal(seat, legal[:0])
			if err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkHardDecision measures the hard bot's first decision at every
// table size. Its budget is card plays, so every size plays about as many
// cards; the smaller tables make more, shorter playouts, each with its own
// re-deal, and 2 players is the slowest.
func BenchmarkHardDecision(b *testing.B) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			benchBot(b, "hard", players)
		})
	}
}

// BenchmarkMediumDecision is the same for the medium bot.
func BenchmarkMediumDecision(b *testing.B) {
	benchBot(b, "medium", 5)
}

func benchBot(b *testing.B, name string, players int) {
	s, err := New(Config{Players: players}, 3)
	if err != nil {
		b.Fatal(err)
	}
	bot, err := NewBot(name, 0, 1)
	if err != nil {
		b.Fatal(err)
	}
	v := s.View(0)
	bot.Choose(&v) // warm the buffers
	b.ReportAllocs()
	for b.Loop() {
		bot.Choose(&v)
	}
}
