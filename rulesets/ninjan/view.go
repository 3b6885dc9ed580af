package ninjan

import "github.com/jankenarcade/janken/rulesets"

// View is what one seat may know: its own hand and chosen card, the piles
// in full, every score area, who has chosen or thrown (not what), and the
// cards once revealed. It never holds another seat's hand, another seat's
// unrevealed card or throw, the unused cards or the game's generator.
//
// A View is a plain comparable value without pointers: bots copy it freely,
// and two views are equal exactly when the seat could not tell the two
// games apart.
type View struct {
	Seat     int
	Config   Config
	Round    int // 1..9
	Phase    Phase
	Hand     CardSet
	HandSize [MaxPlayers]int8 // cards in each seat's hand
	Piles    [NumPiles]Pile
	Taken    [MaxPlayers]CardSet
	Points   [MaxPlayers]int16

	// Chosen marks the seats whose card for this round is chosen; Played
	// holds the seat's own chosen card, and every card once revealed and
	// until it resolves.
	Chosen [MaxPlayers]bool
	Played [MaxPlayers]Card

	// Order lists the seats in resolution order (OrderN of them, Next the
	// index resolving now) in the claim and place phases.
	Order  [MaxPlayers]int8
	OrderN int8
	Next   int8

	// The decider: seats still in it, who has thrown, and the seat's own
	// throw (NoSymbol if none or random).
	Contenders uint8
	Thrown     [MaxPlayers]bool
	OwnThrow   rulesets.Symbol
	Winners    uint8
}

// View returns what seat may know of the game.
func (s *State) View(seat int) View {
	v := View{
		Seat: seat, Config: s.cfg, Round: s.Round(), Phase: s.phase,
		Piles: s.piles, Taken: s.taken, Points: s.points,
		Contenders: s.contenders, Winners: s.winners,
	}
	if seat >= 0 && seat < s.cfg.Players {
		v.Hand = s.hands[seat]
	}
	revealed := s.phase == PhaseClaim || s.phase == PhasePlace
	for i := 0; i < s.cfg.Players; i++ {
		v.HandSize[i] = int8(s.hands[i].Len())
		v.Chosen[i] = s.played[i] != (Card{})
		if revealed || i == seat {
			v.Played[i] = s.played[i]
		}
		v.Thrown[i] = s.throws[i] != rulesets.NoSymbol
	}
	if revealed {
		v.Order, v.OrderN, v.Next = s.order, s.orderN, s.next
	}
	if seat >= 0 && seat < s.cfg.Players && s.throws[seat].Valid() {
		v.OwnThrow = s.throws[seat]
	}
	return v
}

// Resolving returns the seat whose card resolves now, or -1.
func (v *View) Resolving() int {
	if v.Phase != PhaseClaim && v.Phase != PhasePlace {
		return -1
	}
	return int(v.Order[v.Next])
}

// Unseen returns the cards the seat cannot locate: the other hands, the
// other seats' unrevealed chosen cards and the unused cards together.
func (v *View) Unseen() CardSet {
	seen := v.Hand
	for i := range MaxPlayers {
		seen |= v.Taken[i]
		if c := v.Played[i]; c.Valid() {
			seen = seen.With(c)
		}
	}
	for p := range v.Piles {
		seen |= v.Piles[p].set()
	}
	return AllCards &^ seen
}
