package slamtable

import (
	"cmp"
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/sprites"
)

// Layout, in logical pixels of the 1280×720 screen.
const (
	upX, upY, upScale        = 540.0, 330.0, 1.9 // the flipped card
	sideLeftX, sideRightX    = 215.0, 1070.0     // status and verdict columns
	sideW                    = 340.0
	deckX, deckY, deckScale  = 790.0, 330.0, 1.5 // the next card's back
	panelW, panelH, panelGap = 290.0, 110.0, 15.0
	bottomRowY, topRowY      = 480.0, 16.0
	stripX, stripY, stripW   = 40.0, 610.0, 1200.0
	stripH                   = 96.0
	stripAxisX, stripAxisW   = 250.0, 960.0
	stripSpan                = 90 // ticks the strip's axis covers (1.5 s)
	flipTicks                = 8  // the turn-over animation
	popTicks                 = 8  // a hand snapping into its gesture
	flashTicks               = 60 // a mistake's flash
)

// ms converts ticks to milliseconds.
func ms(ticks int64) int64 { return ticks * 1000 / 60 }

// Draw implements scenes.Scene.
func (t *Table) Draw(c *scenes.Canvas) {
	if t.atlas == nil {
		return // drawn once Update has built the sprites
	}
	pal := t.d.Palette()
	t.drawChrome(c, pal)
	t.drawCards(c, pal)
	t.drawStatus(c, pal)
	for seat := 0; seat < t.state.Seats(); seat++ {
		t.drawSeat(c, pal, seat)
	}
	t.drawStrip(c, pal)
	t.drawPlayoff(c, pal)
	t.drawTouchZones(c, pal)
	t.drawPauseButton(c, pal)
	if seat := t.router.Waiting(); seat >= 0 {
		c.RoundRect(240, 260, 800, 140, 18, pal.Panel)
		c.Text(fmt.Sprintf("%s's gamepad is gone: the game waits.", t.seatName(seat)), 640, 305,
			t.text(scenes.TextStyle{Size: 28, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}))
		c.Text("Press a button on a gamepad to take the seat back.", 640, 355,
			t.text(scenes.TextStyle{Size: 22, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}))
	}
}

// text returns st as the table sets it at the interface size: small
// text grows with it (scenes.TableText).
func (t *Table) text(st scenes.TextStyle) scenes.TextStyle {
	return scenes.TableText(st, t.d.UIScale())
}

// grown returns st as text sets it, made smaller if need be so that s
// fits in room (scenes.TableTextFit).
func (t *Table) grown(st scenes.TextStyle, s string, room float64) scenes.TextStyle {
	return scenes.TableTextFit(st, t.d.UIScale(), s, room)
}

// chromeKey is what the table's chrome is drawn from.
type chromeKey struct {
	atlas *sprites.Atlas
	ready bool // the atlas painted whole
	pal   *scenes.Palette
	seats int
	strip bool    // the photo finish's frame shown
	ui    float64 // the interface scale its text is set at
}

// drawChrome draws what changes only with the palette and the seats: the
// felt, the seats' panels and the photo finish's frame and time line,
// from a layer painted once; the rest is drawn over it each frame.
func (t *Table) drawChrome(c *scenes.Canvas, pal *scenes.Palette) {
	key := chromeKey{t.atlas, t.atlas.Ready(), pal, t.state.Seats(), t.state.Card().Card.Valid(), t.d.UIScale()}
	t.chrome.Cover(c, key, func(c *scenes.Canvas) {
		scenes.DrawFelt(c, t.atlas)
		for seat := range key.seats {
			x, y := t.panelPos(seat)
			c.RoundRect(x, y, panelW, panelH, 14, pal.Panel)
			c.RoundRect(x, y, 10, panelH, 5, pal.Seats[seat])
			drawSprite(c, t.atlas.Seat(seat), x+36, y+30, 0.8, 0, 1)
		}
		if key.strip {
			t.drawStripFrame(c, pal)
		}
	})
}

