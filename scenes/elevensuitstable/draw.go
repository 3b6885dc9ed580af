package elevensuitstable

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/sprites"
)

// Draw implements scenes.Scene. It asks the game only for the view of the
// seat the screen may show (or the spectator's).
func (t *Table) Draw(c *scenes.Canvas) {
	pal := t.d.Palette()
	if t.atlas == nil {
		c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, pal.BackdropDeep)
		return
	}
	shown, v, ok := t.drawnView()
	if !ok {
		seat, _ := t.gate.Curtain()
		privacy.DrawCurtain(c, pal, seat, "")
		return
	}
	t.atlas.DrawFelt(c.Image())
	t.drawTopBar(c, pal, &v)
	t.drawDeck(c, pal, &v)
	for seat := range v.Config.Players {
		t.drawSeat(c, pal, &v, seat)
	}
	t.drawBattle(c, &v)
	for _, f := range t.flights {
		t.drawFlight(c, f)
	}
	t.drawChoices(c, pal, &v)
	t.drawBanner(c, pal)
	if t.peek.card != es.NoCard && t.tick < t.peek.until && shown == t.peek.seat {
		scenes.Panel(c, pal, 340, 240, 300, 250)
		c.Text("You see", 490, 270, scenes.TextStyle{Size: 22, Color: pal.Text, Align: text.AlignCenter})
		t.card(c, face(t.atlas, t.peek.card), 490, 390, 1.1, 0)
	}
	t.drawLog(c, pal)
	if !t.solo() && t.gate.Mode() == privacy.Peek {
		privacy.DrawPeekHint(c, pal, t.gate, "")
	}
	if t.router.Paused() {
		msg := privacy.SeatName(t.router.Waiting()) + ": press a button on your controller to go on"
		st := scenes.TextStyle{Size: 24, Bold: true, Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter}
		w := scenes.TextWidth(msg, st) + 60
		c.RoundRect(480-w/2, 300, w, 60, 16, pal.Panel)
		c.Text(msg, 480, 330, st)
	}
	if t.err != "" && t.tick < t.errAt+120 {
		st := scenes.TextStyle{Size: 20, Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter}
		c.RoundRect(80, 660, 800, 40, 12, pal.Panel)
		c.Text(t.err, 480, 680, st)
	}
}

// drawnView returns the view the screen shows now, and whose it is: the
// seat the privacy gate shows, or the spectator (-1). It is false while
// the hand-off curtain hides the table.
func (t *Table) drawnView() (seat int, v es.View, ok bool) {
	if _, up := t.gate.Curtain(); up && !t.solo() {
		return -1, es.View{}, false
	}
	seat = t.shownSeat()
	return seat, t.game.View(seat), true
}

// card draws a sprite centred at logical (x, y); turn squashes it as it
// turns over.
func (t *Table) card(c *scenes.Canvas, s sprites.Sprite, x, y, scale, turn float64) {
	scenes.DrawSprite(c, s, sprites.Place{X: x, Y: y, Scale: scale, Turn: turn})
}

// back returns the back of a card of suit (-1: unseen).
func (t *Table) back(suit int8) sprites.Sprite {
	if suit < 0 {
		return t.atlas.Card(plainBack)
	}
	return suitBack(t.atlas, int(suit))
}

// slotSprite is a card as the shown seat sees it: its face if up.
func (t *Table) slotSprite(sl es.Slot) sprites.Sprite {
	if sl.Up && sl.Card.Valid() {
		return face(t.atlas, sl.Card)
	}
	return t.back(sl.Suit)
}

// drawSlot draws a card place, with the memory aid's mark when it is on.
func (t *Table) drawSlot(c *scenes.Canvas, pal *scenes.Palette, sl es.Slot, x, y, s float64) {
	t.card(c, t.slotSprite(sl), x, y, s, 0)
	if t.opts.MemoryAid && !sl.Up && sl.Card.Valid() {
		r := 15 * s / 0.6
		bx, by := x+38*s, y-56*s
		c.Circle(bx, by, r, color.RGBA{0xfa, 0xf6, 0xe8, 0xff})
		scenes.DrawSymbol(c, sl.Card.Symbol(), bx, by, r*1.5, 0, pal.Symbol(sl.Card.Symbol()))
	}
}

