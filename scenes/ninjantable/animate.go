package ninjantable

import (
	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
)

// Event durations, in ticks.
const (
	dealPileTicks   = 10
	dealHandTicks   = 14
	roundTicks      = 36
	chosenTicks     = 6
	revealTicks     = 20
	resolvingTicks  = 22
	claimTicks      = 34
	placeTicks      = 22
	roundEndTicks   = 20
	deciderTicks    = 50
	throwShownTicks = 26
	knockedTicks    = 24
)

// stepShow advances the event being shown, finishing it (and changing the
// picture) when its time is up, and starts the next. Events without an
// animation pass at once.
func (t *table) stepShow(ctx *scenes.Context, st *cardtable.Status) {
	for range 64 { // at most this many instant events per tick
		if t.cur != nil {
			t.cur.elapsed++
			if t.cur.elapsed < t.cur.ticks {
				return
			}
			t.finish(st, t.cur.ev)
			t.cur = nil
		}
		if len(t.queue) == 0 {
			return
		}
		ev := t.queue[0]
		t.queue = t.queue[1:]
		t.cur = t.start(ctx, ev)
		if t.cur.ticks > 0 {
			return
		}
	}
}

// finish applies ev to the picture and logs it.
func (t *table) finish(st *cardtable.Status, ev ninjan.Event) {
	t.pic.apply(ev)
	st.Log(logLine(ev, st.Names))
}

// start makes the show of ev: its duration, sound and flying cards.
func (t *table) start(ctx *scenes.Context, ev ninjan.Event) *show {
	s := &show{ev: ev, hide: noHide()}
	seat, n := int(ev.Seat), t.pic.players
	switch ev.Kind {
	case ninjan.EventPileStart:
		s.ticks = dealPileTicks
		x, y := pileCardPos(int(ev.Pile), 0, 1)
		s.flights = append(s.flights, flight{card: ev.Card, x0: deckX, y0: deckY, x1: x, y1: y, scale0: 0.5, scale1: pileScale, turnFrom: true, flipAt: 0.5})
		ctx.Play(assets.Flip)
	case ninjan.EventDeal:
		s.ticks = dealHandTicks
		x, y := seatCentre(seat, n)
		for i := range 3 {
			s.flights = append(s.flights, flight{x0: deckX, y0: deckY, x1: x, y1: y, delay: i * 3, scale0: 0.5, scale1: 0.35})
		}
	case ninjan.EventRoundStart:
		s.ticks = roundTicks
	case ninjan.EventChosen:
		s.ticks = chosenTicks
		ctx.Play(assets.Slam)
	case ninjan.EventRevealed:
		// The card turns over on its way from the seat to its place in
		// the order of resolution.
		s.ticks = revealTicks
		s.hide.chosen = seat
		next := t.pic
		next.apply(ev)
		x0, y0 := seatCardPos(seat, n)
		x1, y1 := lanePos(next.laneIndex(seat), next.laneN)
		s.flights = append(s.flights, flight{card: ev.Card, x0: x0, y0: y0, x1: x1, y1: y1, scale0: 0.42, scale1: laneScale, turnFrom: true, flipAt: 0.3})
		ctx.Play(assets.Flip)
	case ninjan.EventResolving:
		s.ticks = resolvingTicks
	case ninjan.EventClaimed:
		s.ticks = claimTicks
		s.hide.pile, s.hide.laneSeat = int(ev.Pile), seat
		tx, ty := seatCentre(seat, n)
		pile := t.pic.piles[ev.Pile]
		for i, c := range pile {
			x, y := pileCardPos(int(ev.Pile), i, len(pile))
			s.flights = append(s.flights, flight{card: c, x0: x, y0: y, x1: tx, y1: ty, delay: i, scale0: pileScale, scale1: 0.3})
		}
		s.flights = append(s.flights, t.laneToPile(ev, 0, 12))
		ctx.Play(assets.Slam)
	case ninjan.EventPlaced:
		s.ticks = placeTicks
		s.hide.laneSeat = seat
		s.flights = append(s.flights, t.laneToPile(ev, len(t.pic.piles[ev.Pile]), 0))
		ctx.Play(assets.Flip)
	case ninjan.EventRoundEnd:
		s.ticks = roundEndTicks
	case ninjan.EventDeciderStart:
		s.ticks = deciderTicks
	case ninjan.EventThrowRevealed:
		s.ticks = throwShownTicks
		ctx.Play(assets.Clap)
	case ninjan.EventKnockedOut:
		s.ticks = knockedTicks
	case ninjan.EventGameOver:
		ctx.Play(assets.Win)
	}
	if ctx.ReducedMotion() {
		s.ticks = (s.ticks + 2) / 3
	}
	return s
}

// laneToPile is the flight of ev's card from the resolution lane to slot i
// of its pile (which then holds i+1 cards).
func (t *table) laneToPile(ev ninjan.Event, i, delay int) flight {
	li := t.pic.laneIndex(int(ev.Seat))
	x0, y0 := lanePos(max(li, 0), t.pic.laneN)
	x1, y1 := pileCardPos(int(ev.Pile), i, i+1)
	return flight{card: ev.Card, x0: x0, y0: y0, x1: x1, y1: y1, delay: delay, scale0: laneScale, scale1: pileScale}
}

// at returns where the flight is at progress p of a show lasting ticks,
// with its scale and whether it shows its face.
func (f *flight) at(elapsed, ticks int) (x, y, scale float64, face bool, turn float64) {
	span := max(1, ticks-f.delay)
	p := min(1, max(0, float64(elapsed-f.delay)/float64(span)))
	e := scenes.CubicOut(p)
	x = f.x0 + (f.x1-f.x0)*e
	y = f.y0 + (f.y1-f.y0)*e
	scale = f.scale0 + (f.scale1-f.scale0)*e
	face = f.card != (ninjan.Card{})
	if f.turnFrom {
		// Squash to the edge and open again, showing the face after the
		// middle of the turn.
		d := p - f.flipAt
		turn = max(0, 1-2*abs(d)/max(f.flipAt, 0.01))
		face = face && p >= f.flipAt
	}
	return x, y, scale, face, min(turn, 0.98)
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
