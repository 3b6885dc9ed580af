package thatsminetable

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/sprites"
)

// The layout on the 1280×720 logical screen: the seats across the top,
// the kitty and the running explanation in the middle, the private hand
// at the bottom and the game log on the right.
const (
	tableW     = 980.0 // the table; the log panel takes the rest
	seatTop    = 12.0
	seatH      = 318.0
	cardY      = 196.0 // centre of a seat's play card
	wagerY     = 292.0
	centreY    = 400.0
	handY      = 618.0 // centre of the hand's cards
	handScale  = 0.88
	seatScale  = 0.72
	logX       = 996.0
	logW       = 272.0
	minTextPx  = 11.0 // the smallest small text, in screen pixels
	buttonH    = 40.0
	tokenScale = 0.6
	wagerTop   = 474.0
	// handLabelY is the middle of the line over the hand, level with the
	// wager row and clear of a raised card.
	handLabelY    = wagerTop + buttonH/2
	handLabelSize = 22.0
	// The hold-to-peek button (cardtable.Status.PeekButton) sits at the
	// foot of the log, clear of the hand, which may span the table.
	peekX = logX + (logW-cardtable.PeekW)/2
	peekY = scenes.ScreenHeight - 16 - cardtable.PeekH
	// Peek mode's banner (cardtable.Status.PeekHint) sits in the log's
	// column above the Peek button, where the hand never reaches.
	hintY = peekY - 8 - privacy.HintH
)

// Draw implements cardtable.Table: the board as the show has reached it,
// and v's hand when v is a seat's view.
func (t *table) Draw(c *scenes.Canvas, st *cardtable.Status, v *tm.View) {
	a := t.atlas
	if a == nil {
		return // Animate paints the deck, in Update, before the first frame
	}
	pal := t.d.Palette()
	scenes.DrawFelt(c, a)
	for seat := range t.board.players {
		t.drawSeat(c, pal, a, st, v, seat)
	}
	t.drawCentre(c, pal, a, v)
	t.drawHand(c, pal, a, st, v)
	t.drawFlights(c, a)
	logBottom := scenes.ScreenHeight - 24.0
	switch {
	case st.PeekHint:
		logBottom = hintY - 8
	case st.PeekButton:
		logBottom = peekY - 8
	}
	t.drawSide(c, pal, st.Lines(), logBottom)
}

// seatBox returns seat's column on the table.
func (t *table) seatBox(seat int) (x, w float64) {
	w = (tableW - 16) / float64(t.board.players)
	return 8 + w*float64(seat), w
}

