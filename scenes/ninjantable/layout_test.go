package ninjantable

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/sprites"
)

// TestPointing: a click on a hand card, a throw button or a pile finds
// that option, and a click between them finds none.
func TestPointing(t *testing.T) {
	var legal []ninjan.Action
	for n := 1; n <= ninjan.Rounds; n++ {
		legal = legal[:0]
		for i := range n {
			legal = append(legal, ninjan.PlayCard(ninjan.CardAt(i)))
		}
		for i := range n {
			x, y := handPos(i, n)
			if got := optionAt(legal, x+30, y-50); got != i {
				t.Errorf("hand of %d: card %d's corner finds %d", n, i, got)
			}
		}
		if x, y := handPos(0, n); optionAt(legal, x-80, y) != -1 {
			t.Errorf("hand of %d: a click left of the hand finds a card", n)
		}
	}
	legal = legal[:0]
	for _, s := range append(rulesets.Symbols[:], rulesets.NoSymbol) {
		legal = append(legal, ninjan.ThrowSymbol(s))
	}
	for i := range 4 {
		x, y, w, h := throwBox(i)
		if got := optionAt(legal, x+w/2, y+h/2); got != i {
			t.Errorf("throw %d finds %d", i, got)
		}
	}
	for p := range ninjan.NumPiles {
		for _, n := range []int{1, 9, 30} {
			x, y := pileCardPos(p, n-1, n)
			if got := pileHit(x, y); got != p {
				t.Errorf("top of a %d-card pile %d finds pile %d", n, p, got)
			}
		}
	}
	if got := pileHit(500, 400); got != -1 {
		t.Errorf("the gap between piles 1 and 2 finds pile %d", got)
	}
	legal = []ninjan.Action{ninjan.ClaimPile(0), ninjan.ClaimPile(2)}
	if pileChoice(legal, 2) != 1 || pileChoice(legal, 1) != -1 {
		t.Error("pileChoice maps piles to the wrong options")
	}
}

// TestSeatNamesFit: every seat's name, of a human or a bot of any level,
// fits its panel at every table size, on one line or two.
func TestSeatNamesFit(t *testing.T) {
	for players := ninjan.MinPlayers; players <= ninjan.MaxPlayers; players++ {
		_, _, w, _ := seatBox(0, players)
		room := nameRoom(w)
		for seat := range players {
			for _, bot := range []string{"", "easy", "medium", "hard"} {
				name := scenes.SeatName(seat, bot)
				first, second := nameLines(name, room)
				if first+" "+second != name && first != name {
					t.Errorf("%q split into %q and %q", name, first, second)
				}
				if fw, sw := scenes.TextWidth(first, nameStyle(nil)), scenes.TextWidth(second, qualifierStyle(nil)); fw > room || sw > room {
					t.Errorf("%d players: %q is %.0f and %.0f wide, the panel has %.0f", players, name, fw, sw, room)
				}
			}
		}
	}
}

// TestPileLayoutFits: however long a pile grows (all 48 cards), its cards
// stay inside the pile area, in order, each showing its corner.
func TestPileLayoutFits(t *testing.T) {
	for n := 1; n <= ninjan.NumCards; n++ {
		step, _ := pileGeometry(n)
		if n > 1 && step < 6 {
			t.Errorf("%d cards: step %.1f hides the values", n, step)
		}
		for i := range n {
			x, y := pileCardPos(1, i, n)
			if y+sprites.CardHeight*pileScale/2 > pileBot+0.5 || x < pileX(1)-125 || x > pileX(1)+125 {
				t.Fatalf("%d cards: card %d at (%.0f, %.0f) leaves the pile area", n, i, x, y)
			}
		}
	}
}
