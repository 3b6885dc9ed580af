package elevensuits

import (
	"encoding/json"

	"github.com/jankenarcade/janken/rulesets"
)

// EventKind says what happened.
type EventKind uint8

// The events. Seat is the seat the event is about; Other, Card, Suit,
// Symbol and Slot are set where the comment says.
const (
	// EvDraw: Seat took the deck's top card (of Suit) into hand Slot.
	// Public; the card itself goes to Seat alone in EvDrawCard.
	EvDraw EventKind = iota + 1
	// EvDrawCard: Seat's drawn Card, seen by Seat alone.
	EvDrawCard
	// EvThrown: Seat has chosen its opening symbol (which stays hidden).
	EvThrown
	// EvShow: Seat's opening Symbol, shown once every contender has thrown.
	EvShow
	// EvRethrow: the opening round was undecided; the contenders throw again.
	EvRethrow
	// EvFirst: Seat won the opening round and attacks first.
	EvFirst
	// EvTurn: Seat's turn begins; Other is the player it would attack.
	EvTurn
	// EvAttack: Seat attacks Other with a face-down card of Suit from hand Slot.
	EvAttack
	// EvDefend: Seat (the defender) answers face up with Card from hand Slot.
	EvDefend
	// EvReveal: Seat's attacking Card is turned face up.
	EvReveal
	// EvTie: the symbols tied; Seat attacks again.
	EvTie
	// EvReverse: a tie reversed the direction of play (three players).
	EvReverse
	// EvBeat: Seat's card beat Other's.
	EvBeat
	// EvToDeck: Seat's card (Card, or only Suit if it was face down) went
	// to the bottom of the deck.
	EvToDeck
	// EvBury: Seat's Card went face down into its graveyard.
	EvBury
	// EvOut: Seat is out (three players) or has lost (two players).
	EvOut
	// EvGuess: Seat begins a guess to win against Other.
	EvGuess
	// EvName: Seat names Card.
	EvName
	// EvGuessRight: Seat's guess against Other was right.
	EvGuessRight
	// EvNarr: Seat (the target) answers Other's guess "Narr".
	EvNarr
	// EvPeek: Seat looks at Other's card at hand Slot. Public; the card
	// goes to Seat alone in EvPeekCard.
	EvPeek
	// EvPeekCard: the Card Seat saw at Other's hand Slot.
	EvPeekCard
	// EvOver: the game is over; Seat is the first winner (see Winners).
	EvOver
)

var eventNames = [...]string{"", "draw", "draw-card", "thrown", "show", "rethrow", "first", "turn",
	"attack", "defend", "reveal", "tie", "reverse", "beat", "to-deck", "bury", "out",
	"guess", "name", "guess-right", "narr", "peek", "peek-card", "over"}

func (k EventKind) String() string { return rulesets.EnumName(eventNames[:], k, "event") }

// Event is one thing that happened, for the scenes to animate and the log
// to tell. Audience is the set of seats that may see it; a host sends each
// seat only the events it sees.
type Event struct {
	Kind     EventKind
	Seat     int8
	Other    int8 // -1 if none
	Card     Card // NoCard if none or hidden
	Suit     int8 // -1 if none
	Symbol   rulesets.Symbol
	Slot     int8 // -1 if none
	Audience rulesets.Audience
}

// ev returns a public event of kind about seat with the other fields empty.
func ev(kind EventKind, seat int) Event {
	return Event{Kind: kind, Seat: int8(seat), Other: -1, Card: NoCard, Suit: -1, Slot: -1, Audience: rulesets.Everyone}
}

// VisibleTo reports whether seat may see e.
func (e Event) VisibleTo(seat int) bool { return e.Audience.Sees(seat) }

func (e Event) String() string {
	b, _ := e.MarshalJSON()
	return string(b)
}

type eventJSON struct {
	Kind     string           `json:"kind"`
	Seat     int              `json:"seat"`
	Other    *int             `json:"other,omitempty"`
	Card     *Card            `json:"card,omitempty"`
	Suit     string           `json:"suit,omitempty"`
	Symbol   *rulesets.Symbol `json:"symbol,omitempty"`
	Slot     *int             `json:"slot,omitempty"`
	Audience []int            `json:"audience"`
}

// MarshalJSON writes the event with its set fields only and the audience
// as a list of seats.
func (e Event) MarshalJSON() ([]byte, error) {
	j := eventJSON{Kind: e.Kind.String(), Seat: int(e.Seat), Audience: []int{}}
	if e.Other >= 0 {
		o := int(e.Other)
		j.Other = &o
	}
	if e.Card != NoCard {
		c := e.Card
		j.Card = &c
	}
	if e.Suit >= 0 && int(e.Suit) < NumSuits {
		j.Suit = Suits[e.Suit].Key
	}
	if e.Symbol != rulesets.NoSymbol {
		sym := e.Symbol
		j.Symbol = &sym
	}
	if e.Slot >= 0 {
		s := int(e.Slot)
		j.Slot = &s
	}
	for seat := range MaxPlayers {
		if e.Audience.Sees(seat) {
			j.Audience = append(j.Audience, seat)
		}
	}
	return json.Marshal(j)
}