func (t *table) drawSeat(c *scenes.Canvas, pal *scenes.Palette, a *sprites.Atlas, st *cardtable.Status, v *tm.View, seat int) {
	b := &t.board
	x, w := t.seatBox(seat)
	cx := x + w/2
	seatClr := pal.Seats[seat%len(pal.Seats)]
	inTier := b.tierSeats.Has(seat) && t.show.busy(t.now)
	c.RoundRect(x+4, seatTop, w-8, seatH, 14, scenes.WithAlpha(pal.Panel, 0.86))
	if inTier {
		c.StrokeRoundRect(x+4, seatTop, w-8, seatH, 14, 4, pal.Accent)
	}
	if b.winners.Has(seat) {
		c.StrokeRoundRect(x+4, seatTop, w-8, seatH, 14, 6, seatClr)
	}
	c.RoundRect(x+4, seatTop, w-8, 8, 4, seatClr)
	name := st.Who[seat]
	c.Text(name, cx, seatTop+34, scenes.TextStyle{Size: 24, Bold: true, Color: seatClr, Align: text.AlignCenter, VAlign: text.AlignCenter}.Fit(name, w-16))
	kind := t.seatKind(seat)
	c.Text(kind, cx, seatTop+60, t.grown(c, scenes.TextStyle{Size: 16, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}, kind, w-16))
	scenes.DrawSprite(c, a.Token(), sprites.Place{X: cx - 26, Y: seatTop + 94, Scale: tokenScale})
	c.Text(fmt.Sprint(b.tokens[seat]), cx-6, seatTop+94, scenes.TextStyle{Size: 28, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})

	// The play card: an empty slot, face down once chosen, face up once its
	// tier is revealed; lit when it survives, dimmed when beaten.
	switch {
	case b.revealed[seat]:
		card := b.cards[seat]
		knocked := b.knocked.Has(card)
		if b.survivor == seat && !knocked {
			pulse := 1 + 0.04*math.Sin(float64(t.now)/6)
			scenes.DrawSprite(c, a.CardGlow(), sprites.Place{X: cx, Y: cardY, Scale: seatScale * pulse})
		}
		turn := 0.0
		if t.revealing(seat) {
			turn = 1 - t.show.progress(t.now)*2
		}
		place := sprites.Place{X: cx, Y: cardY, Scale: seatScale}
		if turn > 0 {
			place.Turn = turn
			scenes.DrawSprite(c, a.Card(backSprite), place)
		} else {
			place.Turn = -turn
			if knocked {
				place.Fade = 0.55
			}
			scenes.DrawSprite(c, face(a, card), place)
		}
		if knocked && turn <= 0 {
			c.Text("out", cx, cardY+62, t.grown(c, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter}, "out", w-16))
		}
	case b.chosen[seat]:
		scenes.DrawSprite(c, a.Card(backSprite), sprites.Place{X: cx, Y: cardY, Scale: seatScale})
	default:
		scenes.DrawSprite(c, a.CardSlot(), sprites.Place{X: cx, Y: cardY, Scale: seatScale})
		if !t.show.busy(t.now) && !v.Ended {
			aw := st.Awaiting(seat)
			c.Text(aw, cx, wagerY, t.grown(c, scenes.TextStyle{Size: 18, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}, aw, w-16))
		}
	}

	// The wager: a closed chip until all wagers flip together.
	flip := 1.0
	if t.beatIs(tm.EventWager) {
		flip = t.show.progress(t.now)
	}
	switch {
	case b.wagersUp && flip >= 0.5:
		t.chip(c, cx, 2*flip-1, pal.Accent, pal.AccentText, fmt.Sprint(b.wagers[seat]))
	case b.chosen[seat] || b.wagersUp:
		t.chip(c, cx, 1-2*flip*boolf(b.wagersUp), pal.PanelEdge, pal.Text, "?")
	}
}

