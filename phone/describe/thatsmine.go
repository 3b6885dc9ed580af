package describe

import (
	"fmt"
	"strings"

	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
)

func init() {
	register[tm.View, tm.Action]("thatsmine", "Tokens", thatsmineFacts, thatsmineLabel)
}

func thatsmineFacts(v *tm.View, s *Screen) {
	s.Heading = fmt.Sprintf("That's Mine · round %d", v.Round)
	for _, c := range v.Hand.Cards(nil) {
		s.Hand = append(s.Hand, c.String())
	}
	s.Prompt = "Pick a card, then your wager"
	if v.Seat >= 0 && v.Chosen[v.Seat] && v.Choice.Card.Valid() {
		s.Facts = append(s.Facts, fmt.Sprintf("You play %v, wager %d", v.Choice.Card, v.Choice.Wager))
	}
	s.Facts = append(s.Facts, fmt.Sprintf("First to %d tokens wins · supply %d · kitty %d", v.Target, v.Supply, v.Kitty))
	if r := v.Last; r.Round > 0 {
		var plays []string
		for seat := range v.Players {
			plays = append(plays, fmt.Sprintf("P%d %v (%d)", seat+1, r.Cards[seat], r.Wagers[seat]))
		}
		s.Facts = append(s.Facts, fmt.Sprintf("Round %d: %s", r.Round, strings.Join(plays, ", ")))
		if r.Survivor >= 0 {
			s.Facts = append(s.Facts, fmt.Sprintf("%s took %s", SeatName(r.Survivor), count(r.Pot, "token")))
		}
	}
}

func thatsmineLabel(v *tm.View, a tm.Action) (group, label string) {
	return a.Card.String(), fmt.Sprintf("Wager %d", a.Wager)
}
