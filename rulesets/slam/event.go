package slam

import (
	"encoding/json"

	"github.com/jankenarcade/janken/rulesets"
)

// EventKind says what happened.
type EventKind uint8

const (
	EventFlip       EventKind = iota // Seat flipped Card; Buttons is the correct action
	EventPress                       // Seat pressed Buttons on the card up: Result
	EventFalseStart                  // Seat gestured Buttons while no card was up
	EventPenalty                     // Seat returned N won cards under the deck
	EventWon                         // Seat won Card (Classic); Seats tied in a dead heat
	EventTaken                       // Seat took Card (Last One Loses); Seats tied
	EventTimeout                     // nobody acted on Card in time: it went under the deck
	EventVoid                        // a dead heat voided Card: it went under the deck
	EventPlayoff                     // a rock-paper-scissors round began for Seats (N = round)
	EventThrow                       // Seat threw (the symbol stays hidden until EventShowdown)
	EventShowdown                    // the throws of Seats were shown; Seats still in play after
	EventGameOver                    // the game ended; Seats won
	EventRefused                     // a deal the rules do not allow now was ignored; Card as dealt
)

var eventNames = [...]string{"flip", "press", "false-start", "penalty", "won", "taken", "timeout",
	"void", "playoff", "throw", "showdown", "game-over", "refused"}

func (k EventKind) String() string { return rulesets.EnumName(eventNames[:], k, "event") }

// Event is one thing that happened on a tick, for the scene to animate and
// the log to show. Fields that do not apply to the kind are zero.
type Event struct {
	Tick    int64
	Kind    EventKind
	Seat    int8
	Card    Card
	Result  Result
	Buttons rulesets.Buttons
	Seats   Seats
	N       uint8
}

// maxEvents bounds the events of one Step: at most two per seat, a flip
// and a decision, with room to spare.
const maxEvents = 32

// Events returns the events of the last Step, oldest first. Step starts by
// clearing them, so read them after each Step; the slice points into the
// state and is valid until the next Step or ClearEvents.
func (s *State) Events() []Event { return s.events[:s.nEvents] }

// ClearEvents forgets the recorded events.
func (s *State) ClearEvents() { s.nEvents = 0 }

func (s *State) emit(e Event) {
	if int(s.nEvents) < len(s.events) {
		e.Tick = s.tick
		s.events[s.nEvents] = e
		s.nEvents++
	}
}

// eventJSON is the readable form of an event for logs and the rules tool.
type eventJSON struct {
	Tick    int64  `json:"tick"`
	Kind    string `json:"kind"`
	Seat    *int   `json:"seat,omitempty"`
	Card    string `json:"card,omitempty"`
	Result  string `json:"result,omitempty"`
	Buttons string `json:"buttons,omitempty"`
	Seats   []int  `json:"seats,omitempty"`
	N       int    `json:"n,omitempty"`
}

// MarshalJSON writes the event with names instead of numbers.
func (e Event) MarshalJSON() ([]byte, error) {
	v := eventJSON{Tick: e.Tick, Kind: e.Kind.String(), N: int(e.N)}
	switch e.Kind {
	case EventGameOver, EventPlayoff, EventShowdown, EventTimeout, EventVoid, EventRefused:
	default:
		seat := int(e.Seat)
		v.Seat = &seat
	}
	if e.Card.Valid() {
		v.Card = e.Card.String()
	}
	if e.Result != ResultNone {
		v.Result = e.Result.String()
	}
	if e.Buttons != 0 {
		v.Buttons = e.Buttons.String()
	}
	for seat := 0; seat < rulesets.MaxSeats; seat++ {
		if e.Seats.Has(seat) {
			v.Seats = append(v.Seats, seat)
		}
	}
	return json.Marshal(v)
}