// chip draws a wager chip squashed horizontally to width sx (0–1), so
// that the wagers turn over like coins.
func (t *table) chip(c *scenes.Canvas, cx, sx float64, fill, ink color.RGBA, label string) {
	if sx <= 0.02 {
		return
	}
	var geo ebiten.GeoM
	geo.Scale(sx, 1)
	geo.Translate(cx, wagerY)
	c.Path(&t.disc, geo, fill)
	if sx > 0.5 {
		c.Text(label, cx, wagerY, scenes.TextStyle{Size: 24, Bold: true, Color: ink, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// beatIs reports whether the show's current beat, still playing, is of
// kind k.
func (t *table) beatIs(k tm.EventKind) bool {
	return len(t.show.cur.events) > 0 && t.show.cur.events[0].Kind == k && t.show.busy(t.now) &&
		t.show.progress(t.now) < 1
}

// drawFlights draws the tokens moving in this beat: a wager paid into the
// kitty, or the kitty flying to the survivor.
func (t *table) drawFlights(c *scenes.Canvas, a *sprites.Atlas) {
	kx, ky := 190.0, centreY+4
	p := t.show.progress(t.now)
	switch {
	case t.beatIs(tm.EventPay):
		e := t.show.cur.events[0]
		sx, _ := t.seatTokenPos(e.Seat)
		for i := range min(e.Amount, 6) {
			q := scenes.CubicInOut(clamp01(p*1.4 - float64(i)*0.08))
			x, y := lerp(sx, kx, q), lerp(seatTop+94, ky, q)-60*math.Sin(q*math.Pi)
			scenes.DrawSprite(c, a.Token(), sprites.Place{X: x, Y: y, Scale: 0.7})
		}
	case t.beatIs(tm.EventAward):
		e := t.show.cur.events[0]
		sx, sy := t.seatTokenPos(e.Seat)
		for i := range min(e.Amount, 8) {
			q := scenes.CubicInOut(clamp01(p*1.5 - float64(i)*0.06))
			if q >= 1 {
				continue
			}
			x, y := lerp(kx, sx, q), lerp(ky, sy, q)-80*math.Sin(q*math.Pi)
			scenes.DrawSprite(c, a.Token(), sprites.Place{X: x, Y: y, Scale: 0.7})
		}
	}
}

// seatTokenPos is where a seat's tokens lie.
func (t *table) seatTokenPos(seat int) (x, y float64) {
	sx, w := t.seatBox(seat)
	return sx + w/2 - 26, seatTop + 94
}

func lerp(a, b, q float64) float64 { return a + (b-a)*q }

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }

// revealing reports whether seat's card is turning over in this beat.
func (t *table) revealing(seat int) bool {
	for _, e := range t.show.cur.events {
		if e.Kind == tm.EventReveal && e.Seat == seat {
			return t.show.progress(t.now) < 1
		}
	}
	return false
}

func (t *table) drawCentre(c *scenes.Canvas, pal *scenes.Palette, a *sprites.Atlas, v *tm.View) {
	b := &t.board
	// Supply and kitty.
	// The labels grow upwards, clear of the tokens.
	label := t.grown(c, scenes.TextStyle{Size: 18, Color: pal.TextDim, Align: text.AlignCenter}, "Supply", 104)
	c.Text("Supply", 70, centreY-44-(label.Size-18), label)
	scenes.DrawSprite(c, a.Token(), sprites.Place{X: 70, Y: centreY + 4, Scale: 0.8})
	c.Text(fmt.Sprint(b.supply), 70, centreY+46, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, Align: text.AlignCenter})
	c.Text("Kitty", 190, centreY-44-(label.Size-18), label)
	for i := range min(b.kitty, 12) {
		col, row := i/6, i%6
		scenes.DrawSprite(c, a.Token(), sprites.Place{X: 176 + 30*float64(col), Y: centreY + 14 - 7*float64(row), Scale: 0.8})
	}
	c.Text(fmt.Sprint(b.kitty), 190, centreY+46, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, Align: text.AlignCenter})

	// The caption explaining the current beat.
	x, w := centreX, centreW
	c.RoundRect(x, centreTop, w, centreH, 14, scenes.WithAlpha(pal.Panel, 0.9))
	caption, detail := t.caption(v)
	c.Text(caption, x+w/2, centreY-14, scenes.TextStyle{Size: 28, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text(detail, x+w/2, centreY+26, t.grown(c, scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}, detail, w-16))
	if b.wagersUp {
		t.drawTierLadder(c, pal, x+w/2, centreY+92)
	}
}

// drawTierLadder shows the order of the reveal once the wagers are up:
// one pill per wager amount somebody chose, smallest first, the tier being
// resolved lit and those done dimmed.
func (t *table) drawTierLadder(c *scenes.Canvas, pal *scenes.Palette, cx, cy float64) {
	b := &t.board
	var buf [tm.MaxPlayers]int
	tiers := b.tiers(buf[:0])
	n := len(tiers)
	const pillW, gap = 96.0, 28.0
	left := cx - (float64(n)*pillW+float64(n-1)*gap)/2
	for i, w := range tiers {
		x := left + float64(i)*(pillW+gap)
		fill, ink := pal.PanelEdge, pal.Text
		switch {
		case w == b.tier:
			fill, ink = pal.Accent, pal.AccentText
		case b.tier >= 0 && w < b.tier:
			fill, ink = scenes.WithAlpha(pal.Panel, 0.9), pal.TextDim
		}
		c.RoundRect(x, cy-17, pillW, 34, 17, fill)
		tier := fmt.Sprintf("Tier %d", w)
		c.Text(tier, x+pillW/2, cy, t.grown(c, scenes.TextStyle{Size: 18, Bold: true, Color: ink, Align: text.AlignCenter, VAlign: text.AlignCenter}, tier, pillW-12))
		if i > 0 {
			c.Text("›", x-gap/2, cy, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
		}
	}
}

// caption returns what the middle of the table says now.
func (t *table) caption(v *tm.View) (string, string) {
	if t.show.busy(t.now) || t.show.cur.caption != "" && v.Ended {
		return t.show.cur.caption, t.show.cur.detail
	}
	waiting := 0
	for seat := range t.board.players {
		if !t.board.chosen[seat] {
			waiting++
		}
	}
	return fmt.Sprintf("Round %d · first to %d", t.board.round, t.board.target),
		fmt.Sprintf("Choose a card and a wager — %d still choosing", waiting)
}

// drawHand draws the hand of v's viewer, if v is a seat's view, and
// while that seat chooses, its cursor, its wager and the Play button.
func (t *table) drawHand(c *scenes.Canvas, pal *scenes.Palette, a *sprites.Atlas, st *cardtable.Status, v *tm.View) {
	g := &t.graph
	g.touch = t.d.TouchSeen()
	g.layout(0, false, 0)
	seat := v.Seat
	if seat < 0 {
		return
	}
	hand := v.Hand
	if t.show.dealing() {
		hand = 0 // the new hands are not on the table yet
	}
	cards := hand.Cards(t.cards[:0])
	p := t.picks[seat]
	acting := st.Acting == seat
	seatClr := pal.Seats[seat%len(pal.Seats)]
	label := st.Names[seat] + " — your hand"
	if v.Chosen[seat] {
		label = fmt.Sprintf("%s — you play %v, wager %d", st.Names[seat], v.Choice.Card, v.Choice.Wager)
	}
	// Left of the wager row (from x ≈ 440).
	c.Text(label, 24, handLabelY, t.grown(c, scenes.TextStyle{Size: handLabelSize, Bold: true, Color: seatClr, VAlign: text.AlignCenter}, label, 410))
	if acting && !t.d.TouchOnly() { // keys mean nothing on a phone
		help := fmt.Sprintf("%s %s card · %s %s wager · %s play", st.KeyName(seat, rulesets.ButtonLeft), st.KeyName(seat, rulesets.ButtonRight),
			st.KeyName(seat, rulesets.ButtonUp), st.KeyName(seat, rulesets.ButtonDown), st.KeyName(seat, rulesets.ButtonConfirm))
		c.Text(help, 24, 712, t.grown(c, scenes.TextStyle{Size: 16, Color: pal.TextDim, VAlign: text.AlignEnd}, help, tableW-40))
	}
	g.layout(len(cards), acting, p.cursor)
	deal := 1.0
	if t.beatIs(tm.EventDeal) {
		deal = t.show.progress(t.now)
	}
	var carried *scenes.Node
	if acting {
		carried = g.carried()
	}
	for i, card := range cards {
		node := g.cards[i]
		if node == carried {
			continue // drawn last, over everything, following the pointer
		}
		x, y := node.X, node.Y
		if deal < 1 {
			// Dealt one after the other from the middle of the table.
			q := scenes.CubicOut(clamp01(deal*1.6 - float64(i)*0.07))
			if q <= 0 {
				continue
			}
			x, y = lerp(tableW/2, x, q), lerp(centreY, y, q)
		}
		scenes.DrawSprite(c, face(a, card), sprites.Place{X: x, Y: y, Scale: handScale})
		switch {
		case acting && i == p.cursor:
			outline(c, x, y, 4, pal.Accent)
		case acting && i == g.hover:
			outline(c, x, y, 2, pal.Text)
		}
	}
	if !acting {
		return
	}
	t.drawWager(c, pal, v.Tokens[seat], p.wager)
	if carried != nil && !carried.Hidden { // the hand did not shrink under it
		dx, dy := g.drag.Offset()
		x, y := carried.X+dx, carried.Y+dy
		scenes.DrawSprite(c, face(a, cards[carried.ID]), sprites.Place{X: x, Y: y, Scale: handScale})
		outline(c, x, y, 4, pal.Accent)
	}
}

// outline rings the hand's card centred at (x, y): the chosen card, or
// the one under the pointer.
func outline(c *scenes.Canvas, x, y, width float64, clr color.RGBA) {
	c.StrokeRoundRect(x-handCardW/2, y-handCardH/2, handCardW, handCardH, 8, width, clr)
}

// drawWager draws the wager setter and the Play button above the hand.
func (t *table) drawWager(c *scenes.Canvas, pal *scenes.Palette, tokens, wager int) {
	y := wagerTop
	st := t.text(c, scenes.TextStyle{Size: 22, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text("Wager", 520, y+buttonH/2, t.grown(c, scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignCenter}, "Wager", 80))
	for _, x := range []float64{minusX, plusX} {
		c.RoundRect(x, y, wagerButtonW, buttonH, 10, pal.PanelEdge)
	}
	c.Text("−", 556, y+buttonH/2, st)
	c.Text("+", 672, y+buttonH/2, st)
	c.Text(fmt.Sprint(wager), 614, y+buttonH/2, scenes.TextStyle{Size: 30, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	of := fmt.Sprintf("of %d", tokens)
	c.Text(of, 700, y+buttonH/2, t.grown(c, scenes.TextStyle{Size: 18, Color: pal.TextDim, VAlign: text.AlignCenter}, of, playX-8-700))
	c.RoundRect(playX, y, playButtonW, buttonH, 12, pal.Accent)
	c.Text("Play", playX+playButtonW/2, y+buttonH/2, t.text(c, scenes.TextStyle{Size: 22, Bold: true, Color: pal.AccentText, Align: text.AlignCenter, VAlign: text.AlignCenter}))
}

// legible returns size, grown in a small window so that the text is at
// least minTextPx screen pixels high.
func legible(c *scenes.Canvas, size float64) float64 { return math.Max(size, minTextPx/c.Scale()) }

// text returns st as the table sets it at the interface size (small text
// grows with it: scenes.TableText), and legible on c.
func (t *table) text(c *scenes.Canvas, st scenes.TextStyle) scenes.TextStyle {
	st = scenes.TableText(st, t.d.UIScale())
	st.Size = legible(c, st.Size)
	return st
}

// grown returns st as text sets it, made smaller if need be so that s
// fits in room (scenes.TableTextFit), but still legible.
func (t *table) grown(c *scenes.Canvas, st scenes.TextStyle, s string, room float64) scenes.TextStyle {
	st = scenes.TableTextFit(st, t.d.UIScale(), s, room)
	st.Size = legible(c, st.Size)
	return st
}

// drawSide draws the game log, under the runner's buttons, down to
// bottom.
func (t *table) drawSide(c *scenes.Canvas, pal *scenes.Palette, log []string, bottom float64) {
	scenes.Panel(c, pal, logX-6, 8, logW+10, scenes.ScreenHeight-16)
	round := fmt.Sprintf("Round %d · first to %d", t.board.round, t.board.target)
	c.Text(round, logX+4, 88, t.grown(c, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, VAlign: text.AlignCenter}, round, logW-8))
	// In a small window the log grows in logical pixels so that it stays
	// legible, and shows fewer lines: always the newest.
	st := t.text(c, scenes.TextStyle{Size: 15, Color: pal.TextDim})
	lineH := st.Size * 1.18
	fit := int((bottom - 104) / lineH)
	var lines []string
	for _, entry := range log[max(0, len(log)-fit):] {
		lines = scenes.WrapText(lines, entry, st, logW-8)
	}
	lines = lines[max(0, len(lines)-fit):]
	for i, line := range lines {
		st.Color = pal.TextDim
		if i >= len(lines)-4 {
			st.Color = pal.Text
		}
		c.Text(line, logX+4, 104+lineH*float64(i), st)
	}
}
