package ninjan

import (
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// EventKind says what happened.
type EventKind uint8

// The events, in the order a round produces them.
const (
	// EventPileStart: Card starts Pile at the deal.
	EventPileStart EventKind = iota + 1
	// EventDeal: Seat is dealt Hand (private to that seat).
	EventDeal
	// EventRoundStart: Round (1..9) begins.
	EventRoundStart
	// EventChosen: Seat has chosen its card, face down.
	EventChosen
	// EventRevealed: Seat's chosen Card is turned over.
	EventRevealed
	// EventResolving: Seat's Card resolves now, the Order-th (0-based) of
	// the round.
	EventResolving
	// EventClaimed: Seat takes Pile (Count cards worth Points) and Card
	// starts it again.
	EventClaimed
	// EventPlaced: Seat puts Card on top of Pile.
	EventPlaced
	// EventRoundEnd: Round (1..9) is over.
	EventRoundEnd
	// EventDeciderStart: Seats (a bit set) tie for the win and throw.
	EventDeciderStart
	// EventThrown: Seat has thrown in the decider, unseen.
	EventThrown
	// EventThrowRevealed: Seat's decider throw was Symbol.
	EventThrowRevealed
	// EventKnockedOut: Seat lost a decider throw.
	EventKnockedOut
	// EventGameOver: the game ended; Seats (a bit set) won.
	EventGameOver
)

var eventNames = [...]string{"", "pileStart", "deal", "roundStart", "chosen", "revealed", "resolving",
	"claimed", "placed", "roundEnd", "deciderStart", "thrown", "throwRevealed", "knockedOut", "gameOver"}

// String returns the kind's name as in the JSON form.
func (k EventKind) String() string { return rulesets.EnumName(eventNames[:], k, "event") }

// MarshalText writes the name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Event is one thing that happened, for the scenes to animate and the game
// log to tell. Only the fields its Kind documents are set. Audience is who
// may see it: a deal is private, everything else is public.
type Event struct {
	Kind     EventKind         `json:"kind"`
	Audience rulesets.Audience `json:"audience"`
	Seat     int8              `json:"seat"` // -1 when no seat is concerned
	Card     Card              `json:"card,omitzero"`
	Pile     int8              `json:"-"` // written only for pile events
	Round    int8              `json:"round,omitzero"`
	Order    int8              `json:"order,omitzero"`
	Count    int8              `json:"count,omitzero"`
	Points   int16             `json:"points,omitzero"`
	Symbol   rulesets.Symbol   `json:"symbol,omitzero"`
	Hand     CardSet           `json:"hand,omitzero"`
	Seats    uint8             `json:"seats,omitzero"`
}

// MarshalJSON writes the event's fields, "pile" only for the events about
// a pile (so pile 0 is never confused with "no pile").
func (e Event) MarshalJSON() ([]byte, error) {
	type plain Event // without this method
	out := struct {
		plain
		Pile *int8 `json:"pile,omitempty"`
	}{plain: plain(e)}
	switch e.Kind {
	case EventPileStart, EventClaimed, EventPlaced:
		out.Pile = &e.Pile
	}
	return json.Marshal(out)
}

// String describes the event for a log, with seats numbered from 1.
func (e Event) String() string {
	p := e.Seat + 1
	switch e.Kind {
	case EventPileStart:
		return fmt.Sprintf("pile %d starts with %v", e.Pile+1, e.Card)
	case EventDeal:
		return fmt.Sprintf("player %d is dealt %d cards", p, e.Hand.Len())
	case EventRoundStart:
		return fmt.Sprintf("round %d", e.Round)
	case EventChosen:
		return fmt.Sprintf("player %d has chosen", p)
	case EventRevealed:
		return fmt.Sprintf("player %d plays %v", p, e.Card)
	case EventResolving:
		return fmt.Sprintf("player %d's %v resolves", p, e.Card)
	case EventClaimed:
		return fmt.Sprintf("player %d takes pile %d (%d cards, %+d) with %v", p, e.Pile+1, e.Count, e.Points, e.Card)
	case EventPlaced:
		return fmt.Sprintf("player %d puts %v on pile %d", p, e.Card, e.Pile+1)
	case EventRoundEnd:
		return fmt.Sprintf("round %d ends", e.Round)
	case EventDeciderStart:
		return fmt.Sprintf("tie: players %s throw rock-paper-scissors", seatList(e.Seats))
	case EventThrown:
		return fmt.Sprintf("player %d has thrown", p)
	case EventThrowRevealed:
		return fmt.Sprintf("player %d throws %v", p, e.Symbol)
	case EventKnockedOut:
		return fmt.Sprintf("player %d is out of the decider", p)
	case EventGameOver:
		return fmt.Sprintf("game over: player %s wins", seatList(e.Seats))
	}
	return e.Kind.String()
}

// seatList writes a seat bit set as "1, 3" (numbered from 1).
func seatList(m uint8) string {
	out := ""
	for seat := 0; m != 0; seat++ {
		if m&(1<<seat) != 0 {
			if out != "" {
				out += ", "
			}
			out += fmt.Sprint(seat + 1)
			m &^= 1 << seat
		}
	}
	return out
}
