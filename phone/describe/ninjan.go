package describe

import (
	"fmt"
	"strconv"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
)

func init() {
	register[ninjan.View, ninjan.Action]("ninjan", "Points", ninjanFacts, ninjanLabel)
}

// ninjanCard names a card as the phone shows it: "7 Rock".
func ninjanCard(c ninjan.Card) string {
	return strconv.Itoa(int(c.Value)) + " " + symbolName(c.Suit)
}

func ninjanFacts(v *ninjan.View, s *Screen) {
	s.Heading = fmt.Sprintf("Ninjan · round %d of 9", v.Round)
	for _, c := range v.Hand.Cards(nil) {
		s.Hand = append(s.Hand, ninjanCard(c))
	}
	for i := range v.Piles {
		p := &v.Piles[i]
		top := "empty"
		if p.Len() > 0 {
			top = ninjanCard(p.Top())
		}
		s.Facts = append(s.Facts, fmt.Sprintf("Pile %d: %s on top, %s, %s", i+1, top, count(p.Len(), "card"), count(p.Points(), "point")))
	}
	if c := v.Played[v.Seat]; v.Seat >= 0 && c != (ninjan.Card{}) && v.Phase == ninjan.PhasePlay {
		s.Facts = append(s.Facts, "You chose "+ninjanCard(c))
	}
	switch v.Phase {
	case ninjan.PhasePlay:
		s.Prompt = "Pick a card"
	case ninjan.PhaseClaim:
		s.Prompt = "Your " + ninjanCard(v.Played[v.Seat]) + " beats several piles: claim one"
	case ninjan.PhasePlace:
		s.Prompt = "Your " + ninjanCard(v.Played[v.Seat]) + " beats no pile: place it"
	case ninjan.PhaseDecider:
		s.Prompt = "A tie: throw rock, paper or scissors"
	}
}

func ninjanLabel(v *ninjan.View, a ninjan.Action) (group, label string) {
	switch a.Kind {
	case ninjan.Play:
		return "", ninjanCard(a.Card)
	case ninjan.Claim:
		return "", fmt.Sprintf("Claim pile %d", a.Pile+1)
	case ninjan.Place:
		return "", fmt.Sprintf("Place on pile %d", a.Pile+1)
	case ninjan.Throw:
		if a.Symbol == rulesets.NoSymbol {
			return "", "Throw at random"
		}
		return "", symbolName(a.Symbol)
	}
	return "", a.String()
}
