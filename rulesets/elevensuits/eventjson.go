package elevensuits

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// UnmarshalJSON reads an event as MarshalJSON writes it: a network client
// receives the host's events this way. Anything malformed is an error and
// leaves e unchanged.
func (e *Event) UnmarshalJSON(data []byte) error {
	var j eventJSON
	if err := rulesets.UnmarshalStrict(data, &j); err != nil {
		return fmt.Errorf("elevensuits: event: %w", err)
	}
	kind, err := parseName(j.Kind, eventNames[:], "event kind")
	if err != nil || kind == 0 {
		return fmt.Errorf("elevensuits: event: unknown kind %q", j.Kind)
	}
	out := ev(EventKind(kind), j.Seat)
	if j.Seat < -1 || j.Seat >= MaxPlayers { // -1: an event about no seat (a rethrow)
		return fmt.Errorf("elevensuits: event: no seat %d", j.Seat)
	}
	if j.Other != nil {
		if *j.Other < 0 || *j.Other >= MaxPlayers {
			return fmt.Errorf("elevensuits: event: no other seat %d", *j.Other)
		}
		out.Other = int8(*j.Other)
	}
	if j.Card != nil {
		out.Card = *j.Card
	}
	if j.Suit != "" {
		s := SuitIndex(j.Suit)
		if s < 0 {
			return fmt.Errorf("elevensuits: event: unknown suit %q", j.Suit)
		}
		out.Suit = int8(s)
	}
	if j.Symbol != nil {
		out.Symbol = *j.Symbol
	}
	if j.Slot != nil {
		if *j.Slot < 0 || *j.Slot >= NumCards {
			return fmt.Errorf("elevensuits: event: slot %d out of range", *j.Slot)
		}
		out.Slot = int8(*j.Slot)
	}
	if out.Audience, err = seatSet(j.Audience, MaxPlayers, "elevensuits: event audience"); err != nil {
		return err
	}
	if out.Audience == rulesets.Audience(1)<<MaxPlayers-1 {
		out.Audience = rulesets.Everyone // MarshalJSON lists a public event's audience as every seat
	}
	*e = out
	return nil
}
