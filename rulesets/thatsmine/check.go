package thatsmine

import (
	"errors"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Hash returns a stable hash of the whole state.
func (s *State) Hash() uint64 {
	var h rulesets.Hasher
	h.Int(s.players)
	h.Int(s.setup.Target)
	for seat := range s.players {
		h.Uint64(uint64(s.hands[seat]))
		h.Int(s.tokens[seat])
		h.Bool(s.chosen[seat])
		h.Byte(byte(s.play[seat]))
		h.Int(s.wager[seat])
		h.Int(s.last.Wagers[seat])
		h.Byte(byte(s.last.Cards[seat]))
	}
	h.Uint64(uint64(s.faceDown))
	h.Uint64(uint64(s.discard))
	h.Int(s.supply)
	h.Int(s.kitty)
	h.Int(s.round)
	h.Int(s.deal)
	h.Int(s.last.Round)
	h.Int(s.last.Survivor)
	h.Int(s.last.Pot)
	h.Bool(s.over)
	h.Byte(byte(s.winners))
	h.Rand(s.rng)
	return h.Sum()
}

// Check verifies the invariants: every card in exactly one place, hands of
// equal size consistent with the deal, tokens conserved and never
// negative, the kitty holding exactly the round's token while players
// choose, some seat still choosing while the game goes on, and the game
// over exactly when a player holds the target or the supply ran out.
func (s *State) Check() error {
	for _, check := range [...]func() error{s.checkCards, s.checkTokens, s.checkEnd} {
		if err := check(); err != nil {
			return fmt.Errorf("thatsmine: %w", err)
		}
	}
	return nil
}

func (s *State) checkCards() error {
	type place struct {
		name  string
		cards CardSet
	}
	places := []place{{"face-down pile", s.faceDown}, {"discard pile", s.discard}}
	for seat := range s.players {
		places = append(places, place{fmt.Sprintf("hand of seat %d", seat), s.hands[seat]})
		if s.chosen[seat] != (s.play[seat] != 0) {
			return fmt.Errorf("seat %d: chosen=%v but play card %d", seat, s.chosen[seat], s.play[seat])
		}
		if s.play[seat] != 0 {
			places = append(places, place{fmt.Sprintf("play card of seat %d", seat), s.play[seat].set()})
		}
	}
	var seen CardSet
	for i, p := range places {
		if p.cards&^AllCards != 0 {
			return fmt.Errorf("%s holds a card outside 1–36", p.name)
		}
		if dup := seen & p.cards; dup != 0 {
			for _, q := range places[:i] {
				if q.cards&dup != 0 {
					return fmt.Errorf("card %d is both in the %s and the %s", dup.Lowest(), q.name, p.name)
				}
			}
		}
		seen |= p.cards
	}
	if missing := AllCards &^ seen; missing != 0 {
		return fmt.Errorf("card %d is nowhere (%d cards missing)", missing.Lowest(), missing.Len())
	}
	if want := NumCards - s.players*s.setup.HandSize; s.faceDown.Len() != want {
		return fmt.Errorf("%d face-down cards, want %d with %d players", s.faceDown.Len(), want, s.players)
	}
	size := -1
	for seat := range s.players {
		n := s.hands[seat].Len()
		if s.chosen[seat] {
			n++
		}
		if size >= 0 && n != size {
			return fmt.Errorf("seat %d holds %d cards, seat 0 holds %d: hands empty together", seat, n, size)
		}
		size = n
	}
	if !s.over && size == 0 {
		return fmt.Errorf("the hands are empty in a game that goes on")
	}
	if played := s.players * (s.setup.HandSize - size); s.discard.Len() != played {
		return fmt.Errorf("%d cards in the discard pile, want %d with %d in each hand", s.discard.Len(), played, size)
	}
	return nil
}

func (s *State) checkTokens() error {
	sum := s.supply + s.kitty
	if s.supply < 0 || s.kitty < 0 {
		return fmt.Errorf("negative supply %d or kitty %d", s.supply, s.kitty)
	}
	for seat := range s.players {
		if s.tokens[seat] < 0 {
			return fmt.Errorf("seat %d holds %d tokens", seat, s.tokens[seat])
		}
		if s.chosen[seat] && (s.wager[seat] < 0 || s.wager[seat] > s.tokens[seat]) {
			return fmt.Errorf("seat %d wagers %d of its %d tokens", seat, s.wager[seat], s.tokens[seat])
		}
		if !s.chosen[seat] && s.wager[seat] != 0 {
			return fmt.Errorf("seat %d has a wager but no play card", seat)
		}
		sum += s.tokens[seat]
	}
	if def, _ := SetupFor(s.players); sum != def.Supply {
		return fmt.Errorf("%d tokens in play, want %d (supply %d, kitty %d and the players')", sum, def.Supply, s.supply, s.kitty)
	}
	if !s.over && s.kitty != 1 {
		return fmt.Errorf("the kitty holds %d tokens while players choose, want 1", s.kitty)
	}
	return nil
}

func (s *State) checkEnd() error {
	most, reached := 0, SeatSet(0)
	for seat := range s.players {
		most = max(most, s.tokens[seat])
		if s.tokens[seat] >= s.setup.Target {
			reached |= 1 << seat
		}
	}
	if !s.over {
		if reached != 0 {
			return fmt.Errorf("%s holds the target %d but the game goes on", seatList(reached), s.setup.Target)
		}
		if s.winners != 0 {
			return fmt.Errorf("winners %s in a game that goes on", seatList(s.winners))
		}
		if s.allChosen() {
			return errors.New("every seat has chosen but the round is not resolved (the action that completes a round resolves it)")
		}
		return nil
	}
	if s.kitty != 0 {
		return fmt.Errorf("the game is over with %d tokens in the kitty", s.kitty)
	}
	for seat := range s.players {
		if s.chosen[seat] {
			return fmt.Errorf("the game is over but seat %d has a play card", seat)
		}
	}
	switch {
	case reached != 0:
		if reached&(reached-1) != 0 {
			return fmt.Errorf("%s all hold the target: only the kitty award can reach it", seatList(reached))
		}
		if s.winners != reached {
			return fmt.Errorf("%s reached the target but winners are %s", seatList(reached), seatList(s.winners))
		}
	case s.supply == 0:
		var want SeatSet
		for seat := range s.players {
			if s.tokens[seat] == most {
				want |= 1 << seat
			}
		}
		if s.winners != want {
			return fmt.Errorf("the supply ran out; winners are %s, want %s (most tokens)", seatList(s.winners), seatList(want))
		}
	default:
		return fmt.Errorf("the game is over but nobody holds %d and the supply is not empty", s.setup.Target)
	}
	if s.winners&^(1<<s.players-1) != 0 {
		return fmt.Errorf("winner outside the %d seats", s.players)
	}
	return nil
}

// allChosen reports whether every seat has chosen its play card.
func (s *State) allChosen() bool {
	for seat := range s.players {
		if !s.chosen[seat] {
			return false
		}
	}
	return true
}