func (t *Table) drawTopBar(c *scenes.Canvas, pal *scenes.Palette, v *es.View) {
	c.FillRect(0, 0, scenes.ScreenWidth, 40, pal.Panel)
	c.Text("Eleven Suits", 16, 20, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	status := fmt.Sprintf("Turn %d", v.Turn)
	if v.Config.Players == 3 {
		order := "1 > 2 > 3"
		if v.Dir < 0 {
			order = "3 > 2 > 1"
		}
		status += "   play passes " + order
	}
	if t.opts.MemoryAid {
		status += "   memory aid on"
	}
	c.Text(status, 480, 20, scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	keys := "F1 rules   Esc menu"
	if t.networked {
		keys = "Esc leave" // a network match cannot pause for one machine
	}
	c.Text(keys, scenes.ScreenWidth-16, 20,
		scenes.TextStyle{Size: 18, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignCenter})
}

func (t *Table) drawDeck(c *scenes.Canvas, pal *scenes.Palette, v *es.View) {
	deck := v.DeckSlots()
	st := scenes.TextStyle{Size: 18, Color: pal.Text, Align: text.AlignCenter}
	if len(deck) == 0 {
		c.Text("deck empty", deckX, deckY, st)
		return
	}
	for i := min(len(deck)-1, 3); i > 0; i-- { // a little depth under the top card
		t.card(c, t.back(-1), deckX+float64(i)*2, deckY+float64(i)*2, deckScale, 0)
	}
	t.drawSlot(c, pal, deck[0], deckX, deckY, deckScale)
	c.Text(fmt.Sprintf("deck %d", len(deck)), deckX, deckY+66, st)
	if removed := v.RemovedSlots(); len(removed) > 0 {
		c.Text(fmt.Sprintf("%d removed, unseen", len(removed)), deckX, deckY+92,
			scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignCenter})
	}
}

func (t *Table) drawSeat(c *scenes.Canvas, pal *scenes.Palette, v *es.View, seat int) {
	p := t.place(seat)
	clr := pal.Seats[seat%len(pal.Seats)]
	label := t.seatLabel(seat)
	switch {
	case v.Out[seat]:
		label += " — out"
	case v.Phase != es.PhaseOpening && seat == v.Attacker && v.Phase != es.PhaseOver:
		label += " — attacking"
	}
	c.Circle(p.lx+8, p.ly+10, 7, clr)
	c.Text(label, p.lx+22, p.ly+10, scenes.TextStyle{Size: 19, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	lives := fmt.Sprintf("graveyard %d/5", v.GraveLen[seat])
	c.Text(lives, p.lx+22, p.ly+32, scenes.TextStyle{Size: 15, Color: pal.TextDim, VAlign: text.AlignCenter})
	for i, sl := range v.Grave(seat) {
		if t.hidden(slotKey{pileGrave, int8(seat), int8(i)}) {
			continue
		}
		x, y, s := t.gravePos(seat, i)
		t.drawSlot(c, pal, sl, x, y, s)
	}
	hand := v.Hand(seat)
	acting := t.actingSeat()
	for i, sl := range hand {
		if t.hidden(slotKey{pileHand, int8(seat), int8(i)}) {
			continue
		}
		x, y, s := t.handPos(seat, i, len(hand))
		if seat == acting && t.cursorOnHand(seat, i) {
			y -= 20
			t.card(c, t.atlas.CardGlow(), x, y, s, 0)
		}
		t.drawSlot(c, pal, sl, x, y, s)
	}
}

// actingSeat is the human seat choosing now on this screen, or -1.
func (t *Table) actingSeat() int {
	if t.tick < t.busy {
		return -1
	}
	for _, s := range t.owe {
		if t.bots[s] == nil && t.mayAct(s) {
			return s
		}
	}
	return -1
}

// cursorOnHand reports whether the cursor rests on card i of seat's hand
// (its own, or the guesser's when it picks a card to see).
func (t *Table) cursorOnHand(seat, i int) bool {
	ph := t.game.Phase()
	return (ph == es.PhaseAttack || ph == es.PhaseDefend) && t.cursor == i
}

func (t *Table) drawBattle(c *scenes.Canvas, v *es.View) {
	if v.Attack.Suit >= 0 && !t.hidden(slotKey{pile: pileAttack}) {
		t.card(c, t.slotSprite(v.Attack), attX, battleY, battleScale, 0)
	}
	b := &t.battle
	if b.def == es.NoCard || t.tick >= b.until {
		return
	}
	t.drawReveal(c, b)
	if t.tick >= b.revealAt { // the answer has landed
		t.card(c, face(t.atlas, b.def), defX, battleY, battleScale, 0)
	}
}

// drawReveal turns the attacking card over: squashed to its edge, then
// opening on its face.
func (t *Table) drawReveal(c *scenes.Canvas, b *battle) {
	if b.att == es.NoCard {
		return
	}
	const flip = 12
	d := float64(t.tick - b.revealAt)
	switch {
	case d < 0:
		t.card(c, t.back(int8(b.att.Suit())), attX, battleY, battleScale, 0)
	case d < flip/2:
		t.card(c, t.back(int8(b.att.Suit())), attX, battleY, battleScale, d/(flip/2))
	case d < flip:
		t.card(c, face(t.atlas, b.att), attX, battleY, battleScale, 1-(d-flip/2)/(flip/2))
	default:
		t.card(c, face(t.atlas, b.att), attX, battleY, battleScale, 0)
	}
}

func (t *Table) drawFlight(c *scenes.Canvas, f flight) {
	if t.tick < f.start || t.tick >= f.end {
		return
	}
	k := scenes.CubicInOut(float64(t.tick-f.start) / float64(f.end-f.start))
	x, y, s := f.x0+(f.x1-f.x0)*k, f.y0+(f.y1-f.y0)*k, f.s0+(f.s1-f.s0)*k
	spr := t.back(f.suit)
	if f.up && f.card.Valid() {
		spr = face(t.atlas, f.card)
	}
	t.card(c, spr, x, y, s, 0)
}

// drawChoices draws what the acting human may choose, and the prompt.
func (t *Table) drawChoices(c *scenes.Canvas, pal *scenes.Palette, v *es.View) {
	seat := t.actingSeat()
	prompt := t.prompt(v, seat)
	if prompt != "" {
		y := promptY
		if v.Phase == es.PhaseNaming && seat >= 0 {
			y = gridY - 40 // over the grid
		}
		c.Text(prompt, 480, y, scenes.TextStyle{Size: 22, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
	if seat < 0 {
		return
	}
	switch v.Phase {
	case es.PhaseOpening:
		for i, o := range t.options(seat, t.opts2[:0]) {
			bg := pal.Panel
			if i == t.cursor {
				bg = pal.Accent
			}
			c.RoundRect(o.x, o.y, o.w, o.h, 18, bg)
			scenes.DrawSymbol(c, rulesets.Symbols[i], o.x+o.w/2, o.y+o.h/2, 70, 0, pal.Symbol(rulesets.Symbols[i]))
		}
	case es.PhaseAttack:
		for i, o := range t.options(seat, t.opts2[:0]) {
			if o.action.Kind != es.Guess {
				continue
			}
			bg, fg := pal.Panel, pal.Text
			if i == t.cursor {
				bg, fg = pal.Accent, pal.AccentText
			}
			c.RoundRect(o.x, o.y, o.w, o.h, 12, bg)
			c.Text("Guess: "+privacy.SeatName(int(o.action.Target)), o.x+o.w/2, o.y+o.h/2,
				scenes.TextStyle{Size: 18, Bold: true, Color: fg, Align: text.AlignCenter, VAlign: text.AlignCenter})
		}
	case es.PhasePenalty:
		if o := t.options(seat, t.opts2[:0]); t.cursor < len(o) {
			x, y := o[t.cursor].x+o[t.cursor].w/2, o[t.cursor].y+o[t.cursor].h/2
			c.StrokeRoundRect(x-o[t.cursor].w/2, y-o[t.cursor].h/2, o[t.cursor].w, o[t.cursor].h, 8, 4, pal.Accent)
		}
	case es.PhaseNaming:
		t.drawGrid(c, pal, v)
	}
}

func (t *Table) prompt(v *es.View, seat int) string {
	if seat < 0 {
		switch {
		case v.Phase == es.PhaseOver:
			return ""
		case t.tick < t.busy:
			return ""
		case len(t.owe) > 0 && t.bots[t.owe[0]] != nil:
			return t.seatLabel(t.owe[0]) + " is thinking…"
		case len(t.owe) > 0 && t.networked && !t.humans.Sees(t.owe[0]):
			return "Waiting for " + t.seatLabel(t.owe[0]) + "…"
		}
		return ""
	}
	switch v.Phase {
	case es.PhaseOpening:
		return "Who attacks first? Throw rock, paper or scissors"
	case es.PhaseAttack:
		def := privacy.SeatName(v.Target)
		for p := 1; p <= v.Config.Players; p++ {
			q := ((seat+v.Dir*p)%v.Config.Players + v.Config.Players) % v.Config.Players
			if !v.Out[q] {
				def = privacy.SeatName(q)
				break
			}
		}
		return "Your attack on " + def + ": play a card face down"
	case es.PhaseDefend:
		return fmt.Sprintf("Defend against the %s card: answer face up", suitName(v.Attack.Suit))
	case es.PhaseNaming:
		return fmt.Sprintf("Name five cards of %s's hand and graveyard (%d/5)", privacy.SeatName(v.Target), v.NamedLen)
	case es.PhasePenalty:
		return "Narr! Pick one card of " + privacy.SeatName(v.Attacker) + "'s hand to see"
	}
	return ""
}

func (t *Table) drawGrid(c *scenes.Canvas, pal *scenes.Palette, v *es.View) {
	suits := v.Config.Suits
	scenes.Panel(c, pal, gridX-12, gridY-16, float64(suits)*gridCellW+24, 3*gridCellH+22)
	for s := range suits {
		for y, sym := range rulesets.Symbols {
			x0, y0 := gridCell(s, y)
			cd := es.MakeCard(s, sym)
			if s == t.gridS && y == t.gridY {
				c.RoundRect(x0+2, y0+2, gridCellW-4, gridCellH-4, 10, pal.Accent)
			}
			t.card(c, face(t.atlas, cd), x0+gridCellW/2, y0+gridCellH/2, gridScale, 0)
			for _, n := range v.Named[:v.NamedLen] {
				if n == cd { // named already: veiled
					c.RoundRect(x0+12, y0+6, gridCellW-24, gridCellH-12, 6, pal.Panel)
					c.Text("named", x0+gridCellW/2, y0+gridCellH/2, scenes.TextStyle{Size: 16, Bold: true,
						Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter})
				}
			}
		}
	}
}

func (t *Table) drawBanner(c *scenes.Canvas, pal *scenes.Palette) {
	if t.banner == "" || t.tick < t.bannerAt || t.tick >= t.bannerAt+bannerTime {
		return
	}
	st := scenes.TextStyle{Size: 28, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	w := scenes.TextWidth(t.banner, st) + 60
	c.RoundRect(480-w/2, 232, w, 54, 16, pal.Panel)
	c.Text(t.banner, 480, 259, st)
}

func (t *Table) drawLog(c *scenes.Canvas, pal *scenes.Palette) {
	scenes.Panel(c, pal, logX, logY, logW, logH)
	c.Text("Game log", logX+16, logY+22, scenes.TextStyle{Size: 20, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	// In a small window the log keeps a readable size and shows fewer lines.
	size := 15 * min(1.6, max(1, 0.8/c.Scale()))
	lineH := size * 4 / 3
	// Under the heading, the variant being played.
	dim := scenes.TextStyle{Size: size, Color: pal.TextDim}
	rules := scenes.WrapText(nil, rulesLine(t.game.Config()), dim, logW-28)
	top := c.Lines(rules, logX+14, logY+42, lineH, dim) + 8
	st := scenes.TextStyle{Size: size, Color: pal.Text}
	visible := int((logY + logH - 10 - top) / lineH)
	var lines []string
	for i := len(t.log) - 1; i >= 0 && len(lines) < visible; i-- {
		wrapped := scenes.WrapText(nil, t.log[i], st, logW-28)
		lines = append(wrapped, lines...)
	}
	if len(lines) > visible {
		lines = lines[len(lines)-visible:]
	}
	c.Lines(lines, logX+14, top, lineH, st)
}
