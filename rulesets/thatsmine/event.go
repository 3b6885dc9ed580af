package thatsmine

import (
	"fmt"
	"strings"

	"github.com/jankenarcade/janken/rulesets"
)

// EventKind says what happened.
type EventKind uint8

// The events, in the order a round produces them.
const (
	EventNone EventKind = iota
	// EventShuffle: all 36 cards were shuffled and Amount dealt to each
	// player (at setup and at every re-deal). Public.
	EventShuffle
	// EventDeal: Seat received the hand Cards. Only Seat sees it.
	EventDeal
	// EventKitty: a round began; 1 token moved from the supply (now
	// Supply) to the kitty (now Kitty). Round is the round's number.
	EventKitty
	// EventChosen: Seat has chosen a play card and a wager (which stay
	// hidden). Public.
	EventChosen
	// EventWager: Seat's wager Amount is revealed (all at once).
	EventWager
	// EventTier: the tier of wager Tier begins, with the players Seats.
	EventTier
	// EventPay: Seat puts Amount tokens into the kitty (now Kitty).
	EventPay
	// EventReveal: Seat's play card Card is turned face up.
	EventReveal
	// EventMatch: the cards Cards share the symbol Symbol; only the lowest,
	// Card, stays.
	EventMatch
	// EventBeats: Card's symbol beats Other's symbol; Card survives.
	EventBeats
	// EventStalemate: the three symbols Cards were left; the highest
	// number, Card, survives.
	EventStalemate
	// EventSurvivor: after tier Tier, Seat survives with Card.
	EventSurvivor
	// EventAward: Seat takes the kitty's Amount tokens and now holds
	// Tokens.
	EventAward
	// EventDiscard: the play cards Cards go to the discard pile.
	EventDiscard
	// EventSupplyEmpty: the supply was empty when a round should begin:
	// the game ends [H].
	EventSupplyEmpty
	// EventWin: the game is over; Seats won (several on a shared win).
	EventWin
)

var eventNames = [...]string{"none", "shuffle", "deal", "kitty", "chosen", "wager", "tier", "pay", "reveal",
	"match", "beats", "stalemate", "survivor", "award", "discard", "supplyEmpty", "win"}

// String returns the kind's JSON name.
func (k EventKind) String() string { return rulesets.EnumName(eventNames[:], k, "event") }

// MarshalText writes the kind's name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	v, ok := rulesets.ParseEnum[EventKind](eventNames[:], string(b))
	if !ok {
		return fmt.Errorf("thatsmine: unknown event kind %q", b)
	}
	*k = v
	return nil
}

// Event is one thing that happened, for scenes to animate and for the game
// log. Audience says which seats may see it (host-authority netplay sends
// each seat only its own). Fields a kind does not use are zero; Seat is -1
// when no seat is meant.
type Event struct {
	Kind     EventKind         `json:"kind"`
	Audience rulesets.Audience `json:"audience"`
	Seat     int               `json:"seat"`
	Round    int               `json:"round,omitempty"`
	Tier     int               `json:"tier,omitempty"`
	Amount   int               `json:"amount,omitempty"`
	Supply   int               `json:"supply,omitempty"`
	Kitty    int               `json:"kitty,omitempty"`
	Tokens   int               `json:"tokens,omitempty"` // Seat's tokens after a Pay or Award
	Card     Card              `json:"card,omitempty"`
	Other    Card              `json:"other,omitempty"`
	Symbol   rulesets.Symbol   `json:"symbol,omitzero"`
	Seats    SeatSet           `json:"seats,omitempty"`
	Cards    CardSet           `json:"cards,omitempty"`
}

// SeatSet is a set of seats, bit i standing for seat i.
type SeatSet uint8

// Has reports whether seat is in the set.
func (s SeatSet) Has(seat int) bool { return seat >= 0 && seat < 8 && s&(1<<seat) != 0 }

// appendTo appends the seats of the set below players, in order.
func (s SeatSet) appendTo(dst []int, players int) []int {
	for seat := range players {
		if s.Has(seat) {
			dst = append(dst, seat)
		}
	}
	return dst
}

// String describes the event in the words of the game log, naming seat i
// "Player i+1".
func (e Event) String() string {
	p := func(seat int) string { return fmt.Sprintf("Player %d", seat+1) }
	switch e.Kind {
	case EventShuffle:
		return fmt.Sprintf("All 36 cards are shuffled; everyone gets %d.", e.Amount)
	case EventDeal:
		return fmt.Sprintf("%s is dealt %s.", p(e.Seat), cardList(e.Cards))
	case EventKitty:
		return fmt.Sprintf("Round %d: 1 token goes from the supply (%d left) to the kitty.", e.Round, e.Supply)
	case EventChosen:
		return fmt.Sprintf("%s has chosen.", p(e.Seat))
	case EventWager:
		return fmt.Sprintf("%s wagers %d.", p(e.Seat), e.Amount)
	case EventTier:
		return fmt.Sprintf("Tier %d: %s.", e.Tier, seatList(e.Seats))
	case EventPay:
		return fmt.Sprintf("%s puts %d into the kitty (now %d).", p(e.Seat), e.Amount, e.Kitty)
	case EventReveal:
		return fmt.Sprintf("%s reveals %s.", p(e.Seat), e.Card)
	case EventMatch:
		return fmt.Sprintf("Match of %s: the lowest, %s, stays.", cardList(e.Cards), e.Card)
	case EventBeats:
		return fmt.Sprintf("%s beats %s.", e.Card, e.Other)
	case EventStalemate:
		return fmt.Sprintf("Stalemate of %s: the highest, %s, survives.", cardList(e.Cards), e.Card)
	case EventSurvivor:
		return fmt.Sprintf("%s survives with %s.", p(e.Seat), e.Card)
	case EventAward:
		return fmt.Sprintf("That's mine! %s takes %d tokens (now %d).", p(e.Seat), e.Amount, e.Tokens)
	case EventDiscard:
		return fmt.Sprintf("%s go to the discard pile.", cardList(e.Cards))
	case EventSupplyEmpty:
		return "The supply is empty: the game ends and the most tokens win."
	case EventWin:
		return fmt.Sprintf("%s wins!", seatList(e.Seats))
	}
	return e.Kind.String()
}

func cardList(s CardSet) string {
	var parts []string
	for _, c := range s.Cards(nil) {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, ", ")
}

func seatList(s SeatSet) string {
	var parts []string
	for seat := 0; seat < 8; seat++ {
		if s.Has(seat) {
			parts = append(parts, fmt.Sprintf("Player %d", seat+1))
		}
	}
	return strings.Join(parts, " and ")
}