// drawSprite draws s centred at (x, y) at scale, squashed by turn (0 flat,
// 1 edge-on), with alpha.
func drawSprite(c *scenes.Canvas, s sprites.Sprite, x, y, scale, turn, alpha float64) {
	if scale <= 0 {
		return // shrunk to nothing (a Place's zero scale means 1)
	}
	scenes.DrawSprite(c, s, sprites.Place{X: x, Y: y, Scale: scale, Turn: turn, Fade: 1 - alpha})
}

func (t *Table) front(card slam.Card) sprites.Sprite {
	return frontSprite(t.atlas, card)
}

func (t *Table) back(b slam.Back) sprites.Sprite {
	return backSprite(t.atlas, b)
}

// drawCards draws the deck with the next card's back, and the flipped card
// (or the one just decided, until the next flip) big in the middle.
func (t *Table) drawCards(c *scenes.Canvas, pal *scenes.Palette) {
	s := &t.state
	r := s.Card()
	// The deck: its thickness, then the top card's back.
	t.drawThickness(c, min(s.DeckLen(), deckLayers))
	next := s.TopBack()
	if r.Card.Valid() && r.Outcome != slam.OutcomeOpen && r.Back != next {
		next = r.Back // the deck changed under a decided card: keep showing its pair
	}
	top := t.back(next)
	if !next.Valid() && s.DeckLen() > 0 {
		top = t.atlas.Card(plainBack) // the host has not shown it yet
	}
	drawSprite(c, top, deckX, deckY, deckScale, 0, 1)
	// Below the thickness, its top a little lower as it grows.
	deckLabel := t.text(scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text(fmt.Sprintf("Deck %d", s.DeckLen()), deckX, deckY+deckScale*sprites.CardHeight/2+16+deckLabel.Size/2, deckLabel)

	if !r.Card.Valid() {
		drawSprite(c, t.atlas.CardSlot(), upX, upY, upScale, 0, 1)
		return
	}
	turn := 0.0
	if age := s.Tick() - r.FlipTick; age < flipTicks && !t.reduced {
		turn = 1 - float64(age)/flipTicks
	}
	drawSprite(c, t.atlas.CardShadow(), upX+6, upY+10, upScale, turn, 0.8)
	drawSprite(c, t.front(r.Card), upX, upY, upScale, turn, 1)
	if r.Outcome != slam.OutcomeOpen {
		t.drawPair(c, pal, r)
	}
}

// deckLayers is how many cards thick the deck is drawn at most.
const deckLayers = 12

// deckKey is what the deck's thickness is drawn from.
type deckKey struct {
	atlas  *sprites.Atlas
	ready  bool // the atlas painted whole
	layers int
}

// drawThickness draws the deck's thickness, layers cards under the top
// one each a little lower and to the right, from a layer painted again
// only when the deck grows thinner or the atlas changes: a dozen big
// cards drawn each frame are a good part of a frame's pixels.
func (t *Table) drawThickness(c *scenes.Canvas, layers int) {
	w, h := deckScale*sprites.CardWidth, deckScale*sprites.CardHeight
	x, y := deckX-w/2, deckY-h/2
	t.deck.Draw(c, x, y, w+deckLayers*0.8+1, h+deckLayers*1.6+1, deckKey{t.atlas, t.atlas.Ready(), layers}, func(c *scenes.Canvas) {
		for i := layers; i > 0; i-- {
			drawSprite(c, t.atlas.Card(plainBack), deckX+float64(i)*0.8, deckY+float64(i)*1.6, deckScale, 0, 1)
		}
	})
}

// drawPair highlights the two symbols of the same colour once the card is
// decided, and says what the answer was.
func (t *Table) drawPair(c *scenes.Canvas, pal *scenes.Palette, r *slam.CardRecord) {
	col := r.Back.Colour()
	f := r.Card.FrontSymbol(col)
	ringFront(c, upX, upY, upScale, f, 5, pal.Accent)
	ringBack(c, deckX, deckY, deckScale, 5, pal.Accent)
	// The colour's chip beside the verdict, so the pairing reads without
	// hue.
	drawSprite(c, chipSprite(t.atlas, col), sideRightX, upY-40, 1.2, 0, 1)
	b := r.Back.Symbol()
	verdict := ""
	switch {
	case f == b:
		verdict = fmt.Sprintf("%s and %s: snap! Clap", col, col)
	case b.Beats(f):
		verdict = fmt.Sprintf("%s: %s beats %s", col, symbolName(b), symbolName(f))
	default:
		verdict = fmt.Sprintf("%s: %s beats %s", col, symbolName(f), symbolName(b))
	}
	c.Text(verdict, sideRightX, upY+20, t.grown(scenes.TextStyle{Size: 22, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}, verdict, sideW))
}

// ringFront rings symbol f on a front drawn centred at (x, y) at scale,
// with a line lw wide.
func ringFront(c *scenes.Canvas, x, y, scale float64, f rulesets.Symbol, lw float64, clr color.RGBA) {
	ring(c, x, y+(frontSymbolY(f)-sprites.CardHeight/2)*scale, frontSymbolR*scale, lw, clr)
}

// ringBack rings the symbol of a back drawn centred at (x, y) at scale.
func ringBack(c *scenes.Canvas, x, y, scale, lw float64, clr color.RGBA) {
	ring(c, x, y, backSymbolR*scale, lw, clr)
}

// ring strokes a circle of radius r around (x, y), outside it.
func ring(c *scenes.Canvas, x, y, r, lw float64, clr color.RGBA) {
	c.StrokeRoundRect(x-r-lw, y-r-lw, 2*(r+lw), 2*(r+lw), r+lw, lw, clr)
}

// symbolName names a symbol as every screen does (Rock, not the
// original game's Stone).
func symbolName(s rulesets.Symbol) string {
	switch s {
	case rulesets.Rock:
		return "Rock"
	case rulesets.Paper:
		return "Paper"
	case rulesets.Scissors:
		return "Scissors"
	}
	return "?"
}

// gestureName names a press.
func gestureName(b rulesets.Buttons) string {
	if b == rulesets.ButtonClap {
		return "Clap"
	}
	if sym := b.GestureSymbol(); sym != rulesets.NoSymbol {
		return symbolName(sym)
	}
	return strings.ReplaceAll(b.String(), "+", " + ")
}

// drawStatus writes what is happening above the cards.
func (t *Table) drawStatus(c *scenes.Canvas, pal *scenes.Palette) {
	s := &t.state
	r := s.Card()
	msg := ""
	switch s.Phase() {
	case slam.PhaseWaiting:
		switch {
		case r.Outcome == slam.OutcomeWon || r.Outcome == slam.OutcomeTaken:
			verb := "wins"
			if r.Outcome == slam.OutcomeTaken {
				verb = "takes"
			}
			msg = fmt.Sprintf("%s %s the card", t.seatName(int(r.Taker)), verb)
		case r.Outcome == slam.OutcomeTimeout:
			msg = "Nobody in time: the card goes under the deck"
		case r.Outcome == slam.OutcomeVoid:
			msg = "Dead heat: the card goes under the deck"
		case s.Config().WinnerFlips:
			msg = t.seatName(s.Flipper()) + t.d.Hint(": press any gesture to flip", ": tap a cell of your corner to flip")
		default:
			msg = "Get ready…"
		}
	case slam.PhaseRacing:
		msg = "Go!"
		if s.Config().Mode == slam.LastOneLoses {
			msg = "Go! Don't be last"
		}
	case slam.PhaseOver:
		msg = "Game over"
	}
	var lines [3]string
	c.Lines(scenes.WrapText(lines[:0], msg, statusStyle(pal), sideW), sideLeftX, upY-30, 40, statusStyle(pal))
}

func statusStyle(pal *scenes.Palette) scenes.TextStyle {
	return scenes.TextStyle{Size: 30, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
}

// panelPos returns the top-left corner of seat's panel: up to four along
// the bottom, the rest along the top.
func (t *Table) panelPos(seat int) (x, y float64) {
	n := t.state.Seats()
	row, i, inRow := 0, seat, min(n, 4)
	if seat >= 4 {
		row, i, inRow = 1, seat-4, n-4
	}
	left := (scenes.ScreenWidth - (float64(inRow)*(panelW+panelGap) - panelGap)) / 2
	y = bottomRowY
	if row == 1 {
		y = topRowY
	}
	return left + float64(i)*(panelW+panelGap), y
}

// drawSeat draws one player's panel: name, won cards, the hand in its
// gesture, and what the judge made of it.
func (t *Table) drawSeat(c *scenes.Canvas, pal *scenes.Palette, seat int) {
	s := &t.state
	sp := t.atlas.Palette()
	x, y := t.panelPos(seat)
	now := s.Tick()
	p := s.Card().Presses[seat]
	falseStart := now-t.falseStart[seat] < flashTicks && t.falseStart[seat] > p.Tick
	lockedOut := s.Locked(seat) && s.Phase() == slam.PhaseRacing && p.Result.Mistake()
	// The panel and its badge are the chrome's (drawChrome).
	if s.Flipper() == seat && !s.Over() {
		c.StrokeRoundRect(x, y, panelW, panelH, 14, 3, pal.Accent)
	}
	// The name, the "flips" mark at its right if the seat flips, and
	// below it a hint: each as large as the interface size asks and the
	// panel allows.
	room := panelW - 62 - 12
	if s.Flipper() == seat && !s.Over() {
		flips := t.text(scenes.TextStyle{Size: 14, Bold: true, Color: pal.Accent, Align: text.AlignEnd, VAlign: text.AlignCenter})
		c.Text("flips", x+panelW-14, y+6+flips.Size/2, flips)
		room -= scenes.TextWidth("flips", flips) + 8
	}
	name := t.seatName(seat)
	c.Text(name, x+62, y+30, t.grown(scenes.TextStyle{Size: 19, Bold: true, Color: pal.Text, VAlign: text.AlignCenter}, name, room))
	hintY, hintRoom := y+30+t.text(scenes.TextStyle{Size: 19}).Size/2+14.5, panelW-62-12
	hx, hy := x+panelW-48, y+70
	showsHand := !falseStart && p.Result != slam.ResultNone
	switch {
	case lockedOut || falseStart:
		room := hintRoom
		if showsHand {
			// The line runs into the hand's top: it stops short of it.
			w, _ := t.atlas.Gesture(handOf(p.Buttons)).Size()
			room = min(room, hx-w*handScale/2-8-(x+62))
		}
		msg, st := lockoutHint(sp, room)
		c.Text(msg, x+62, hintY, t.grown(st, msg, room))
	case t.hasKeys(seat):
		t.drawLegend(c, pal, seat, x+62, hintY, hintRoom)
	default:
		hint := t.deviceHint(seat)
		c.Text(hint, x+62, hintY, t.grown(scenes.TextStyle{Size: 14, Color: pal.TextDim, VAlign: text.AlignCenter}, hint, hintRoom))
	}
	c.Text(fmt.Sprintf("%d", s.Won(seat)), x+22, y+88, scenes.TextStyle{Size: 32, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	// The won pile, one thin card per five won.
	for i := 0; i < (s.Won(seat)+4)/5 && i < 10; i++ {
		drawSprite(c, t.atlas.Card(plainBack), x+80+float64(i)*4, y+88-float64(i)*2, 0.22, 0, 1)
	}
	if age := now - t.penalty[seat]; age < flashTicks {
		c.Text(fmt.Sprintf("−%d", t.lost[seat]), x+62, y+88, t.text(scenes.TextStyle{Size: 22, Bold: true, Color: sp.Bad, VAlign: text.AlignCenter}))
	}

	verdict := scenes.TextStyle{Size: 15, Bold: true, Align: text.AlignEnd, VAlign: text.AlignCenter}
	vx, vy := x+panelW-88, y+92
	// The verdict grows as far as the room right of the won pile allows.
	vroom := vx - (x + 130)
	switch {
	case falseStart:
		verdict.Color = sp.Bad
		c.Text("false start", vx, vy, t.grown(verdict, "false start", vroom))
	case showsHand:
		scale := handScale
		if age := now - p.Tick; age < popTicks && !t.reduced {
			scale += 0.18 * float64(popTicks-age) / popTicks
		}
		alpha := 1.0
		if p.Result == slam.ResultLate || p.Result == slam.ResultLateWrong {
			alpha = 0.55
		}
		drawSprite(c, t.atlas.Gesture(handOf(p.Buttons)), hx, hy, scale, 0, alpha)
		label, col := t.verdict(pal, sp, p)
		verdict.Color = col
		c.Text(label, vx, vy, t.grown(verdict, label, vroom))
	}
	if lockedOut {
		c.RoundRect(x, y, panelW, panelH, 14, color.RGBA{0, 0, 0, 0x50})
	}
}

// handScale is the scale of a seat's hand in its gesture once it has
// snapped into place.
const handScale = 0.42

// lockoutHint returns the line that tells a seat it is locked out, and its
// style: in full where room allows, else its first words, which are what
// matters mid-race.
func lockoutHint(sp sprites.Palette, room float64) (string, scenes.TextStyle) {
	st := scenes.TextStyle{Size: 14, Bold: true, Color: sp.Bad, VAlign: text.AlignCenter}
	const full = "locked out until the next flip"
	if scenes.TextWidth(full, st) <= room {
		return full, st
	}
	return "locked out", st
}

// verdict says what the judge made of a press: the reaction time of a
// correct one, what was wrong with a mistake, the delay of a late one.
func (t *Table) verdict(pal *scenes.Palette, sp sprites.Palette, p slam.Press) (string, color.RGBA) {
	flip := t.state.Card().FlipTick
	switch p.Result {
	case slam.ResultCorrect:
		return fmt.Sprintf("%d ms", ms(p.Tick-flip)), sp.Good
	case slam.ResultWrong:
		return "wrong: " + gestureName(p.Buttons), sp.Bad
	case slam.ResultMash:
		return "two at once", sp.Bad
	case slam.ResultLate:
		return fmt.Sprintf("late %d ms", ms(p.Tick-flip)), pal.TextDim
	case slam.ResultLateWrong:
		return "late, wrong", pal.TextDim
	}
	return "", pal.TextDim
}

// handOf returns the hand sprite's symbol for a press: NoSymbol (a clap)
// for Clap or for several gestures at once.
func handOf(b rulesets.Buttons) rulesets.Symbol { return b.GestureSymbol() }

// Legend geometry: a key cap and its gesture's hand, four in a row.
const (
	legendStep = 36.0 // from one key to the next
	legendHand = 0.15 // the hand's scale
)

// hasKeys reports whether seat is a person at this machine whose device
// has keys or buttons to name (a keyboard zone or a gamepad).
func (t *Table) hasKeys(seat int) bool {
	if seat >= len(t.seats.Seats) || t.remote.Sees(seat) {
		return false
	}
	st := t.seats.Seats[seat]
	return st.Kind == lobby.Human && (st.Device.Kind == input.KeyZone || st.Device.Kind == input.Pad)
}

// drawLegend draws which of seat's keys is Rock, Paper, Scissors and
// Clap, each as its key cap beside the gesture's hand, from the left
// middle point (x, y), as large as the interface size asks and room
// allows: the reminder a new player needs mid-race.
func (t *Table) drawLegend(c *scenes.Canvas, pal *scenes.Palette, seat int, x, y, room float64) {
	keys := t.legend(seat)
	k := t.text(scenes.TextStyle{Size: 15}).Size / 15
	if w := legendWidth(keys, k); w > room {
		k = max(min(k, 1), k*room/w) // never smaller than at 100%
	}
	st := scenes.TextStyle{Size: 15 * k, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	for i, key := range keys {
		w := legendCap(key, k)
		c.RoundRect(x, y-10*k, w, 20*k, 4*k, pal.PanelEdge)
		c.Text(key, x+w/2, y, st)
		drawSprite(c, t.atlas.Gesture(handOf(input.Gestures[i])), x+w+10*k, y, legendHand*k, 0, 1)
		x += max(legendStep*k, w+20*k)
	}
}

// legendCap returns the width of a key's cap in the legend at scale k.
func legendCap(key string, k float64) float64 {
	return max(16*k, scenes.TextWidth(key, scenes.TextStyle{Size: 15 * k, Bold: true})+8*k)
}

// legendWidth returns the width of a legend of keys at scale k, to the
// right of its last hand.
func legendWidth(keys [len(input.Gestures)]string, k float64) float64 {
	w := 0.0
	for i, key := range keys {
		cw := legendCap(key, k)
		if i == len(keys)-1 {
			return w + cw + 10*k + legendHand*k*sprites.HandSize/2
		}
		w += max(legendStep*k, cw+20*k)
	}
	return w
}

// legend returns the names of seat's Rock, Paper, Scissors and Clap keys
// or buttons, as the controls bind them now.
func (t *Table) legend(seat int) [len(input.Gestures)]string {
	var keys [len(input.Gestures)]string
	for i, b := range input.Gestures {
		keys[i] = t.router.KeyName(seat, b)
	}
	return keys
}

// deviceHint says what a seat plays with.
func (t *Table) deviceHint(seat int) string {
	if seat >= len(t.seats.Seats) {
		return ""
	}
	st := t.seats.Seats[seat]
	switch {
	case t.remote.Sees(seat):
		return "over the network"
	case st.Kind == lobby.Bot:
		return "reflex bot"
	case t.replayed:
		return "in the replay"
	case st.Device == input.NoDevice:
		return t.d.Hint("press a gesture to play here", "tap your corner to play here")
	}
	switch st.Device.Kind {
	case input.KeyZone:
		return input.ZoneName(st.Device.Index)
	case input.Pad:
		return "gamepad: face buttons"
	case input.TouchZone:
		return "touch: your corner"
	}
	return st.Device.String()
}

// drawStrip draws the photo finish of the card up (or just decided): every
// seat's first press on a time line from the flip, and who was first by
// how much.
func (t *Table) drawStrip(c *scenes.Canvas, pal *scenes.Palette) {
	s := &t.state
	r := s.Card()
	if !r.Card.Valid() {
		return
	}
	sp := t.atlas.Palette()
	// The headline grows with the interface only as far as it fits on a
	// line: two lines of grown text would run up over the title.
	head, room := t.headline(r), stripAxisX-20-(stripX+18)
	hs := t.grown(scenes.TextStyle{Size: 20, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter}, head, room)
	if scenes.TextWidth(head, hs) > room {
		// Two lines rather than over the axis ("Dead heat!" / "Drawn: P4").
		lineH := hs.Size * 1.2
		c.Lines(scenes.WrapText(nil, head, hs, room), stripX+18, stripY+74-lineH, lineH, hs)
	} else {
		c.Text(head, stripX+18, stripY+58, hs)
	}
	// The clock since the flip, while the card is open.
	if r.Outcome == slam.OutcomeOpen {
		age := min(s.Tick()-r.FlipTick, stripSpan)
		c.FillRect(stripAxisX, stripAxisY-1, float64(age)/stripSpan*stripAxisW, 4, pal.Accent)
	}
	// Latest first, so the earliest presses' markers lie on top.
	order := t.pressOrder(r)
	for i := len(order) - 1; i >= 0; i-- {
		p := r.Presses[order[i]]
		ring := pal.TextDim
		switch {
		case p.Result == slam.ResultCorrect:
			ring = sp.Good
		case p.Result.Mistake():
			ring = sp.Bad
		}
		x := stripMarkerX(p.Tick - r.FlipTick)
		c.Circle(x, stripAxisY, stripMarkerR, ring)
		c.Circle(x, stripAxisY, stripMarkerR-3, pal.Seats[order[i]])
	}
	t.drawStripBadges(c, pal, r, order)
}

// stripMarkerR is the radius of a press's marker on the photo finish.
const stripMarkerR = 13

// stripMarkerX returns where the photo finish marks a press made ticks
// after the flip (a press after the axis's end, at its end).
func stripMarkerX(ticks int64) float64 {
	return stripAxisX + float64(min(ticks, stripSpan))/stripSpan*stripAxisW
}

// seatTags are the seats' short names on the photo finish.
var seatTags = [rulesets.MaxSeats]string{"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"}

// drawStripBadges names each press on the photo finish with a badge in its
// seat's colour above the time line. Badges of close presses go side by
// side, in press order, on as many rows as the panel has room for (two
// below an interface size of 100%, one from it): stacked one above another,
// a full table's presses a few ticks apart once ran up out of the panel
// over the seats'.
// A badge pushed aside from its marker still shares its colour.
func (t *Table) drawStripBadges(c *scenes.Canvas, pal *scenes.Palette, r *slam.CardRecord, order []int) {
	st := t.text(scenes.TextStyle{Size: 15, Bold: true, Align: text.AlignCenter, VAlign: text.AlignCenter})
	h := st.Size + 4
	bottom := stripAxisY - stripMarkerR - 4 // the badges' lowest row ends here
	rows := max(1, int((bottom-stripY-4)/(h+2)))
	var xs, ws [rulesets.MaxSeats]float64
	for i, seat := range order {
		xs[i] = stripMarkerX(r.Presses[seat].Tick - r.FlipTick)
		ws[i] = scenes.TextWidth(seatTags[seat], st) + h/2
	}
	var spots [rulesets.MaxSeats]badgeSpot
	n := len(order)
	placeBadges(spots[:n], xs[:n], ws[:n], 4, stripAxisX-20, stripX+stripW-8, rows)
	for i, seat := range order {
		x, y := spots[i].x, bottom-h/2-float64(spots[i].row)*(h+2)
		c.RoundRect(x-ws[i]/2, y-h/2, ws[i], h, h/2, pal.Seats[seat])
		st.Color = pal.SeatInk[seat]
		c.Text(seatTags[seat], x, y, st)
	}
}

// badgeSpot is where a badge goes: its centre's x and its row (0 the
// lowest).
type badgeSpot struct {
	x   float64
	row int
}

// placeBadges sets badges of widths ws, each wanted centred at its xs (in
// order from the left), on rows rows so that no two in a row come closer
// than gap and all lie within [lo, hi]: each goes on the lowest row with
// room for it where it is wanted, or else just right of the row that
// ends first; then each row that runs past hi is pushed back left.
func placeBadges(spots []badgeSpot, xs, ws []float64, gap, lo, hi float64, rows int) {
	rows = min(rows, len(spots))
	var ends [rulesets.MaxSeats]float64 // each row's right end so far
	for r := range rows {
		ends[r] = lo - gap
	}
	for i, x := range xs {
		x = max(x, lo+ws[i]/2)
		row := -1
		for r := range rows {
			if ends[r]+gap <= x-ws[i]/2 {
				row = r
				break
			}
		}
		if row < 0 {
			row = 0
			for r := 1; r < rows; r++ {
				if ends[r] < ends[row] {
					row = r
				}
			}
			x = ends[row] + gap + ws[i]/2
		}
		spots[i] = badgeSpot{x: x, row: row}
		ends[row] = x + ws[i]/2
	}
	for r := range rows {
		limit := hi
		for i := len(spots) - 1; i >= 0; i-- {
			if spots[i].row == r {
				spots[i].x = min(spots[i].x, limit-ws[i]/2)
				limit = spots[i].x - ws[i]/2 - gap
			}
		}
	}
}

// stripAxisY is the height of the photo finish's time line.
const stripAxisY = stripY + 62

// drawStripFrame draws the photo finish's panel, title and time line,
// which the chrome holds (drawChrome).
func (t *Table) drawStripFrame(c *scenes.Canvas, pal *scenes.Palette) {
	c.RoundRect(stripX, stripY, stripW, stripH, 12, pal.Panel)
	c.Text("Photo finish", stripX+18, stripY+24, t.text(scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, VAlign: text.AlignCenter}))
	c.FillRect(stripAxisX, stripAxisY, stripAxisW, 2, pal.TextDim)
	for tick := 0; tick <= stripSpan; tick += 15 {
		x := stripMarkerX(int64(tick))
		c.FillRect(x-1, stripAxisY-6, 2, 14, pal.TextDim)
		ticks := t.text(scenes.TextStyle{Size: 13, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
		label := fmt.Sprintf("%d ms", ms(int64(tick)))
		// Centred under its tick, but inside the panel.
		x = min(x, stripX+stripW-12-scenes.TextWidth(label, ticks)/2)
		c.Text(label, x, stripAxisY+16+ticks.Size/2, ticks)
	}
}

// pressOrder returns the seats that pressed on the card, earliest first
// (seat order on the same tick).
func (t *Table) pressOrder(r *slam.CardRecord) []int {
	order := make([]int, 0, rulesets.MaxSeats)
	for seat := 0; seat < t.state.Seats(); seat++ {
		if r.Presses[seat].Result != slam.ResultNone {
			order = append(order, seat)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(r.Presses[a].Tick, r.Presses[b].Tick) })
	return order
}

// headline sums the photo finish up: "P2 by 33 ms".
func (t *Table) headline(r *slam.CardRecord) string {
	if r.Outcome == slam.OutcomeOpen {
		return fmt.Sprintf("%d ms", ms(t.state.Tick()-r.FlipTick))
	}
	if r.Tied.Len() > 1 {
		return fmt.Sprintf("Dead heat! Drawn: P%d", r.Taker+1)
	}
	if r.Taker < 0 {
		return "No winner"
	}
	win := r.Presses[r.Taker]
	if win.Result != slam.ResultCorrect {
		return fmt.Sprintf("P%d takes it", r.Taker+1)
	}
	// The nearest other correct press, in time or late.
	gap := int64(-1)
	for seat, p := range r.Presses {
		if seat == int(r.Taker) || (p.Result != slam.ResultCorrect && p.Result != slam.ResultLate) {
			continue
		}
		d := p.Tick - win.Tick
		if d < 0 {
			d = -d
		}
		if gap < 0 || d < gap {
			gap = d
		}
	}
	if gap < 0 {
		return fmt.Sprintf("P%d in %d ms", r.Taker+1, ms(win.Tick-r.FlipTick))
	}
	if t.state.Config().Mode == slam.LastOneLoses {
		return fmt.Sprintf("P%d last, by %d ms", r.Taker+1, ms(gap))
	}
	return fmt.Sprintf("P%d by %d ms", r.Taker+1, ms(gap))
}

// drawPlayoff shows a rock-paper-scissors playoff: who throws, and the
// last throws shown.
func (t *Table) drawPlayoff(c *scenes.Canvas, pal *scenes.Palette) {
	s := &t.state
	po := s.Playoff()
	showing := s.Tick()-t.showdown < 60
	if s.Phase() != slam.PhasePlayoff && !showing {
		return
	}
	c.RoundRect(290, 190, 700, 280, 18, pal.BackdropDeep)
	c.RoundRect(290, 190, 700, 280, 18, pal.Panel)
	title := "Sudden death: rock-paper-scissors!"
	if po.Kind == slam.PlayoffTake {
		title = "Who takes it? Rock-paper-scissors!"
	}
	c.Text(title, 640, 225, t.text(scenes.TextStyle{Size: 28, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}))
	sub := "Throw with your Rock, Paper or Scissors button"
	if showing && s.Phase() == slam.PhasePlayoff {
		sub = "Throw again!"
	}
	c.Text(sub, 640, 440, t.text(scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}))
	var shown [rulesets.MaxSeats]int
	n := 0
	for seat := 0; seat < s.Seats(); seat++ {
		if po.Seats.Has(seat) || (showing && po.Shown[seat] != rulesets.NoSymbol) {
			shown[n] = seat
			n++
		}
	}
	for i, seat := range shown[:n] {
		x := playoffX(i, n)
		thrown := po.Shown[seat]
		c.Circle(x, 290, 12, pal.Seats[seat])
		c.Text(fmt.Sprintf("P%d", seat+1), x, 318, t.text(scenes.TextStyle{Size: 16, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}))
		if showing && thrown != rulesets.NoSymbol {
			drawSprite(c, t.atlas.Gesture(thrown), x, 385, 0.45, 0, 1)
		} else if po.Thrown[seat] != rulesets.NoSymbol {
			c.Text("ready", x, 385, t.text(scenes.TextStyle{Size: 18, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}))
		}
	}
}

// playoffX places the i-th of n seats in the playoff panel.
func playoffX(i, n int) float64 { return 640 + (float64(i)-float64(n-1)/2)*110 }
