package elevensuitstable

import (
	"fmt"

	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// The table's geometry in logical pixels (1280×720): the play area on the
// left, the log on the right.
const (
	playW               = 960.0
	logX, logY          = 972.0, 64.0
	logW, logH          = 296.0, 640.0
	deckX, deckY        = 96.0, 370.0
	deckScale           = 0.8
	attX, defX, battleY = 410.0, 560.0, 370.0
	battleScale         = 0.95
	promptY             = 488.0
	// Peek mode's banner (cardtable.Status.PeekHint) sits at the foot of
	// the log's panel.
	hintY = logY + logH - 10 - privacy.HintH
)

// places puts the Rules and Menu buttons in the top bar's right end, a
// network match's connection line left of the log, the Peek button
// right of the bottom hand and Peek mode's banner at the foot of the log.
var places = cardtable.Places{RulesX: scenes.ScreenWidth - 252, MenuX: scenes.ScreenWidth - 132, Y: 1,
	LineX: playW, LineY: scenes.ScreenHeight - 8, PeekX: 800, PeekY: 556, HintX: logX + 8, HintY: hintY, HintW: logW - 16}

// seatPlace is where one seat sits on screen.
type seatPlace struct {
	hx, hy, hs, step float64 // hand centre, card scale, spacing
	gx, gy, gs, gdx  float64 // first graveyard card, scale, spacing
	lx, ly           float64 // name label
}

// place returns where seat sits: the bottom seat in front, the others
// across the table.
func (t *table) place(seat int) seatPlace {
	n := t.seats
	rel := ((seat-t.bottom)%n + n) % n
	switch {
	case rel == 0:
		return seatPlace{hx: 500, hy: 612, hs: 0.95, step: 104, gx: 56, gy: 622, gs: 0.55, gdx: 30, lx: 20, ly: 520}
	case n == 2:
		return seatPlace{hx: 500, hy: 128, hs: 0.72, step: 80, gx: 56, gy: 138, gs: 0.55, gdx: 30, lx: 20, ly: 46}
	case rel == 1:
		return seatPlace{hx: 730, hy: 128, hs: 0.6, step: 64, gx: 612, gy: 252, gs: 0.45, gdx: 26, lx: 590, ly: 46}
	}
	return seatPlace{hx: 262, hy: 128, hs: 0.6, step: 64, gx: 144, gy: 252, gs: 0.45, gdx: 26, lx: 20, ly: 46}
}

// handPos returns the centre of card i of n in seat's hand.
func (t *table) handPos(seat, i, n int) (x, y, s float64) {
	p := t.place(seat)
	return p.hx + (float64(i)-float64(n-1)/2)*p.step, p.hy, p.hs
}

// gravePos returns the centre of card i of seat's graveyard.
func (t *table) gravePos(seat, i int) (x, y, s float64) {
	p := t.place(seat)
	return p.gx + float64(i)*p.gdx, p.gy, p.gs
}

// battlePos returns where the attacker's or the defender's card lies.
func battlePos(attacker bool) (x, y float64) {
	if attacker {
		return attX, battleY
	}
	return defX, battleY
}

// schedule turns events into animations, one after the other, and writes
// the log. Nobody acts until they are over (t.busy).
func (t *table) schedule(st *cardtable.Status, evs []es.Event) {
	at := max(st.Tick, t.busy)
	v := t.view(-1)
	flightTime := t.flightTime()
	shows := ""
	for _, e := range evs {
		st.Log(logLine(e, st.Who))
		seat := int(e.Seat)
		switch e.Kind {
		case es.EvDraw:
			x1, y1, s1 := t.handPos(seat, int(e.Slot), v.HandLen[seat])
			t.flights = append(t.flights, flight{card: es.NoCard, suit: e.Suit, x0: deckX, y0: deckY, s0: deckScale,
				x1: x1, y1: y1, s1: s1, start: at, end: at + flightTime, hide: slotKey{pileHand, e.Seat, e.Slot}})
			at += drawStep
		case es.EvAttack:
			x0, y0, s0 := t.handPos(seat, int(e.Slot), v.HandLen[seat]+1)
			t.flights = append(t.flights, flight{card: es.NoCard, suit: e.Suit, x0: x0, y0: y0, s0: s0,
				x1: attX, y1: battleY, s1: battleScale, start: at, end: at + flightTime, hide: slotKey{pile: pileAttack}})
			at += flightTime
		case es.EvDefend:
			x0, y0, s0 := t.handPos(seat, int(e.Slot), v.HandLen[seat]+1)
			t.flights = append(t.flights, flight{card: e.Card, suit: e.Suit, up: true, x0: x0, y0: y0, s0: s0,
				x1: defX, y1: battleY, s1: battleScale, start: at, end: at + flightTime})
			at += flightTime
			t.battle = battle{def: e.Card, defSeat: seat, att: es.NoCard, revealAt: at, until: at + 1<<20}
		case es.EvReveal:
			t.battle.att, t.battle.attSeat, t.battle.revealAt = e.Card, seat, at
			at += revealHold
		case es.EvTie:
			t.say(at, "Tie — "+st.Who[seat]+" attacks again")
			at += 10
		case es.EvBeat:
			t.say(at, st.Who[seat]+" wins the exchange")
			at += 10
		case es.EvToDeck, es.EvBury:
			at = t.scheduleAway(e, at)
		case es.EvShow:
			shows += fmt.Sprintf("%s %v   ", st.Who[seat], e.Symbol)
		case es.EvRethrow:
			t.say(at, shows+"— again!")
			shows, at = "", at+50
		case es.EvFirst:
			t.say(at, shows+"— "+st.Who[seat]+" attacks first")
			shows, at = "", at+60
		case es.EvReverse:
			t.say(at, "Direction reversed")
		case es.EvNarr:
			t.say(at, "\u201cNarr.\u201d")
			at += 50
		case es.EvGuessRight:
			t.say(at, st.Who[seat]+" guessed right!")
			at += 60
		case es.EvOut:
			t.say(at, st.Who[seat]+" is out")
			at += 40
		case es.EvPeekCard:
			t.peek = peekShow{card: e.Card, seat: seat, until: at + 150}
			at += 60
		}
	}
	t.busy = at
}

// scheduleAway flies a card from the middle (or a leaving player's place)
// to the bottom of the deck or into a graveyard.
func (t *table) scheduleAway(e es.Event, at int64) int64 {
	seat := int(e.Seat)
	x0, y0, s0 := t.handPos(seat, 2, 5)
	switch {
	case e.Card != es.NoCard && e.Card == t.battle.att:
		x0, y0 = battlePos(true)
		s0 = battleScale
	case e.Card != es.NoCard && e.Card == t.battle.def:
		x0, y0 = battlePos(false)
		s0 = battleScale
	}
	t.battle.until = min(t.battle.until, at)
	flightTime := t.flightTime()
	f := flight{card: e.Card, suit: e.Suit, x0: x0, y0: y0, s0: s0, x1: deckX, y1: deckY, s1: deckScale, start: at, end: at + flightTime}
	if e.Kind == es.EvBury {
		f.card = es.NoCard // face down
		f.x1, f.y1, f.s1 = t.gravePos(seat, int(e.Slot))
		f.hide = slotKey{pileGrave, e.Seat, e.Slot}
	} else {
		f.up = e.Card != es.NoCard
	}
	t.flights = append(t.flights, f)
	return at + 6
}

// flightTime is how long a card takes to cross the table: brief with
// reduced motion.
func (t *table) flightTime() int64 {
	if t.reduced {
		return 4
	}
	return flightTime
}

// say shows a banner from tick at.
func (t *table) say(at int64, msg string) { t.banner, t.bannerAt = msg, at }

// hidden reports whether a card flying to k has not landed by tick.
func (t *table) hidden(k slotKey, tick int64) bool {
	for _, f := range t.flights {
		if f.hide == k && tick < f.end {
			return true
		}
	}
	return false
}

// stepFlights forgets the flights landed by tick.
func (t *table) stepFlights(tick int64) {
	keep := t.flights[:0]
	for _, f := range t.flights {
		if tick < f.end {
			keep = append(keep, f)
		}
	}
	t.flights = keep
}
