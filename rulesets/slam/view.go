package slam

import "github.com/jankenarcade/janken/rulesets"

// View is what one seat can see of the table, by value: the faces up and
// the seat's own standing. Bots decide from it alone, never from the
// deck's hidden order.
type View struct {
	Seat  int
	Tick  int64 // the tick the next Step processes
	Phase Phase
	// Front is the flipped card and Back the next card on the deck (only
	// its back matters); both NoCard while no card is up.
	Front, Back Card
	FlipTick    int64
	// Locked: the seat's presses are ignored until the next flip.
	Locked bool
	// MayFlip: the seat flips by hand (winner flips) and a press would
	// flip the next card now.
	MayFlip bool
	// InPlayoff: the seat throws in the current rock-paper-scissors round,
	// which began on PlayoffStart and which it has Thrown in already.
	InPlayoff    bool
	PlayoffStart int64
	Thrown       bool
	Won          [rulesets.MaxSeats]uint8 // every seat's won cards (public)
}

// View returns what seat sees.
func (s *State) View(seat int) View {
	v := View{Seat: seat, Tick: s.tick, Phase: s.phase, Front: NoCard, Back: NoCard, FlipTick: s.card.FlipTick,
		Locked: s.locked.Has(seat) || s.falseStart.Has(seat), Won: s.pileLen}
	if s.flipped != NoCard {
		v.Front, v.Back = s.flipped, s.deck[s.deckHead]
	}
	v.MayFlip = s.phase == PhaseWaiting && s.cfg.WinnerFlips && int(s.flipper) == seat && !s.inLateWindow()
	if s.phase == PhasePlayoff && s.playoff.Seats.Has(seat) {
		v.InPlayoff, v.PlayoffStart = true, s.playoff.Start
		v.Thrown = s.playoff.Thrown[seat] != 0
	}
	return v
}
