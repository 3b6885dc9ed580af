package ninjantable

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/sprites"
)

// Draw implements scenes.Scene.
func (t *Table) Draw(c *scenes.Canvas) {
	if t.atlas == nil {
		return // drawn once Update has painted the deck
	}
	pal := t.d.Palette()
	t.drawSprite(c, t.atlas.Felt(), scenes.ScreenWidth/2, scenes.ScreenHeight/2, 1, 0, 1)
	t.drawTopBar(c, pal)
	for s := range t.players {
		t.drawSeat(c, pal, s)
	}
	t.drawLegend(c, pal)
	t.drawLane(c, pal)
	for p := range ninjan.NumPiles {
		t.drawPile(c, pal, p)
	}
	t.drawLog(c, pal)
	t.drawHandArea(c, pal)
	t.drawFlights(c)
	t.drawBanner(c, pal)
	if seat, ok := t.gate.Curtain(); ok {
		privacy.DrawCurtain(c, pal, seat, "")
	} else if t.seating.Privacy == privacy.Peek && t.humanCount() > 1 {
		privacy.DrawPeekHint(c, pal, t.gate, "")
	}
}

func (t *Table) humanCount() int {
	n := 0
	for s := range t.players {
		if t.isHuman(s) {
			n++
		}
	}
	return n
}

// drawSprite draws s centred at (x, y) at scale, squashed by turn (0 flat,
// 1 edge-on) and with alpha.
func (t *Table) drawSprite(c *scenes.Canvas, s sprites.Sprite, x, y, scale, turn, alpha float64) {
	if scale <= 0 {
		return // shrunk to nothing (a Place's zero scale means 1)
	}
	scenes.DrawSprite(c, s, sprites.Place{X: x, Y: y, Scale: scale, Turn: turn, Fade: 1 - alpha})
}

// drawCard draws card face up (its back for the zero Card).
func (t *Table) drawCard(c *scenes.Canvas, card ninjan.Card, x, y, scale, turn, alpha float64) {
	t.drawSprite(c, t.atlas.CardShadow(), x+3*scale, y+5*scale, scale, turn, alpha*0.8)
	if card == (ninjan.Card{}) {
		t.drawSprite(c, t.atlas.Card(backSprite), x, y, scale, turn, alpha)
		return
	}
	t.drawSprite(c, face(t.atlas, card), x, y, scale, turn, alpha)
}

func (t *Table) glow(c *scenes.Canvas, x, y, scale float64) {
	t.drawSprite(c, t.atlas.CardGlow(), x, y, scale*1.08, 0, 1)
}

