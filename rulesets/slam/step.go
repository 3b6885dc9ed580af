package slam

import (
	"math/bits"

	"github.com/jankenarcade/janken/rulesets"
)

// throwButtons are the buttons of a rock-paper-scissors throw.
const throwButtons = rulesets.ButtonRock | rulesets.ButtonPaper | rulesets.ButtonScissors

// Step advances the game by one tick with that tick's presses and deal.
// Only f.Pressed of the seats in play and f.Deal are read: a press counts
// on the tick it was polled, and nothing depends on the order of seats or
// devices within the tick, since every simultaneous choice is settled by
// rule or by the public seeded generator. A deal the rules do not allow
// on this tick is refused (EventRefused) and changes nothing. A game that
// deals itself asks its own dealer when f has no deal. Step starts by
// clearing the previous tick's events.
func (s *State) Step(f *rulesets.Frame) {
	s.nEvents = 0
	if s.phase != PhaseWaiting && f.Deal != 0 {
		s.deal(f.Deal) // refused: no card may flip now
	}
	switch s.phase {
	case PhaseWaiting:
		s.stepWaiting(f)
	case PhaseRacing:
		if s.tick-s.card.FlipTick >= int64(s.cfg.Timeout) {
			s.timeout()
			s.waitingPresses(f, -1)
		} else {
			s.judge(f, -1)
		}
	case PhasePlayoff:
		s.stepPlayoff(f)
	}
	s.tick++
}

// stepWaiting takes the flipper's request (winner flips) and the tick's
// deal, then judges the presses on the card flipped or as waiting ones.
// The flipper's press that asks for the card is not judged.
func (s *State) stepWaiting(f *rulesets.Frame) {
	skip := -1
	if s.cfg.WinnerFlips && !s.requested && !s.inLateWindow() &&
		f.Pressed[s.flipper]&(rulesets.Gestures|rulesets.ButtonConfirm) != 0 {
		s.requested, skip = true, int(s.flipper)
	}
	d := f.Deal
	if d == 0 && s.dealing {
		d = s.dealer.Deal(s, s.tick)
	}
	flips := s.flips
	if d != 0 {
		s.deal(d)
	}
	switch {
	case s.flips == flips:
		s.waitingPresses(f, skip)
	case s.phase == PhaseRacing:
		s.judge(f, skip)
	case s.phase == PhaseWaiting:
		s.waitingPresses(f, skip)
	}
}

// inLateWindow reports whether the last decided card still takes late
// presses.
func (s *State) inLateWindow() bool {
	return s.card.DecidedTick >= 0 && s.tick-s.card.DecidedTick < int64(s.cfg.LateWindow)
}

// flip turns the top card, c, over, leaving a card whose back is top.
func (s *State) flip(c Card, top Back) {
	s.drawTop(c, top)
	s.flipped = c
	s.card = CardRecord{Card: c, Back: top, Correct: Correct(c, top), FlipTick: s.tick, DecidedTick: -1, Taker: -1}
	s.phase = PhaseRacing
	s.flips++
	s.requested = false
	s.locked, s.done = 0, 0
	s.emit(Event{Kind: EventFlip, Seat: int8(s.flipper), Card: c, Buttons: s.card.Correct})
	pending := s.falseStart
	s.falseStart = 0
	if s.cfg.Mode == LastOneLoses && pending != 0 {
		// A false start is a mistake, and in Last One Loses a mistake takes
		// the card: the false starters take this one at once.
		s.mistakesTake(pending)
	}
}

// waitingPresses handles gestures while no card is up: late presses on the
// card just decided, then false starts.
func (s *State) waitingPresses(f *rulesets.Frame, skip int) {
	late := s.inLateWindow()
	for seat := 0; seat < s.cfg.Players; seat++ {
		p := f.Pressed[seat] & rulesets.Gestures
		if p == 0 || seat == skip {
			continue
		}
		switch {
		case late && !s.locked.Has(seat):
			s.latePress(seat, p)
		case late, !s.cfg.FalseStarts, s.falseStart.Has(seat):
		default:
			s.falseStart |= 1 << seat
			s.emit(Event{Kind: EventFalseStart, Seat: int8(seat), Card: NoCard, Buttons: p})
			if s.cfg.Mode == Classic {
				s.penalise(seat)
			}
		}
	}
}

