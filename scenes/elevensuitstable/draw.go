package elevensuitstable

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/sprites"
)

// Draw implements cardtable.Table: the table as v's viewer may see it.
func (t *table) Draw(c *scenes.Canvas, st *cardtable.Status, v *es.View) {
	pal := t.d.Palette()
	if t.atlas == nil {
		c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, pal.BackdropDeep)
		return
	}
	acting := t.acting(st, v)
	carried := t.carried(st, acting)
	scenes.DrawFelt(c, t.atlas)
	t.drawTopBar(c, pal, st, v)
	t.drawDeck(c, pal, v)
	for seat := range v.Config.Players {
		t.drawSeat(c, pal, st, v, seat, acting, carried)
	}
	t.drawBattle(c, v, st.Tick)
	for _, f := range t.flights {
		t.drawFlight(c, f, st.Tick)
	}
	t.drawChoices(c, pal, st, v, acting)
	if carried >= 0 {
		t.drawCarried(c, pal, v, acting, carried)
	}
	t.drawBanner(c, pal, st.Tick)
	if t.peek.card != es.NoCard && st.Tick < t.peek.until && v.Viewer() == t.peek.seat {
		scenes.Panel(c, pal, 340, 240, 300, 250)
		c.Text("You see", 490, 270, t.text(scenes.TextStyle{Size: 22, Color: pal.Text, Align: text.AlignCenter}))
		t.card(c, face(t.atlas, t.peek.card), 490, 390, 1.1, 0)
	}
	t.drawLog(c, pal, st, v)
}

// acting returns v's viewer if it chooses now on this screen, or -1;
// legal then holds its choices.
func (t *table) acting(st *cardtable.Status, v *es.View) int {
	if st.Acting < 0 || st.Acting != v.Viewer() {
		return -1
	}
	if t.legal = v.Legal(t.legal[:0]); len(t.legal) == 0 {
		return -1 // it has just chosen: the table is about to move
	}
	return st.Acting
}

// card draws a sprite centred at logical (x, y); turn squashes it as it
// turns over.
func (t *table) card(c *scenes.Canvas, s sprites.Sprite, x, y, scale, turn float64) {
	scenes.DrawSprite(c, s, sprites.Place{X: x, Y: y, Scale: scale, Turn: turn})
}

// back returns the back of a card of suit (-1: unseen).
func (t *table) back(suit int8) sprites.Sprite {
	if suit < 0 {
		return t.atlas.Card(plainBack)
	}
	return suitBack(t.atlas, int(suit))
}

// slotSprite is a card as the shown seat sees it: its face if up.
func (t *table) slotSprite(sl es.Slot) sprites.Sprite {
	if sl.Up && sl.Card.Valid() {
		return face(t.atlas, sl.Card)
	}
	return t.back(sl.Suit)
}

// drawSlot draws a card place, with the memory aid's mark when it is on.
func (t *table) drawSlot(c *scenes.Canvas, pal *scenes.Palette, sl es.Slot, x, y, s float64) {
	t.card(c, t.slotSprite(sl), x, y, s, 0)
	if t.memory && !sl.Up && sl.Card.Valid() {
		r := 15 * s / 0.6
		bx, by := x+38*s, y-56*s
		c.Circle(bx, by, r, color.RGBA{0xfa, 0xf6, 0xe8, 0xff})
		scenes.DrawSymbol(c, sl.Card.Symbol(), bx, by, r*1.5, 0, pal.Symbol(sl.Card.Symbol()))
	}
}

// drawTopBar draws the game's name and its status: the opening throw, the
// turn, or once the game is over (a replay sought to its end too), who won.
func (t *table) drawTopBar(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status, v *es.View) {
	c.FillRect(0, 0, scenes.ScreenWidth, 40, pal.Panel)
	c.Text("Eleven Suits", 16, 20, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	status := fmt.Sprintf("Turn %d", v.Turn)
	if v.Phase == es.PhaseOpening {
		status = "Opening throw" // no turn has begun
	}
	if v.Phase == es.PhaseOver {
		winners := 0
		for _, w := range v.Won {
			if w {
				winners++
			}
		}
		verb := " wins"
		if winners > 1 {
			verb = " win"
		}
		status = "Game over: " + st.WhoList(func(seat int) bool { return seat < len(v.Won) && v.Won[seat] }) + verb
	} else if v.Config.Players == 3 {
		order := "1 > 2 > 3"
		if v.Dir < 0 {
			order = "3 > 2 > 1"
		}
		status += "   play passes " + order
	}
	if t.memory {
		status += "   memory aid on"
	}
	// Centred, clear of the game's name on the left.
	c.Text(status, 480, 20, t.grown(scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}, status, 600))
}

