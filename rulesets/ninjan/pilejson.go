package ninjan

import (
	"encoding/json"
	"fmt"
)

// MarshalJSON writes a pile as its cards, bottom first, as a position
// writes its piles: a View crosses the network in JSON.
func (p Pile) MarshalJSON() ([]byte, error) { return json.Marshal(p.Cards()) }

// UnmarshalJSON reads a pile written by MarshalJSON, refusing invalid
// cards and more cards than the deck has.
func (p *Pile) UnmarshalJSON(data []byte) error {
	var cards []Card
	if err := json.Unmarshal(data, &cards); err != nil {
		return fmt.Errorf("ninjan: pile: %w", err)
	}
	if len(cards) > NumCards {
		return fmt.Errorf("ninjan: pile of %d cards", len(cards))
	}
	var q Pile
	for _, c := range cards {
		if !c.Valid() {
			return fmt.Errorf("ninjan: pile holds %v, not a card", c)
		}
		q.push(c)
	}
	*p = q
	return nil
}