// latePress records seat's first press p in the late window on the card
// just decided. A correct one costs nothing; a wrong one is a mistake like
// any other: it costs won cards in Classic and, as the card is gone, takes
// the next one in Last One Loses, as a false start does.
func (s *State) latePress(seat int, p rulesets.Buttons) {
	s.locked |= 1 << seat
	r := ResultLateWrong
	if p == s.card.Correct {
		r = ResultLate
	}
	if s.card.Presses[seat].Result == ResultNone {
		s.card.Presses[seat] = Press{Tick: s.tick, Buttons: p, Result: r}
	}
	s.emit(Event{Kind: EventPress, Seat: int8(seat), Card: s.card.Card, Buttons: p, Result: r})
	switch {
	case r == ResultLate:
	case s.cfg.Mode == Classic:
		s.penalise(seat)
	default:
		s.falseStart |= 1 << seat
	}
}

// judge reads the presses on the card up.
func (s *State) judge(f *rulesets.Frame, skip int) {
	var correct, mistakes Seats
	for seat := 0; seat < s.cfg.Players; seat++ {
		p := f.Pressed[seat] & rulesets.Gestures
		if p == 0 || seat == skip || s.locked.Has(seat) {
			continue
		}
		r := ResultWrong
		switch {
		case bits.OnesCount16(uint16(p)) > 1:
			if !s.cfg.Mashing {
				continue
			}
			r = ResultMash
		case p == s.card.Correct:
			r = ResultCorrect
		}
		if s.card.Presses[seat].Result == ResultNone {
			s.card.Presses[seat] = Press{Tick: s.tick, Buttons: p, Result: r}
		}
		s.emit(Event{Kind: EventPress, Seat: int8(seat), Card: s.card.Card, Buttons: p, Result: r})
		if r == ResultCorrect {
			correct |= 1 << seat
			s.locked |= 1 << seat
			continue
		}
		mistakes |= 1 << seat
		if s.cfg.OneTry {
			s.locked |= 1 << seat
		}
	}
	if s.cfg.Mode == Classic {
		s.judgeClassic(correct, mistakes)
	} else {
		s.judgeLastOneLoses(correct, mistakes)
	}
}

func (s *State) judgeClassic(correct, mistakes Seats) {
	for seat := 0; seat < s.cfg.Players; seat++ {
		if mistakes.Has(seat) {
			s.penalise(seat)
		}
	}
	if correct == 0 {
		return
	}
	if correct.Len() > 1 {
		s.card.Tied = correct
		if s.cfg.DeadHeat == DeadHeatVoid {
			s.underDeck(OutcomeVoid, EventVoid)
			return
		}
	}
	s.give(s.draw(correct), OutcomeWon)
}

func (s *State) judgeLastOneLoses(correct, mistakes Seats) {
	s.done |= correct
	switch {
	case mistakes != 0:
		s.mistakesTake(mistakes)
	case s.done == s.all():
		s.lastTakes(correct)
	}
}

// all returns the set of seats in play.
func (s *State) all() Seats { return Seats(1<<s.cfg.Players - 1) }

// draw picks one seat of set with the seeded generator (a dead heat), or
// the only one.
func (s *State) draw(set Seats) int {
	if set.Len() == 1 {
		return set.nth(0)
	}
	return set.nth(s.rng.IntN(set.Len()))
}

// mistakesTake gives the card to the one seat that made a mistake, or
// starts a playoff among several.
func (s *State) mistakesTake(m Seats) {
	if m.Len() == 1 {
		s.give(m.nth(0), OutcomeTaken)
		return
	}
	s.startPlayoff(PlayoffTake, m)
}

// lastTakes gives the card to the last seat to act correctly; seats that
// acted last on the same tick are a dead heat.
func (s *State) lastTakes(last Seats) {
	if last.Len() > 1 {
		s.card.Tied = last
	}
	s.give(s.draw(last), OutcomeTaken)
}

func (s *State) timeout() {
	if s.cfg.Mode == LastOneLoses {
		s.lastTakes(s.all() &^ s.done)
		return
	}
	s.underDeck(OutcomeTimeout, EventTimeout)
}

// penalise returns up to Penalty of seat's most recently won cards to the
// bottom of the deck.
func (s *State) penalise(seat int) {
	n := min(s.cfg.Penalty, int(s.pileLen[seat]))
	for range n {
		s.pileLen[seat]--
		s.putBottom(s.piles[seat][s.pileLen[seat]])
	}
	if n > 0 {
		s.emit(Event{Kind: EventPenalty, Seat: int8(seat), Card: NoCard, N: uint8(n)})
	}
}

// give puts the card up into seat's pile and makes seat the flipper.
func (s *State) give(seat int, o Outcome) {
	s.pushPile(seat, s.flipped)
	kind := EventWon
	if o == OutcomeTaken {
		kind = EventTaken
	}
	s.emit(Event{Kind: kind, Seat: int8(seat), Card: s.flipped, Seats: s.card.Tied})
	s.flipper = uint8(seat)
	s.card.Taker = int8(seat)
	s.decide(o)
}

