package ninjan

import "github.com/jankenarcade/janken/rulesets"

// View is what one seat may know: its own hand and chosen card, the piles
// in full, every score area, who has chosen or thrown (not what), and the
// cards once revealed. It never holds another seat's hand, another seat's
// unrevealed card or throw, the unused cards or the game's generator.
//
// A View is a plain comparable value without pointers: bots copy it freely,
// and two views are equal exactly when the seat could not tell the two
// games apart. *View implements rulesets.View[View, Action]; Seat -1 is
// the public view.
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
	Won        uint8 `json:"Winners"` // the winners, once over

	// Pending marks the seats whose claim or place Assume recorded: they
	// owe nothing until the next view. A view made by the game has none.
	Pending uint8 `json:"-"`
}

// View returns what seat may know of the game.
func (s *State) View(seat int) View {
	v := View{
		Seat: seat, Config: s.cfg, Round: s.Round(), Phase: s.phase,
		Piles: s.piles, Taken: s.taken, Points: s.points,
		Contenders: s.contenders, Won: s.winners,
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

// Viewer returns the seat the view is for, -1 for the public view.
func (v *View) Viewer() int { return v.Seat }

// Seats returns the number of players.
func (v *View) Seats() int { return v.Config.Players }

// Over reports whether the game has ended.
func (v *View) Over() bool { return v.Phase == PhaseOver }

// ToAct appends the seats that owe an action now, as far as the view
// knows.
func (v *View) ToAct(dst []int) []int {
	switch v.Phase {
	case PhasePlay:
		for seat := range v.Config.Players {
			if !v.Chosen[seat] {
				dst = append(dst, seat)
			}
		}
	case PhaseClaim, PhasePlace:
		if r := v.Resolving(); v.Pending&(1<<r) == 0 {
			dst = append(dst, r)
		}
	case PhaseDecider:
		for seat := range v.Config.Players {
			if v.Contenders&(1<<seat) != 0 && !v.Thrown[seat] {
				dst = append(dst, seat)
			}
		}
	}
	return dst
}

// Scores appends each seat's points so far.
func (v *View) Scores(dst []int) []int {
	for seat := range v.Config.Players {
		dst = append(dst, int(v.Points[seat]))
	}
	return dst
}

// Winners appends the winning seats once the game is over.
func (v *View) Winners(dst []int) []int {
	if v.Phase != PhaseOver {
		return dst
	}
	for seat := range v.Config.Players {
		if v.Won&(1<<seat) != 0 {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Public returns the view without the viewer's hand, throw and
// unrevealed card, as seat's.
func (v *View) Public(seat int) View {
	p := *v
	p.Seat, p.Hand, p.OwnThrow = seat, 0, rulesets.NoSymbol
	if !v.revealed() {
		p.Played = [MaxPlayers]Card{}
	}
	return p
}

// Assume records seat's action a, not yet answered: a chosen card or a
// throw shows as made (the card or the throw itself only if seat is the
// viewer), a claim or a place as pending.
func (v *View) Assume(seat int, a Action) {
	if seat < 0 || seat >= v.Config.Players {
		return
	}
	switch a.Kind {
	case Play:
		v.Chosen[seat] = true
		v.HandSize[seat]--
		if seat == v.Seat {
			v.Played[seat], v.Hand = a.Card, v.Hand.Without(a.Card)
		}
	case Throw:
		v.Thrown[seat] = true
		if seat == v.Seat && a.Symbol.Valid() {
			v.OwnThrow = a.Symbol
		}
	case Claim, Place:
		v.Pending |= 1 << seat
	}
}

// revealed reports whether the round's cards are face up: they are while
// they resolve.
func (v *View) revealed() bool { return v.Phase == PhaseClaim || v.Phase == PhasePlace }

// Resolving returns the seat whose card resolves now, or -1.
func (v *View) Resolving() int {
	if !v.revealed() {
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