// text returns st as the table sets it at the interface size: small
// text grows with it (scenes.TableText).
func (t *table) text(st scenes.TextStyle) scenes.TextStyle {
	return scenes.TableText(st, t.d.UIScale())
}

// grown returns st as text sets it, made smaller if need be so that s
// fits in room (scenes.TableTextFit).
func (t *table) grown(st scenes.TextStyle, s string, room float64) scenes.TextStyle {
	return scenes.TableTextFit(st, t.d.UIScale(), s, room)
}

func (t *table) drawDeck(c *scenes.Canvas, pal *scenes.Palette, v *es.View) {
	deck := v.DeckSlots()
	st := t.text(scenes.TextStyle{Size: 18, Color: pal.Text, Align: text.AlignCenter})
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
		msg := fmt.Sprintf("%d removed, unseen", len(removed))
		c.Text(msg, deckX, deckY+66+st.Size+8, t.grown(scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignCenter}, msg, 180))
	}
}

// carried returns the place in the acting seat's hand of the card the
// pointer carries, or -1: only while Input follows the drag, this tick.
func (t *table) carried(st *cardtable.Status, acting int) int {
	if acting < 0 || !t.drag.Active() || t.dragTick != st.Tick {
		return -1
	}
	if i := t.nodes.carried(&t.drag, t.choice); i >= 0 {
		return t.choice[i].slot
	}
	return -1
}

// drawCarried draws card slot of seat's hand where the pointer carries it,
// and rings the middle of the table while the card is over it.
func (t *table) drawCarried(c *scenes.Canvas, pal *scenes.Palette, v *es.View, seat, slot int) {
	if t.drag.Target == t.nodes.battle {
		b := t.nodes.battle
		c.StrokeRoundRect(b.X-b.W/2, b.Y-b.H/2, b.W, b.H, 16, 4, pal.Accent)
	}
	x, y, s := t.handPos(seat, slot, v.HandLen[seat])
	y -= 20 // raised, as under the cursor it was picked up from
	dx, dy := t.drag.Offset()
	t.card(c, t.atlas.CardGlow(), x+dx, y+dy, s, 0)
	t.drawSlot(c, pal, v.Hand(seat)[slot], x+dx, y+dy, s)
}

// drawSeat draws seat's name, graveyard and hand, all but the hand card
// at carried (-1: none), which the pointer carries.
func (t *table) drawSeat(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status, v *es.View, seat, acting, carried int) {
	p := t.place(seat)
	clr := pal.Seats[seat%len(pal.Seats)]
	label := st.Names[seat]
	switch {
	case v.Out[seat]:
		label += " — out"
	case v.Phase != es.PhaseOpening && seat == v.Attacker && v.Phase != es.PhaseOver:
		label += " — attacking"
	}
	c.Circle(p.lx+8, p.ly+10, 7, clr)
	t.drawLabel(c, pal, v, seat, label)
	for i, sl := range v.Grave(seat) {
		if t.hidden(slotKey{pileGrave, int8(seat), int8(i)}, st.Tick) {
			continue
		}
		x, y, s := t.gravePos(seat, i)
		t.drawSlot(c, pal, sl, x, y, s)
	}
	hand := v.Hand(seat)
	for i, sl := range hand {
		if t.hidden(slotKey{pileHand, int8(seat), int8(i)}, st.Tick) || seat == acting && i == carried {
			continue
		}
		x, y, s := t.handPos(seat, i, len(hand))
		if seat == acting && t.cursorOnHand(v, i) {
			y -= 20
			t.card(c, t.atlas.CardGlow(), x, y, s, 0)
		}
		t.drawSlot(c, pal, sl, x, y, s)
	}
}

// cursorOnHand reports whether the cursor rests on card i of the acting
// seat's own hand (not the guesser's, whose card it picks to see).
func (t *table) cursorOnHand(v *es.View, i int) bool {
	return (v.Phase == es.PhaseAttack || v.Phase == es.PhaseDefend) && t.cursor == i
}