// underDeck puts the card up under the deck; the same flipper flips again.
func (s *State) underDeck(o Outcome, kind EventKind) {
	s.putBottom(s.flipped)
	s.emit(Event{Kind: kind, Seat: -1, Card: s.flipped, Seats: s.card.Tied})
	s.decide(o)
}

// decide closes the card up and either schedules the next flip or ends the
// game.
func (s *State) decide(o Outcome) {
	s.flipped = NoCard
	s.card.Outcome = o
	s.card.DecidedTick = s.tick
	s.phase = PhaseWaiting
	if s.DeckLen() <= s.cfg.EndAt {
		s.finish()
		return
	}
	s.waitFrom = s.tick
	if s.dealing {
		s.dealer.schedule(s.tick)
	}
}

// finish ends the game: most cards wins (fewest in Last One Loses); tied
// leaders throw a sudden-death decider.
func (s *State) finish() {
	best := s.pileLen[0]
	for seat := 1; seat < s.cfg.Players; seat++ {
		n := s.pileLen[seat]
		if (s.cfg.Mode == Classic && n > best) || (s.cfg.Mode == LastOneLoses && n < best) {
			best = n
		}
	}
	var tied Seats
	for seat := 0; seat < s.cfg.Players; seat++ {
		if s.pileLen[seat] == best {
			tied |= 1 << seat
		}
	}
	if tied.Len() > 1 && s.cfg.Decider {
		s.startPlayoff(PlayoffDecider, tied)
		return
	}
	s.end(tied)
}

func (s *State) end(winners Seats) {
	s.winners = winners
	s.phase = PhaseOver
	s.emit(Event{Kind: EventGameOver, Seat: -1, Card: NoCard, Seats: winners})
}

func (s *State) startPlayoff(kind PlayoffKind, seats Seats) {
	s.playoff = Playoff{Kind: kind, Seats: seats, Start: s.tick + 1}
	s.phase = PhasePlayoff
	s.emit(Event{Kind: EventPlayoff, Seat: -1, Card: NoCard, Seats: seats})
}

// stepPlayoff reads the throws of one tick. Throws count from the tick
// after the round began; a seat that presses two symbols at once has not
// thrown.
func (s *State) stepPlayoff(f *rulesets.Frame) {
	po := &s.playoff
	if s.tick < po.Start {
		return
	}
	missing := false
	for seat := 0; seat < s.cfg.Players; seat++ {
		if !po.Seats.Has(seat) || po.Thrown[seat] != rulesets.NoSymbol {
			continue
		}
		if g := f.Pressed[seat] & throwButtons; bits.OnesCount16(uint16(g)) == 1 {
			po.Thrown[seat] = g.GestureSymbol()
			s.emit(Event{Kind: EventThrow, Seat: int8(seat), Card: NoCard})
		} else {
			missing = true
		}
	}
	if missing {
		if s.tick-po.Start+1 < int64(s.cfg.Timeout) {
			return
		}
		for seat := 0; seat < s.cfg.Players; seat++ {
			if po.Seats.Has(seat) && po.Thrown[seat] == rulesets.NoSymbol {
				po.Thrown[seat] = rulesets.Symbols[s.rng.IntN(3)]
			}
		}
	}
	s.showdown()
}

// showdown compares the throws: with exactly two symbols shown, the
// decider keeps the winners and a take playoff keeps the losers; one or
// three symbols is a draw.
func (s *State) showdown() {
	po := &s.playoff
	var shown [4]bool
	kinds := 0
	for seat := 0; seat < s.cfg.Players; seat++ {
		if po.Seats.Has(seat) && !shown[po.Thrown[seat]] {
			shown[po.Thrown[seat]] = true
			kinds++
		}
	}
	keep := po.Seats
	if kinds == 2 {
		keep = 0
		for seat := 0; seat < s.cfg.Players; seat++ {
			if !po.Seats.Has(seat) {
				continue
			}
			won := shown[po.Thrown[seat].Victim()]
			if won == (po.Kind == PlayoffDecider) {
				keep |= 1 << seat
			}
		}
	}
	po.Shown, po.Thrown = po.Thrown, [rulesets.MaxSeats]rulesets.Symbol{}
	po.Seats = keep
	s.emit(Event{Kind: EventShowdown, Seat: -1, Card: NoCard, Seats: keep})
	if keep.Len() > 1 {
		po.Round++
		po.Start = s.tick + 1
		s.emit(Event{Kind: EventPlayoff, Seat: -1, Card: NoCard, Seats: keep, N: po.Round})
		return
	}
	seat := keep.nth(0)
	if po.Kind == PlayoffDecider {
		s.end(keep)
		return
	}
	s.give(seat, OutcomeTaken)
}