func (t *Table) drawTopBar(c *scenes.Canvas, pal *scenes.Palette) {
	c.FillRect(0, 0, scenes.ScreenWidth, topBarH, fade(pal.BackdropDeep, 0.7))
	c.Text("Ninjan", 20, topBarH/2, scenes.TextStyle{Size: 28, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter})
	round := max(t.pic.round, 1)
	c.Text(fmt.Sprintf("Round %d of %d", round, ninjan.Rounds), 130, topBarH/2, scenes.TextStyle{Size: 22, Color: pal.Text, VAlign: text.AlignCenter})
	c.Text(t.prompt(), 640, topBarH/2, scenes.TextStyle{Size: 22, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	for _, b := range []struct {
		x     float64
		label string
	}{{rulesBtnX, "? Rules"}, {menuBtX, "Menu"}} {
		c.RoundRect(b.x, buttonY, buttonW, buttonH, 10, pal.Panel)
		c.StrokeRoundRect(b.x, buttonY, buttonW, buttonH, 10, 2, pal.PanelEdge)
		c.Text(b.label, b.x+buttonW/2, buttonY+buttonH/2, scenes.TextStyle{Size: 20, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

// prompt says what the table waits for.
func (t *Table) prompt() string {
	if t.err != "" {
		return t.err
	}
	if !t.Idle() {
		if t.cur != nil && t.cur.ev.Kind == ninjan.EventResolving {
			return t.seatName(int(t.cur.ev.Seat)) + "'s " + cardName(t.cur.ev.Card) + " resolves"
		}
		return ""
	}
	switch t.game.Phase() {
	case ninjan.PhasePlay:
		return "Everyone chooses a card at once"
	case ninjan.PhaseClaim:
		return t.seatName(t.game.Resolving()) + ": claim one of the piles your card beats"
	case ninjan.PhasePlace:
		return t.seatName(t.game.Resolving()) + ": your card beats no top — place it on a pile"
	case ninjan.PhaseDecider:
		return "Tie! Rock-paper-scissors decides the winner"
	}
	return "Game over"
}

func (t *Table) drawSeat(c *scenes.Canvas, pal *scenes.Palette, s int) {
	x, y, w, h := seatBox(s, t.players)
	clr := pal.Seats[s%len(pal.Seats)]
	c.RoundRect(x, y, w, h, 12, pal.Panel)
	edge, lw := fade(pal.PanelEdge, 0.8), 2.0
	if t.pic.current == s || t.Idle() && t.game.Resolving() == s {
		edge, lw = pal.Accent, 4
	}
	if t.pic.winners&(1<<s) != 0 {
		edge, lw = pal.Accent, 5
	}
	c.StrokeRoundRect(x, y, w, h, 12, lw, edge)
	c.RoundRect(x, y, 8, h, 4, clr)
	t.drawSprite(c, t.atlas.Seat(s), x+34, y+28, 0.8, 0, 1)
	name := t.seatName(s)
	c.Text(name, x+60, y+28, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	c.Text(fmt.Sprintf("%+d", t.pic.points[s]), x+20, y+66, scenes.TextStyle{Size: 30, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	c.Text(fmt.Sprintf("%d taken · %d in hand", t.pic.taken[s], t.pic.dealt[s]), x+84, y+66,
		scenes.TextStyle{Size: 15, Color: pal.TextDim, VAlign: text.AlignCenter})
	cx, cy := seatCardPos(s, t.players)
	switch {
	case t.pic.contenders&(1<<s) != 0 || t.pic.throws[s] != rulesets.NoSymbol:
		t.drawThrow(c, pal, s, cx, cy)
	case t.cur != nil && t.cur.hide.chosen == s:
	case t.pic.played[s] != (ninjan.Card{}):
		// The card is in the lane: say where it stands in the order.
		t.drawSprite(c, t.atlas.CardSlot(), cx, cy, 0.42, 0, 0.6)
		c.Text(fmt.Sprintf("#%d", t.pic.laneIndex(s)+1), cx, cy, scenes.TextStyle{Size: 20, Bold: true, Color: pal.Accent, Align: text.AlignCenter, VAlign: text.AlignCenter})
	case t.pic.chosen[s]:
		t.drawCard(c, ninjan.Card{}, cx, cy, 0.42, 0, 1)
	default:
		t.drawSprite(c, t.atlas.CardSlot(), cx, cy, 0.42, 0, 0.6)
	}
	if t.Idle() && t.owes(s) {
		word := "choosing…"
		if !t.isHuman(s) {
			word = "thinking…"
		}
		c.Text(word, x+w-68, y+18, scenes.TextStyle{Size: 14, Color: pal.Accent, Align: text.AlignEnd, VAlign: text.AlignCenter})
	}
}

// owes reports whether seat owes an action now.
func (t *Table) owes(seat int) bool {
	return slices.Contains(t.owe, seat)
}

// drawThrow shows a seat's decider throw: the gesture once revealed, a
// closed fist shaking while hidden, nothing if the seat is out.
func (t *Table) drawThrow(c *scenes.Canvas, pal *scenes.Palette, s int, x, y float64) {
	switch {
	case t.pic.throws[s] != rulesets.NoSymbol:
		t.drawSprite(c, t.atlas.Gesture(t.pic.throws[s]), x, y, 0.4, 0, 1)
	case t.pic.thrown[s]:
		t.drawSprite(c, t.atlas.Gesture(rulesets.Rock), x, y-4*abs(float64(t.tick%20)-10)/10, 0.4, 0, 0.7)
	case t.pic.contenders&(1<<s) != 0:
		c.Text("?", x, y, scenes.TextStyle{Size: 30, Bold: true, Color: pal.Accent, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

// drawLegend is the always-visible reminder of which suit beats which and
// of the order of resolution.
func (t *Table) drawLegend(c *scenes.Canvas, pal *scenes.Palette) {
	x, y := legendX, sideTop
	scenes.Panel(c, pal, x, y, legendW, 282)
	c.Text("Who beats whom", x+legendW/2, y+22, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Accent, Align: text.AlignCenter, VAlign: text.AlignCenter})
	ink := t.atlas.Palette().SymbolInk
	for i, s := range rulesets.Symbols {
		ry := y + 66 + float64(i)*54
		v := s.Victim()
		t.drawSprite(c, t.atlas.Symbol(s), x+36, ry, 0.6, 0, 1)
		c.Text("beats", x+legendW/2, ry-8, scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
		c.Text("→", x+legendW/2, ry+10, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
		t.drawSprite(c, t.atlas.Symbol(v), x+legendW-36, ry, 0.6, 0, 1)
		c.Text(suitName(s), x+36, ry+26, scenes.TextStyle{Size: 12, Color: ink[s-1].Fill, Align: text.AlignCenter, VAlign: text.AlignCenter})
		c.Text(suitName(v), x+legendW-36, ry+26, scenes.TextStyle{Size: 12, Color: ink[v-1].Fill, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
	st := scenes.TextStyle{Size: 14, Color: pal.TextDim}
	c.Lines([]string{"Cards resolve high to low.", "Same value: the winning", "suit first; three alike:", "Rock, Scissors, Paper."}, x+14, y+214, 16, st)
}

func (t *Table) drawLane(c *scenes.Canvas, pal *scenes.Palette) {
	n := t.pic.laneN
	if n == 0 {
		return
	}
	lx, _ := lanePos(0, n)
	st := scenes.TextStyle{Size: 16, Bold: true, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignCenter}
	c.Text("Order of play,", lx-44, laneY-10, st)
	c.Text("high to low", lx-44, laneY+10, st)
	for i := range n {
		seat := t.pic.lane[i]
		x, y := lanePos(i, n)
		clr := pal.Seats[seat%len(pal.Seats)]
		c.Circle(x, y+50, 7, clr)
		c.Text(fmt.Sprint(i+1), x-24, y-36, scenes.TextStyle{Size: 14, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
		if t.pic.played[seat] == (ninjan.Card{}) || t.cur != nil && t.cur.hide.laneSeat == seat {
			t.drawSprite(c, t.atlas.CardSlot(), x, y, laneScale, 0, 0.4)
			continue
		}
		if t.pic.current == seat {
			t.glow(c, x, y, laneScale)
		}
		t.drawCard(c, t.pic.played[seat], x, y, laneScale, 0, 1)
	}
}

func (t *Table) drawPile(c *scenes.Canvas, pal *scenes.Palette, p int) {
	cards := t.pic.piles[p]
	hidden := t.cur != nil && t.cur.hide.pile == p
	choice, chosen := t.pileChoice(p)
	if len(cards) == 0 || hidden {
		x, y := pileCardPos(p, 0, 1)
		t.drawSprite(c, t.atlas.CardSlot(), x, y, pileScale, 0, 0.6)
	} else {
		for i, card := range cards {
			x, y := pileCardPos(p, i, len(cards))
			if i == len(cards)-1 && (choice || t.beatenNow(card)) {
				t.glow(c, x, y, pileScale)
			}
			t.drawCard(c, card, x, y, pileScale, 0, 1)
		}
	}
	pts := 0
	for _, card := range cards {
		pts += int(card.Value)
	}
	label := fmt.Sprintf("Pile %d · %d cards · %+d", p+1, len(cards), pts)
	if len(cards) == 1 {
		label = fmt.Sprintf("Pile %d · 1 card · %+d", p+1, pts)
	}
	clr := pal.TextDim
	if chosen {
		clr = pal.Accent
	}
	if hidden {
		label = fmt.Sprintf("Pile %d", p+1)
	}
	c.Text(label, pileX(p), pileLabelY, scenes.TextStyle{Size: 17, Bold: chosen, Color: clr, Align: text.AlignCenter, VAlign: text.AlignCenter})
	if chosen {
		c.StrokeRoundRect(pileX(p)-112, pileTop-8, 224, pileLabelY+14-pileTop+8, 14, 3, pal.Accent)
	}
}

// beatenNow reports whether the card resolving in the current show beats
// top, so the table can point at the piles it may take.
func (t *Table) beatenNow(top ninjan.Card) bool {
	return t.cur != nil && t.cur.ev.Kind == ninjan.EventResolving && t.cur.ev.Card.Suit.Beats(top.Suit)
}

// pileChoice reports whether pile p is one the human resolving now may
// choose, and whether it is the one highlighted.
func (t *Table) pileChoice(p int) (choice, highlighted bool) {
	if !t.Idle() {
		return false, false
	}
	seat := t.game.Resolving()
	if seat < 0 || !t.isHuman(seat) {
		return false, false
	}
	legal := t.game.Legal(seat, t.legal[:0])
	k := pileChoice(legal, p)
	if k < 0 {
		return false, false
	}
	cur := t.cursor[seat]
	if t.hover >= 0 {
		cur = t.hover
	}
	return true, k == min(max(cur, 0), len(legal)-1)
}

func (t *Table) drawLog(c *scenes.Canvas, pal *scenes.Palette) {
	scenes.Panel(c, pal, logX, sideTop, logW, sideBottom-sideTop)
	c.Text("Game log", logX+16, sideTop+22, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter})
	const lineH, maxLines = 19.0, 17
	first := max(0, len(t.log)-maxLines)
	y := sideTop + 50
	for _, l := range t.log[first:] {
		c.Text(l, logX+14, y, scenes.TextStyle{Size: 15, Color: pal.Text, VAlign: text.AlignCenter})
		y += lineH
	}
}

// drawHandArea shows the hand (or the decider's throws) of the seat the
// privacy rules allow, or says why none is shown.
func (t *Table) drawHandArea(c *scenes.Canvas, pal *scenes.Palette) {
	seat := t.shownSeat()
	if seat < 0 {
		msg := "Hands stay hidden until their player's turn"
		if t.humanCount() == 0 {
			msg = "Bots at play"
		}
		c.Text(msg, 640, handY, scenes.TextStyle{Size: 22, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
		return
	}
	v := t.game.View(seat)
	label := t.seatName(seat) + "'s hand"
	c.Text(label, 24, 560, scenes.TextStyle{Size: 16, Bold: true, Color: pal.Seats[seat%len(pal.Seats)]})
	acting := t.Idle() && t.owes(seat) && t.mayAct(seat)
	if v.Phase == ninjan.PhaseDecider && v.Contenders&(1<<seat) != 0 {
		t.drawThrows(c, pal, seat, acting && !v.Thrown[seat])
		return
	}
	n := v.Hand.Len()
	cur := t.cursor[seat]
	if t.hover >= 0 {
		cur = t.hover
	}
	for i := range n {
		x, y := handPos(i, n)
		card := v.Hand.Nth(i)
		if acting && v.Phase == ninjan.PhasePlay && i == min(max(cur, 0), n-1) {
			y -= handRaise
			t.glow(c, x, y, 1)
		}
		t.drawCard(c, card, x, y, 1, 0, 1)
	}
	if mine := v.Played[seat]; mine.Valid() && v.Phase == ninjan.PhasePlay {
		c.Text("You chose "+cardName(mine), 24, 584, scenes.TextStyle{Size: 15, Color: pal.TextDim})
	}
	if acting && v.Phase == ninjan.PhasePlay {
		// Two short lines: a full hand's first card starts at x ≈ 160.
		c.Lines([]string{"Left/Right, Confirm", "or click a card"}, 24, 608, 16, scenes.TextStyle{Size: 13, Color: pal.TextDim})
	}
}

// drawThrows draws the decider's four buttons for seat.
func (t *Table) drawThrows(c *scenes.Canvas, pal *scenes.Palette, seat int, acting bool) {
	cur := t.cursor[seat]
	if t.hover >= 0 {
		cur = t.hover
	}
	labels := [4]string{"Rock", "Paper", "Scissors", "At random"}
	for i := range 4 {
		x, y, w, h := throwBox(i)
		bg, edge := pal.Panel, pal.PanelEdge
		if acting && i == cur {
			edge = pal.Accent
		}
		c.RoundRect(x, y, w, h, 14, bg)
		c.StrokeRoundRect(x, y, w, h, 14, 3, edge)
		if i < 3 {
			t.drawSprite(c, t.atlas.Gesture(rulesets.Symbols[i]), x+w/2, y+44, 0.42, 0, 1)
		} else {
			c.Text("?", x+w/2, y+44, scenes.TextStyle{Size: 48, Bold: true, Color: pal.Accent, Align: text.AlignCenter, VAlign: text.AlignCenter})
		}
		c.Text(labels[i], x+w/2, y+h-16, scenes.TextStyle{Size: 16, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
	if !acting {
		c.Text("Waiting for the other throws…", 640, handY+throwH/2+20, scenes.TextStyle{Size: 16, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

func (t *Table) drawFlights(c *scenes.Canvas) {
	if t.cur == nil {
		return
	}
	for i := range t.cur.flights {
		f := &t.cur.flights[i]
		if t.cur.elapsed < f.delay {
			continue
		}
		x, y, scale, face, turn := f.at(t.cur.elapsed, t.cur.ticks)
		card := f.card
		if !face {
			card = ninjan.Card{}
		}
		t.drawCard(c, card, x, y, scale, turn, 1)
	}
}

// drawBanner announces a new round, the decider and the end.
func (t *Table) drawBanner(c *scenes.Canvas, pal *scenes.Palette) {
	var msg string
	alpha := 1.0
	switch {
	case t.cur != nil && t.cur.ev.Kind == ninjan.EventRoundStart:
		msg = fmt.Sprintf("Round %d", t.cur.ev.Round)
		alpha = 1 - t.cur.progress()*t.cur.progress()
	case t.cur != nil && t.cur.ev.Kind == ninjan.EventDeciderStart:
		msg = "Tie! Rock, paper, scissors…"
	case t.pic.over:
		msg = "Game over"
	default:
		return
	}
	st := scenes.TextStyle{Size: 54, Bold: true, Color: fade(pal.Accent, alpha), Align: text.AlignCenter, VAlign: text.AlignCenter}
	w := scenes.TextWidth(msg, st) + 80
	c.RoundRect(640-w/2, 350, w, 90, 24, fade(pal.BackdropDeep, 0.8*alpha))
	c.Text(msg, 640, 395, st)
}

// fade returns clr with its alpha multiplied by a (premultiplied).
func fade(clr color.RGBA, a float64) color.RGBA {
	a = min(max(a, 0), 1)
	return color.RGBA{uint8(float64(clr.R) * a), uint8(float64(clr.G) * a), uint8(float64(clr.B) * a), uint8(float64(clr.A) * a)}
}
