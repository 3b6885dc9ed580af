package ninjan

import (
	"encoding/json"
	"fmt"
)

// UnmarshalText reads a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, name := range eventNames {
		if i > 0 && name == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("ninjan: unknown event kind %q", b)
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
	return nil
}