func (t *table) drawBattle(c *scenes.Canvas, v *es.View, tick int64) {
	if v.Attack.Suit >= 0 && !t.hidden(slotKey{pile: pileAttack}, tick) {
		t.card(c, t.slotSprite(v.Attack), attX, battleY, battleScale, 0)
	}
	b := &t.battle
	if b.def == es.NoCard || tick >= b.until {
		return
	}
	t.drawReveal(c, b, tick)
	if tick >= b.revealAt { // the answer has landed
		t.card(c, face(t.atlas, b.def), defX, battleY, battleScale, 0)
	}
}

// drawReveal turns the attacking card over: squashed to its edge, then
// opening on its face.
func (t *table) drawReveal(c *scenes.Canvas, b *battle, tick int64) {
	if b.att == es.NoCard {
		return
	}
	const flip = 12
	d := float64(tick - b.revealAt)
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

func (t *table) drawFlight(c *scenes.Canvas, f flight, tick int64) {
	if tick < f.start || tick >= f.end {
		return
	}
	k := scenes.CubicInOut(float64(tick-f.start) / float64(f.end-f.start))
	x, y, s := f.x0+(f.x1-f.x0)*k, f.y0+(f.y1-f.y0)*k, f.s0+(f.s1-f.s0)*k
	spr := t.back(f.suit)
	if f.up && f.card.Valid() {
		spr = face(t.atlas, f.card)
	}
	t.card(c, spr, x, y, s, 0)
}

// drawLabel draws seat's label and how full its graveyard is: below
// the label, or beside it if the text has grown and the seat's hand
// leaves no room below.
func (t *table) drawLabel(c *scenes.Canvas, pal *scenes.Palette, v *es.View, seat int, label string) {
	p := t.place(seat)
	// Room to the next seat's label or the log, whichever is nearer.
	name := t.grown(scenes.TextStyle{Size: 19, Bold: true, Color: pal.Text, VAlign: text.AlignCenter}, label, 344)
	lives := fmt.Sprintf("graveyard %d/5", v.GraveLen[seat])
	st := t.grown(scenes.TextStyle{Size: 15, Color: pal.TextDim, VAlign: text.AlignCenter}, lives, 344)
	y := p.ly + 10 + name.Size/2 + 5 + st.Size/2
	hx, hy, hs := t.handPos(seat, 0, v.HandLen[seat])
	clear := hx-sprites.CardWidth*hs/2 > p.lx+22+scenes.TextWidth(lives, st)+8 || y+st.Size/2+2 <= hy-sprites.CardHeight*hs/2
	if !clear && t.d.UIScale() > 1 {
		// Beside: up to the log or the seat to the right, the label
		// made smaller with it if need be, as the line is theirs to
		// share.
		right := logX - 8
		if p.lx < 500 {
			right = 590 - 8
		}
		w := scenes.TextWidth(label, name) + 16 + scenes.TextWidth(lives, st)
		if k := (right - (p.lx + 22)) / w; k < 1 {
			name.Size, st.Size = max(19, name.Size*k), max(15, st.Size*k)
		}
		c.Text(label, p.lx+22, p.ly+10, name)
		c.Text(lives, p.lx+22+scenes.TextWidth(label, name)+16, p.ly+10, st)
		return
	}
	c.Text(label, p.lx+22, p.ly+10, name)
	c.Text(lives, p.lx+22, y, st)
}

// drawChoices draws what the acting human may choose, and the prompt.
func (t *table) drawChoices(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status, v *es.View, seat int) {
	prompt := t.prompt(st, v, seat)
	if prompt != "" {
		y := promptY
		if v.Phase == es.PhaseNaming && seat >= 0 {
			y = gridY - 40 // over the grid
		}
		c.Text(prompt, 480, y, t.grown(scenes.TextStyle{Size: 22, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}, prompt, 920))
	}
	if seat < 0 {
		return
	}
	t.choice = t.options(v, t.legal, t.choice[:0])
	switch v.Phase {
	case es.PhaseOpening:
		for i, o := range t.choice {
			bg := pal.Panel
			if i == t.cursor {
				bg = pal.Accent
			}
			c.RoundRect(o.x, o.y, o.w, o.h, 18, bg)
			sym := o.action.Symbol
			scenes.DrawSymbol(c, sym, o.x+o.w/2, o.y+o.h/2, 70, 0, pal.Symbol(sym))
		}
	case es.PhaseAttack:
		for i, o := range t.choice {
			if o.action.Kind != es.Guess {
				continue
			}
			bg, fg := pal.Panel, pal.Text
			if i == t.cursor {
				bg, fg = pal.Accent, pal.AccentText
			}
			c.RoundRect(o.x, o.y, o.w, o.h, 12, bg)
			guess := "Guess: " + st.Who[o.action.Target]
			c.Text(guess, o.x+o.w/2, o.y+o.h/2, t.grown(scenes.TextStyle{Size: 18, Bold: true, Color: fg, Align: text.AlignCenter, VAlign: text.AlignCenter}, guess, o.w-12))
		}
	case es.PhasePenalty:
		if o := t.choice; t.cursor < len(o) {
			x, y := o[t.cursor].x+o[t.cursor].w/2, o[t.cursor].y+o[t.cursor].h/2
			c.StrokeRoundRect(x-o[t.cursor].w/2, y-o[t.cursor].h/2, o[t.cursor].w, o[t.cursor].h, 8, 4, pal.Accent)
		}
	case es.PhaseNaming:
		t.drawGrid(c, pal, v)
	}
}

// prompt is what the table asks of seat, the human choosing (-1: who
// is awaited, if it is nobody at this screen).
func (t *table) prompt(st *cardtable.Status, v *es.View, seat int) string {
	if seat < 0 {
		t.owe = v.ToAct(t.owe[:0])
		switch {
		case st.Tick < t.busy || len(t.owe) == 0 || st.Humans.Sees(t.owe[0]):
			return ""
		case st.Networked:
			return "Waiting for " + st.Names[t.owe[0]] + "…"
		}
		return st.Names[t.owe[0]] + " is thinking…"
	}
	switch v.Phase {
	case es.PhaseOpening:
		return "Who attacks first? Throw rock, paper or scissors"
	case es.PhaseAttack:
		return "Your attack on " + st.Who[v.Defender(seat)] + ": play a card face down"
	case es.PhaseDefend:
		return fmt.Sprintf("Defend against the %s card: answer face up", suitName(v.Attack.Suit))
	case es.PhaseNaming:
		return fmt.Sprintf("Name five cards of %s's hand and graveyard (%d/5)", st.Who[v.Target], v.NamedLen)
	case es.PhasePenalty:
		return "Narr! Pick one card of " + st.Who[v.Attacker] + "'s hand to see"
	}
	return ""
}

func (t *table) drawGrid(c *scenes.Canvas, pal *scenes.Palette, v *es.View) {
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
					c.Text("named", x0+gridCellW/2, y0+gridCellH/2, t.grown(scenes.TextStyle{Size: 16, Bold: true,
						Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter}, "named", gridCellW-28))
				}
			}
		}
	}
}

