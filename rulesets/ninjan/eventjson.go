package ninjan

import (
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// UnmarshalText reads a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	v, ok := rulesets.ParseEnum[EventKind](eventNames[:], string(b))
	if !ok {
		return fmt.Errorf("ninjan: unknown event kind %q", b)
	}
	*k = v
	return nil
}

// UnmarshalJSON reads an event written by MarshalJSON: host-authority
// netplay sends each seat the events it may see that way.
func (e *Event) UnmarshalJSON(data []byte) error {
	type plain Event // without this method
	var in struct {
		plain
		Pile *int8 `json:"pile"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return fmt.Errorf("ninjan: event: %w", err)
	}
	*e = Event(in.plain)
	if in.Pile != nil {
		e.Pile = *in.Pile
	}
	// A table indexes its seats and piles with these: a host's event
	// naming none of them is refused, never followed.
	switch {
	case e.Seat < -1 || e.Seat >= MaxPlayers: // -1: an event about no seat
		return fmt.Errorf("ninjan: event: no seat %d", e.Seat)
	case e.Pile < 0 || e.Pile >= NumPiles:
		return fmt.Errorf("ninjan: event: no pile %d", e.Pile)
	}
	return nil
}
