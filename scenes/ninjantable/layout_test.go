package ninjantable

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/sprites"
)

// TestPointing: the pointer on a hand card, a throw button or a pile
// finds that option, and between them finds none; hand cards and throws
// only when the screen shows the seat's hand.
func TestPointing(t *testing.T) {
	g := newTargets()
	at := func(x, y float64) int {
		if hit := g.root.HitTest(x, y); hit != nil {
			return hit.ID
		}
		return -1
	}
	var legal []ninjan.Action
	for n := 1; n <= ninjan.Rounds; n++ {
		legal = legal[:0]
		for i := range n {
			legal = append(legal, ninjan.PlayCard(ninjan.CardAt(i)))
		}
		g.setOut(legal, true)
		for i := range n {
			x, y := handPos(i, n)
			if got := at(x+30, y-50); got != i {
				t.Errorf("hand of %d: card %d's corner finds %d", n, i, got)
			}
		}
		if x, y := handPos(0, n); at(x-80, y) != -1 {
			t.Errorf("hand of %d: a click left of the hand finds a card", n)
		}
		if x, y := handPos(n-1, n); at(x+handStep/2, y) != -1 {
			t.Errorf("hand of %d: a click right of the hand finds a card", n)
		}
		g.setOut(legal, false)
		if x, y := handPos(0, n); at(x, y) != -1 {
			t.Errorf("hand of %d not shown: a click on it finds a card", n)
		}
	}
	legal = legal[:0]
	for _, s := range append(rulesets.Symbols[:], rulesets.NoSymbol) {
		legal = append(legal, ninjan.ThrowSymbol(s))
	}
	g.setOut(legal, true)
	for i := range 4 {
		x, y, w, h := throwBox(i)
		if got := at(x+w/2, y+h/2); got != i {
			t.Errorf("throw %d finds %d", i, got)
		}
	}
	legal = []ninjan.Action{ninjan.ClaimPile(0), ninjan.ClaimPile(1), ninjan.ClaimPile(2)}
	g.setOut(legal, false)
	for p := range ninjan.NumPiles {
		for _, n := range []int{1, 9, 30} {
			x, y := pileCardPos(p, n-1, n)
			if got := at(x, y); got != p {
				t.Errorf("top of a %d-card pile %d finds option %d", n, p, got)
			}
		}
	}
	if got := at(500, 400); got != -1 {
		t.Errorf("the gap between piles 1 and 2 finds option %d", got)
	}
	legal = []ninjan.Action{ninjan.ClaimPile(0), ninjan.ClaimPile(2)}
	g.setOut(legal, false)
	if x, y := pileCardPos(2, 0, 1); at(x, y) != 1 {
		t.Error("pile 3 does not find its option")
	}
	if x, y := pileCardPos(1, 0, 1); at(x, y) != -1 {
		t.Error("pile 2, not a choice, finds an option")
	}
	if pileChoice(legal, 2) != 1 || pileChoice(legal, 1) != -1 {
		t.Error("pileChoice maps piles to the wrong options")
	}
}

// TestSeatNamesFit: every seat's name, of a human or a bot of any level,
// fits its panel at every table size and interface size, on one line or
// two.
func TestSeatNamesFit(t *testing.T) {
	for players := ninjan.MinPlayers; players <= ninjan.MaxPlayers; players++ {
		_, _, w, _ := seatBox(0, players)
		room := nameRoom(w)
		for _, k := range []float64{0.8, 1, 1.5} {
			for seat := range players {
				for _, bot := range []string{"", "easy", "medium", "hard"} {
					name := scenes.SeatName(seat, bot)
					first, second := nameLines(name, room, k)
					if first+" "+second != name && first != name {
						t.Errorf("%q split into %q and %q", name, first, second)
					}
					fw := scenes.TextWidth(first, scenes.TableTextFit(nameStyle(nil), k, first, room))
					sw := scenes.TextWidth(second, scenes.TableTextFit(qualifierStyle(nil), k, second, room))
					if fw > room || sw > room {
						t.Errorf("%d players at %g: %q is %.0f and %.0f wide, the panel has %.0f", players, k, name, fw, sw, room)
					}
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