func (t *table) drawBanner(c *scenes.Canvas, pal *scenes.Palette, tick int64) {
	if t.banner == "" || tick < t.bannerAt || tick >= t.bannerAt+bannerTime {
		return
	}
	st := scenes.TextStyle{Size: 28, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	w := scenes.TextWidth(t.banner, st) + 60
	c.RoundRect(480-w/2, 232, w, 54, 16, pal.Panel)
	c.Text(t.banner, 480, 259, st)
}

func (t *table) drawLog(c *scenes.Canvas, pal *scenes.Palette, status *cardtable.Status, v *es.View) {
	scenes.Panel(c, pal, logX, logY, logW, logH)
	c.Text("Game log", logX+16, logY+22, t.text(scenes.TextStyle{Size: 20, Bold: true, Color: pal.Text, VAlign: text.AlignCenter}))
	// In a small window the log keeps a readable size and shows fewer
	// lines; it grows with the interface size too.
	size := max(15*min(1.6, max(1, 0.8/c.Scale())), t.text(scenes.TextStyle{Size: 15}).Size)
	lineH := size * 4 / 3
	// Under the heading, the variant being played.
	dim := scenes.TextStyle{Size: size, Color: pal.TextDim}
	rules := scenes.WrapText(nil, rulesLine(v.Config), dim, logW-28)
	top := c.Lines(rules, logX+14, logY+42, lineH, dim) + 8
	st := scenes.TextStyle{Size: size, Color: pal.Text}
	bottom := logY + logH - 10.0
	if status.PeekHint {
		bottom = hintY - 8
	}
	visible := int((bottom - top) / lineH)
	var lines []string
	log := status.Lines()
	for i := len(log) - 1; i >= 0 && len(lines) < visible; i-- {
		wrapped := scenes.WrapText(nil, log[i], st, logW-28)
		lines = append(wrapped, lines...)
	}
	if len(lines) > visible {
		lines = lines[len(lines)-visible:]
	}
	c.Lines(lines, logX+14, top, lineH, st)
}
