package slam

import "github.com/jankenarcade/janken/rulesets"

// View is what one seat can see of the table, by value: the faces up, the
// back of the deck's top card and the seat's own standing. Bots decide
// from it alone, never from the deck's hidden order nor from the front of
// a card still on the deck.
type View struct {
	Seat    int
	Players int   // the seats in play
	Tick    int64 // the tick the next Step processes
	Phase   Phase
	// Front is the flipped card, NoCard while no card is up.
	Front Card
	// Top is what the back of the deck's top card shows (NoBack for an
	// empty deck, or before the host has shown it): while a card is up,
	// the back that decides it.
	Top      Back
	FlipTick int64
	// Locked: the seat's presses are ignored until the next flip.
	Locked bool
	// MayFlip: the seat flips by hand (winner flips) and a press would ask
	// for the next card now; the dealer deals it on its next input tick.
	MayFlip bool
	// InPlayoff: the seat throws in the current rock-paper-scissors round,
	// which began on PlayoffStart and which it has Thrown in already.
	InPlayoff    bool
	PlayoffStart int64
	Thrown       bool
	Won          [rulesets.MaxSeats]uint8 // every seat's won cards (public)
	// Card is the judge's record of the card up or of the last one
	// decided, as the photo finish shows it to everyone: every seat's
	// first press, its tick and result.
	Card CardRecord
	// Late: the last card was decided less than the late window ago and
	// the seat has not pressed on it, so a gesture now is a late press on
	// it (a mistake only if wrong), not a false start.
	Late bool
}

// View returns what seat sees.
func (s *State) View(seat int) View {
	v := View{Seat: seat, Players: s.cfg.Players, Tick: s.tick, Phase: s.phase, Front: s.flipped, FlipTick: s.card.FlipTick,
		Locked: s.locked.Has(seat) || s.falseStart.Has(seat), Won: s.pileLen, Top: s.TopBack(), Card: s.card}
	v.Late = s.phase == PhaseWaiting && s.inLateWindow() && !s.locked.Has(seat)
	v.MayFlip = s.phase == PhaseWaiting && s.cfg.WinnerFlips && int(s.flipper) == seat && !s.inLateWindow() && !s.requested
	if s.phase == PhasePlayoff && s.playoff.Seats.Has(seat) {
		v.InPlayoff, v.PlayoffStart = true, s.playoff.Start
		v.Thrown = s.playoff.Thrown[seat] != 0
	}
	return v
}
