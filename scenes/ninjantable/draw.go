package ninjantable

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/sprites"
)

// Draw implements cardtable.Table: the table as v's viewer may see it,
// the public game from the picture the events have built so far, the
// choices owed from v, and v's hand if it is a seat's.
func (t *table) Draw(c *scenes.Canvas, st *cardtable.Status, v *ninjan.View) {
	if t.atlas == nil {
		return // drawn once Update has painted the deck
	}
	pal := t.d.Palette()
	t.owe = t.owe[:0]
	if t.idle() {
		t.owe = v.ToAct(t.owe)
	}
	t.drawChrome(c, pal)
	t.drawTopBar(c, pal, st, v)
	for s := range t.pic.players {
		t.drawSeat(c, pal, st, v, s)
	}
	t.drawLane(c, pal)
	for p := range ninjan.NumPiles {
		t.drawPile(c, pal, st, p)
	}
	t.drawLog(c, pal, st)
	t.drawHandArea(c, pal, st, v)
	t.drawFlights(c)
	t.drawBanner(c, pal)
}

// chromeKey is what the table's chrome is drawn from.
type chromeKey struct {
	atlas   *sprites.Atlas
	ready   bool // the atlas painted whole
	pal     *scenes.Palette
	players int
	ui      float64 // the interface scale its text is set at
}

