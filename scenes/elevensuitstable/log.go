package elevensuitstable

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
)

// suitName returns a suit's name, or "unseen" for -1.
func suitName(suit int8) string {
	if suit < 0 || int(suit) >= es.NumSuits {
		return "unseen"
	}
	return es.Suits[suit].Name
}

// cardName returns "Tundra Rock".
func cardName(c es.Card) string {
	if !c.Valid() {
		return "a card"
	}
	sym := c.Symbol().String()
	return es.Suits[c.Suit()].Name + " " + string(sym[0]-'a'+'A') + sym[1:]
}

// logLine tells a public event in a sentence, naming the seats' players
// by names (cardtable.Status.Who), or returns "" for events the log
// leaves out (private ones, and the many draws, which the table shows).
// Only events everyone may see are written: the log is on a shared
// screen.
func logLine(e es.Event, names []string) string {
	if e.Audience != rulesets.Everyone {
		return ""
	}
	name := func(seat int) string {
		if seat < 0 || seat >= len(names) {
			return "" // an event about nobody in particular names nobody
		}
		return names[seat]
	}
	who, other := name(int(e.Seat)), name(int(e.Other))
	switch e.Kind {
	case es.EvShow:
		return fmt.Sprintf("%s throws %v.", who, e.Symbol)
	case es.EvRethrow:
		return "No winner: throw again."
	case es.EvFirst:
		return who + " attacks first."
	case es.EvAttack:
		return fmt.Sprintf("%s attacks %s with a %s card.", who, other, suitName(e.Suit))
	case es.EvDefend:
		return fmt.Sprintf("%s answers with %s.", who, cardName(e.Card))
	case es.EvReveal:
		return fmt.Sprintf("%s reveals %s.", who, cardName(e.Card))
	case es.EvTie:
		return "A tie: both cards go under the deck; " + who + " attacks again."
	case es.EvReverse:
		return "Play changes direction."
	case es.EvBeat:
		return fmt.Sprintf("%s wins; %s buries the loser.", who, other)
	case es.EvOut:
		return who + " is out."
	case es.EvGuess:
		return fmt.Sprintf("%s guesses to win against %s:", who, other)
	case es.EvName:
		return "  … " + cardName(e.Card)
	case es.EvGuessRight:
		return fmt.Sprintf("All five are there: %s is right!", who)
	case es.EvNarr:
		return who + ": \u201cNarr.\u201d"
	case es.EvPeek:
		return fmt.Sprintf("%s looks at one of %s's cards (%s).", who, other, suitName(e.Suit))
	case es.EvOver:
		return "Game over."
	}
	return ""
}
