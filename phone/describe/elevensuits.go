package describe

import (
	"fmt"

	es "github.com/jankenarcade/janken/rulesets/elevensuits"
)

func init() {
	register[es.View, es.Action]("elevensuits", "Lives", elevensuitsFacts, elevensuitsLabel)
}

// esCard names a card: "Savanna Rock".
func esCard(c es.Card) string {
	if !c.Valid() {
		return "a hidden card"
	}
	return es.Suits[c.Suit()].Name + " " + symbolName(c.Symbol())
}

func elevensuitsFacts(v *es.View, s *Screen) {
	s.Heading = fmt.Sprintf("Eleven Suits · turn %d", v.Turn)
	if v.Phase == es.PhaseOpening {
		s.Heading = "Eleven Suits · opening throw" // no turn has begun
	}
	if v.Seat >= 0 {
		for _, sl := range v.Hand(v.Seat) {
			s.Hand = append(s.Hand, esCard(sl.Card))
		}
	}
	switch v.Phase {
	case es.PhaseOpening:
		s.Prompt = "Throw to decide who attacks first"
	case es.PhaseAttack:
		s.Prompt = "Attack " + SeatName(v.Defender(v.Seat)) + ": play a card face down"
	case es.PhaseDefend:
		s.Prompt = SeatName(v.Attacker) + " attacks you: answer with a card"
	case es.PhaseNaming:
		s.Prompt = fmt.Sprintf("Name the cards of %s's hand (%d named)", SeatName(v.Target), v.NamedLen)
	case es.PhasePenalty:
		s.Prompt = "A wrong guess: look at one of " + SeatName(v.Attacker) + "'s cards"
	}
	if v.Attacker >= 0 && v.Phase != es.PhaseOver {
		s.Facts = append(s.Facts, SeatName(v.Attacker)+" attacks")
	}
	for seat := range v.Config.Players {
		line := fmt.Sprintf("%s: %s in hand, %s in the graveyard", SeatName(seat), count(v.HandLen[seat], "card"), count(v.GraveLen[seat], "card"))
		if v.Out[seat] {
			line += " (out)"
		}
		s.Facts = append(s.Facts, line)
	}
	s.Facts = append(s.Facts, fmt.Sprintf("Deck: %s", count(v.DeckLen, "card")))
}

func elevensuitsLabel(v *es.View, a es.Action) (group, label string) {
	switch a.Kind {
	case es.Throw:
		return "", symbolName(a.Symbol)
	case es.Attack, es.Defend:
		return "", esCard(a.Card)
	case es.Name:
		return es.Suits[a.Card.Suit()].Name, symbolName(a.Card.Symbol())
	case es.Guess:
		return "", "Guess " + SeatName(int(a.Target)) + "'s hand to win"
	case es.Peek:
		return "", fmt.Sprintf("Look at card %d", a.Slot+1)
	}
	return "", a.String()
}