// drawChrome draws what changes only with the palette and the players:
// the felt, the top bar, the seats' panels, the legend and the log's
// panel, from a layer painted once; the rest is drawn over it each
// frame.
func (t *table) drawChrome(c *scenes.Canvas, pal *scenes.Palette) {
	key := chromeKey{t.atlas, t.atlas.Ready(), pal, t.pic.players, t.d.UIScale()}
	t.chrome.Cover(c, key, func(c *scenes.Canvas) {
		scenes.DrawFelt(c, t.atlas)
		c.FillRect(0, 0, scenes.ScreenWidth, topBarH, fade(pal.BackdropDeep, 0.7))
		c.Text("Ninjan", 20, topBarH/2, scenes.TextStyle{Size: 28, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter})
		for s := range key.players {
			x, y, w, h := seatBox(s, key.players)
			c.RoundRect(x, y, w, h, 12, pal.Panel)
			t.drawSprite(c, t.atlas.Seat(s), x+34, y+28, 0.8, 0, 1)
		}
		t.drawLegend(c, pal)
		scenes.Panel(c, pal, logX, sideTop, logW, sideBottom-sideTop)
		c.Text("Game log", logX+16, sideTop+22, t.text(scenes.TextStyle{Size: 18, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter}))
	})
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

// drawSprite draws s centred at (x, y) at scale, squashed by turn (0 flat,
// 1 edge-on) and with alpha.
func (t *table) drawSprite(c *scenes.Canvas, s sprites.Sprite, x, y, scale, turn, alpha float64) {
	if scale <= 0 {
		return // shrunk to nothing (a Place's zero scale means 1)
	}
	scenes.DrawSprite(c, s, sprites.Place{X: x, Y: y, Scale: scale, Turn: turn, Fade: 1 - alpha})
}

// drawCard draws card face up (its back for the zero Card).
func (t *table) drawCard(c *scenes.Canvas, card ninjan.Card, x, y, scale, turn, alpha float64) {
	t.drawSprite(c, t.atlas.CardShadow(), x+3*scale, y+5*scale, scale, turn, alpha*0.8)
	if card == (ninjan.Card{}) {
		t.drawSprite(c, t.atlas.Card(backSprite), x, y, scale, turn, alpha)
		return
	}
	t.drawSprite(c, face(t.atlas, card), x, y, scale, turn, alpha)
}

func (t *table) glow(c *scenes.Canvas, x, y, scale float64) {
	t.drawSprite(c, t.atlas.CardGlow(), x, y, scale*1.08, 0, 1)
}

// drawTopBar draws the title, the round and the prompt; the runner's
// Rules and Menu buttons go on its right.
func (t *table) drawTopBar(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status, v *ninjan.View) {
	// The bar and the game's name are the chrome's (drawChrome).
	round := max(t.pic.round, 1)
	rs := t.text(scenes.TextStyle{Size: 22, Color: pal.Text, VAlign: text.AlignCenter})
	rounds := fmt.Sprintf("Round %d of %d", round, ninjan.Rounds)
	c.Text(rounds, 130, topBarH/2, rs)
	// Centred between the round and the runner's buttons (x ≥ 1020).
	prompt := t.prompt(st, v)
	left := 130 + scenes.TextWidth(rounds, rs) + 24
	room := 2 * min(640-left, 1020-640)
	c.Text(prompt, 640, topBarH/2, t.grown(scenes.TextStyle{Size: 22, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}, prompt, room))
}

// prompt says what the table waits for.
func (t *table) prompt(st *cardtable.Status, v *ninjan.View) string {
	if !t.idle() {
		if t.cur != nil && t.cur.ev.Kind == ninjan.EventResolving {
			return st.Names[t.cur.ev.Seat] + "'s " + cardName(t.cur.ev.Card) + " resolves"
		}
		return ""
	}
	switch v.Phase {
	case ninjan.PhasePlay:
		return "Everyone chooses a card at once"
	case ninjan.PhaseClaim:
		return st.Names[v.Resolving()] + ": claim one of the piles your card beats"
	case ninjan.PhasePlace:
		return st.Names[v.Resolving()] + ": your card beats no top — place it on a pile"
	case ninjan.PhaseDecider:
		return "Tie! Rock-paper-scissors decides the winner"
	}
	return "Game over"
}

func (t *table) drawSeat(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status, v *ninjan.View, s int) {
	x, y, w, h := seatBox(s, t.pic.players)
	clr := pal.Seats[s%len(pal.Seats)]
	// The panel and its badge are the chrome's (drawChrome).
	edge, lw := fade(pal.PanelEdge, 0.8), 2.0
	if t.pic.current == s || t.idle() && v.Resolving() == s {
		edge, lw = pal.Accent, 4
	}
	if t.pic.winners&(1<<s) != 0 {
		edge, lw = pal.Accent, 5
	}
	c.StrokeRoundRect(x, y, w, h, 12, lw, edge)
	c.RoundRect(x, y, 8, h, 4, clr)
	t.drawName(c, pal, st.Names[s], x+60, y, nameRoom(w))
	c.Text(fmt.Sprintf("%+d", t.pic.points[s]), x+20, y+66, t.text(scenes.TextStyle{Size: 30, Bold: true, Color: pal.Text, VAlign: text.AlignCenter}))
	counts := fmt.Sprintf("%d taken · %d in hand", t.pic.taken[s], t.pic.dealt[s])
	cs := t.grown(scenes.TextStyle{Size: 15, Color: pal.TextDim, VAlign: text.AlignCenter}, counts, w-84-64)
	c.Text(counts, x+84, y+66+0.3*max(0, cs.Size-15), cs) // lower as it grows, clear of a qualifier
	cx, cy := seatCardPos(s, t.pic.players)
	switch {
	case t.pic.contenders&(1<<s) != 0 || t.pic.throws[s] != rulesets.NoSymbol:
		t.drawThrow(c, pal, st, s, cx, cy)
	case t.cur != nil && t.cur.hide.chosen == s:
	case t.pic.played[s] != (ninjan.Card{}):
		// The card is in the lane: say where it stands in the order.
		t.drawSprite(c, t.atlas.CardSlot(), cx, cy, 0.42, 0, 0.6)
		c.Text(fmt.Sprintf("#%d", t.pic.laneIndex(s)+1), cx, cy, t.text(scenes.TextStyle{Size: 20, Bold: true, Color: pal.Accent, Align: text.AlignCenter, VAlign: text.AlignCenter}))
	case t.pic.chosen[s]:
		t.drawCard(c, ninjan.Card{}, cx, cy, 0.42, 0, 1)
	default:
		t.drawSprite(c, t.atlas.CardSlot(), cx, cy, 0.42, 0, 0.6)
	}
	if slices.Contains(t.owe, s) {
		// Along the panel's top edge, above the name (which may take
		// the panel's width and two lines).
		aw := st.Awaiting(s)
		c.Text(aw, x+w-68, y+8, t.grown(scenes.TextStyle{Size: 13, Color: pal.Accent, Align: text.AlignEnd, VAlign: text.AlignCenter}, aw, w-68-60))
	}
}

// drawName draws a seat's name on its panel at x, top y, in room, as
// large as the interface size asks and room allows.
func (t *table) drawName(c *scenes.Canvas, pal *scenes.Palette, name string, x, y, room float64) {
	k := t.d.UIScale()
	first, second := nameLines(name, room, k)
	if second == "" {
		c.Text(first, x, y+28, scenes.TableTextFit(nameStyle(pal), k, first, room))
		return
	}
	// Two lines: higher up as they grow, clear of the counts below.
	st, q := scenes.TableTextFit(nameStyle(pal), k, first, room), scenes.TableTextFit(qualifierStyle(pal), k, second, room)
	top := y + 22 - 8*max(0, k-1)
	c.Text(first, x, top, st)
	c.Text(second, x, top+st.Size/2+q.Size/2+4, q)
}

// nameLines splits a seat's name for its panel: one line if it fits in
// room at interface scale k, else the name and its qualifier ("(medium
// bot)") below.
func nameLines(name string, room, k float64) (first, second string) {
	i := strings.Index(name, " (")
	if i < 0 || scenes.TextWidth(name, scenes.TableText(nameStyle(nil), k)) <= room {
		return name, ""
	}
	return name[:i], name[i+1:]
}

// nameStyle and qualifierStyle set a seat's name and its qualifier in
// pal's colours (none for measuring).
func nameStyle(pal *scenes.Palette) scenes.TextStyle {
	st := scenes.TextStyle{Size: 18, Bold: true, VAlign: text.AlignCenter}
	if pal != nil {
		st.Color = pal.Text
	}
	return st
}

func qualifierStyle(pal *scenes.Palette) scenes.TextStyle {
	st := scenes.TextStyle{Size: 14, VAlign: text.AlignCenter}
	if pal != nil {
		st.Color = pal.TextDim
	}
	return st
}

// drawThrow shows a seat's decider throw: the gesture once revealed, a
// closed fist shaking while hidden, nothing if the seat is out.
func (t *table) drawThrow(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status, s int, x, y float64) {
	switch {
	case t.pic.throws[s] != rulesets.NoSymbol:
		t.drawSprite(c, t.atlas.Gesture(t.pic.throws[s]), x, y, 0.4, 0, 1)
	case t.pic.thrown[s]:
		t.drawSprite(c, t.atlas.Gesture(rulesets.Rock), x, y-4*abs(float64(st.Tick%20)-10)/10, 0.4, 0, 0.7)
	case t.pic.contenders&(1<<s) != 0:
		c.Text("?", x, y, scenes.TextStyle{Size: 30, Bold: true, Color: pal.Accent, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

// drawLegend is the always-visible reminder of which suit beats which and
// of the order of resolution.
func (t *table) drawLegend(c *scenes.Canvas, pal *scenes.Palette) {
	x, y, lw := legendX, sideTop, t.legendWidth()
	// The note below the pairs, wrapped, as large as the interface size
	// asks and the column down to the hand's label allows.
	note := t.text(scenes.TextStyle{Size: 14, Color: pal.TextDim})
	body := legendNote
	if t.d.UIScale() > 1 {
		body = strings.ReplaceAll(body, "\n", " ") // flowing: the lines set for 100% break badly larger
	}
	var lines []string
	for ; ; note.Size -= 0.5 {
		lines = scenes.WrapText(lines[:0], body, note, lw-28)
		if y+legendHeight(len(lines), note.Size) <= legendBottom || note.Size <= 14*min(1, t.d.UIScale()) {
			break
		}
	}
	lineH := note.Size * 8 / 7
	scenes.Panel(c, pal, x, y, lw, legendHeight(len(lines), note.Size))
	c.Text("Who beats whom", x+lw/2, y+22, t.grown(scenes.TextStyle{Size: 18, Bold: true, Color: pal.Accent, Align: text.AlignCenter, VAlign: text.AlignCenter}, "Who beats whom", lw-20))
	ink := t.atlas.Palette().SymbolInk
	for i, s := range rulesets.Symbols {
		ry := y + 66 + float64(i)*54
		v := s.Victim()
		t.drawSprite(c, t.atlas.Symbol(s), x+36, ry, 0.6, 0, 1)
		c.Text("beats", x+lw/2, ry-8, t.text(scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}))
		c.Text("→", x+lw/2, ry+10, t.text(scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}))
		t.drawSprite(c, t.atlas.Symbol(v), x+lw-36, ry, 0.6, 0, 1)
		// The suits' names under their symbols, each in a column 68 wide.
		name := t.text(scenes.TextStyle{Size: 12, Align: text.AlignCenter, VAlign: text.AlignCenter})
		name.Color = ink[s-1].Fill
		c.Text(suitName(s), x+36, ry+20+name.Size/2, name.Fit(suitName(s), 68))
		name.Color = ink[v-1].Fill
		c.Text(suitName(v), x+lw-36, ry+20+name.Size/2, name.Fit(suitName(v), 68))
	}
	c.Lines(lines, x+14, y+214, lineH, note)
}

// legendWidth returns the legend's width: wider as the interface grows,
// into the room left of the piles.
func (t *table) legendWidth() float64 { return legendW + 48*max(0, t.d.UIScale()-1) }

// handColumn is the width of the column left of a full hand, for its
// label and hints.
const handColumn = 134.0

// legendHeight is the height of the legend with a note of n lines set at
// size (lines 8/7 of it apart): 282 at 100%.
func legendHeight(n int, size float64) float64 {
	return 214 + float64(n-1)*size*8/7 + size + 6
}

// legendNote is the legend's note on the order of resolution.
const legendNote = "Cards resolve high to low.\nSame value: the winning\nsuit first; three alike:\nRock, Scissors, Paper."

// legendBottom is as low as the legend reaches: above the hand's label.
const legendBottom = 548.0

func (t *table) drawLane(c *scenes.Canvas, pal *scenes.Palette) {
	n := t.pic.laneN
	if n == 0 {
		return
	}
	lx, _ := lanePos(0, n)
	st := t.grown(scenes.TextStyle{Size: 16, Bold: true, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignCenter}, "Order of play,", lx-44-(legendX+t.legendWidth()+12))
	c.Text("Order of play,", lx-44, laneY-st.Size*5/8, st)
	c.Text("high to low", lx-44, laneY+st.Size*5/8, st)
	for i := range n {
		seat := t.pic.lane[i]
		x, y := lanePos(i, n)
		switch {
		case t.pic.played[seat] == (ninjan.Card{}) || t.cur != nil && t.cur.hide.laneSeat == seat:
			t.drawSprite(c, t.atlas.CardSlot(), x, y, laneScale, 0, 0.4)
		default:
			if t.pic.current == seat {
				t.glow(c, x, y, laneScale)
			}
			t.drawCard(c, t.pic.played[seat], x, y, laneScale, 0, 1)
		}
		// Under the card, over its glow, a badge in its owner's colour
		// gives its place in the order (above it, the card would cover
		// the number).
		st := t.text(scenes.TextStyle{Size: 13, Bold: true, Color: pal.SeatInk[seat%len(pal.SeatInk)], Align: text.AlignCenter, VAlign: text.AlignCenter})
		c.Circle(x, y+laneBadgeDY, laneBadgeR*st.Size/13, pal.Seats[seat%len(pal.Seats)])
		c.Text(fmt.Sprint(i+1), x, y+laneBadgeDY, st)
	}
}

func (t *table) drawPile(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status, p int) {
	cards := t.pic.piles[p]
	hidden := t.cur != nil && t.cur.hide.pile == p
	offer, k := t.offered(st)
	choice := pileChoice(offer, p)
	chosen := choice >= 0 && choice == k
	if len(cards) == 0 || hidden {
		x, y := pileCardPos(p, 0, 1)
		t.drawSprite(c, t.atlas.CardSlot(), x, y, pileScale, 0, 0.6)
	} else {
		for i, card := range cards {
			x, y := pileCardPos(p, i, len(cards))
			if i == len(cards)-1 && (choice >= 0 || t.beatenNow(card)) {
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
	c.Text(label, pileX(p), pileLabelY, t.grown(scenes.TextStyle{Size: 17, Bold: chosen, Color: clr, Align: text.AlignCenter, VAlign: text.AlignCenter}, label, 208))
	if chosen {
		c.StrokeRoundRect(pileX(p)-112, pileTop-8, 224, pileLabelY+14-pileTop+8, 14, 3, pal.Accent)
	}
}

// beatenNow reports whether the card resolving in the current show beats
// top, so the table can point at the piles it may take.
func (t *table) beatenNow(top ninjan.Card) bool {
	return t.cur != nil && t.cur.ev.Kind == ninjan.EventResolving && t.cur.ev.Card.Suit.Beats(top.Suit)
}

// drawLog writes the newest entries of the log on its panel (the
// chrome's).
func (t *table) drawLog(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status) {
	// The newest entries that fit, each wrapped to the panel, a
	// continued line indented.
	const indent = 12.0
	style := t.text(scenes.TextStyle{Size: 15, Color: pal.Text, VAlign: text.AlignCenter})
	lineH := style.Size * 19 / 15
	bottom := sideBottom
	if st.PeekHint {
		bottom = hintY - 8
	}
	maxRows := int((bottom - sideTop - 50 + lineH/2) / lineH)
	width := logW - 28 - indent
	log := st.Lines()
	first, rows := len(log), 0
	for ; first > 0; first-- {
		t.rows = scenes.WrapText(t.rows[:0], log[first-1], style, width)
		if rows+len(t.rows) > maxRows {
			break
		}
		rows += len(t.rows)
	}
	y := sideTop + 50
	for _, entry := range log[first:] {
		t.rows = scenes.WrapText(t.rows[:0], entry, style, width)
		for i, row := range t.rows {
			c.Text(row, logX+14+indent*float64(min(i, 1)), y, style)
			y += lineH
		}
	}
}

// drawHandArea shows the hand (or the decider's throws) of v's seat, or
// says why none is shown.
func (t *table) drawHandArea(c *scenes.Canvas, pal *scenes.Palette, st *cardtable.Status, v *ninjan.View) {
	seat := v.Viewer()
	if seat < 0 {
		msg := "Hands stay hidden until their player's turn"
		if st.Humans == 0 {
			msg = "Bots at play"
		}
		c.Text(msg, 640, handY, t.text(scenes.TextStyle{Size: 22, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}))
		return
	}
	// The column left of the hand: its label, then what was chosen or
	// how to choose, each wrapped to the column.
	labelSt := t.text(scenes.TextStyle{Size: 16, Bold: true, Color: pal.Seats[seat%len(pal.Seats)]})
	y := c.Lines(scenes.WrapText(t.rows[:0], st.Names[seat]+"'s hand", labelSt, handColumn), 24, 560, labelSt.Size*1.25, labelSt)
	// The options are the seat's to take only while it owes one: not on
	// the tick it took one.
	offer, cur := t.offered(st)
	acting := len(offer) > 0 && st.Acting == seat && slices.Contains(t.owe, seat)
	if v.Phase == ninjan.PhaseDecider && v.Contenders&(1<<seat) != 0 {
		t.drawThrows(c, pal, acting, cur)
		return
	}
	n := v.Hand.Len()
	carried, dx, dy := t.targets.carrying(st.Tick)
	key := handKey{t.atlas, t.atlas.Ready(), v.Hand, -1, -1}
	if acting {
		key.carried = carried
		if v.Phase == ninjan.PhasePlay {
			key.raised = cur
		}
	}
	t.drawHand(c, key)
	if acting && carried >= 0 && carried < n {
		x, y := handPos(carried, n)
		t.glow(c, x+dx, y+dy, 1)
		t.drawCard(c, v.Hand.Nth(carried), x+dx, y+dy, 1, 0, 1)
	}
	y += 8 * t.d.UIScale()
	if mine := v.Played[seat]; mine.Valid() && v.Phase == ninjan.PhasePlay {
		chose := t.text(scenes.TextStyle{Size: 15, Color: pal.TextDim})
		y = c.Lines(scenes.WrapText(t.rows[:0], "You chose "+cardName(mine), chose, handColumn), 24, y, chose.Size*1.25, chose)
	}
	if acting && v.Phase == ninjan.PhasePlay && !t.d.TouchOnly() { // keys mean nothing on a phone
		// Short lines: a full hand's first card starts at x ≈ 160.
		keys := st.KeyName(seat, rulesets.ButtonLeft) + "/" + st.KeyName(seat, rulesets.ButtonRight) + ", " + st.KeyName(seat, rulesets.ButtonConfirm)
		hint := t.text(scenes.TextStyle{Size: 13, Color: pal.TextDim})
		t.rows = scenes.WrapText(t.rows[:0], keys, hint, handColumn)
		t.rows = scenes.WrapText(t.rows, "or click a card", hint, handColumn)
		c.Lines(t.rows, 24, y, hint.Size*16/13, hint)
	}
}

// handKey is what a hand's cards are drawn from.
type handKey struct {
	atlas   *sprites.Atlas
	ready   bool // the atlas painted whole
	hand    ninjan.CardSet
	raised  int // the card lifted and lit (-1: none)
	carried int // the card left out, drawn where it is carried (-1: none)
}

// drawHand draws the cards of key's hand from a layer painted when the
// hand or its highlight changes: each card and its shadow are drawn
// turned and filtered, and a full hand covers a good part of the screen.
func (t *table) drawHand(c *scenes.Canvas, key handKey) {
	n := key.hand.Len()
	if n == 0 {
		return
	}
	// Room for the shadows, the lifted card and its glow.
	const pad = 30.0
	left, _ := handPos(0, n)
	right, _ := handPos(n-1, n)
	x0, y0 := left-sprites.CardWidth/2-pad, handY-sprites.CardHeight/2-handRaise-pad
	x1, y1 := right+sprites.CardWidth/2+pad, handY+sprites.CardHeight/2+pad
	t.hand.Draw(c, x0, y0, x1-x0, y1-y0, key, func(c *scenes.Canvas) {
		for i := range n {
			if i == key.carried {
				continue // drawn over the table
			}
			x, y := handPos(i, n)
			if i == key.raised {
				y -= handRaise
				t.glow(c, x, y, 1)
			}
			t.drawCard(c, key.hand.Nth(i), x, y, 1, 0, 1)
		}
	})
}

// drawThrows draws the decider's four buttons, cur highlighted if the
// seat is acting.
func (t *table) drawThrows(c *scenes.Canvas, pal *scenes.Palette, acting bool, cur int) {
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
		c.Text(labels[i], x+w/2, y+h-16, t.grown(scenes.TextStyle{Size: 16, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}, labels[i], w-16))
	}
	if !acting {
		c.Text("Waiting for the other throws…", 640, handY+throwH/2+20, t.text(scenes.TextStyle{Size: 16, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}))
	}
}

func (t *table) drawFlights(c *scenes.Canvas) {
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
func (t *table) drawBanner(c *scenes.Canvas, pal *scenes.Palette) {
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
