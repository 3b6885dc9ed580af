package thatsminetable

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/settings"
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
	logLines   = 17
	logLineH   = 22.0
	buttonH    = 40.0
	tokenScale = 0.6
)

// rect is a hit area in logical pixels.
type rect struct{ x, y, w, h float64 }

func (r rect) contains(x, y float64) bool {
	return r.w > 0 && x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h
}

// hitAreas are where the pointer can act, as last drawn.
type hitAreas struct {
	menu, rules, minus, plus, play rect
	cards                          [10]rect
}

func withAlpha(c color.RGBA, a float64) color.RGBA {
	a = math.Max(0, math.Min(1, a))
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

// drawSprite draws an atlas sprite at a logical place through the canvas.
func drawSprite(c *scenes.Canvas, s sprites.Sprite, p sprites.Place) {
	img := s.Image()
	if img == nil || p.Fade >= 1 {
		return
	}
	scale := p.Scale
	if scale == 0 {
		scale = 1
	}
	w, h := s.Size()
	b := img.Bounds()
	tw, th := float64(b.Dx()), float64(b.Dy())
	var geo ebiten.GeoM
	geo.Translate(-tw/2, -th/2)
	geo.Scale(scale*w/tw*(1-p.Turn), scale*h/th)
	geo.Rotate(p.Rotation)
	geo.Translate(p.X, p.Y)
	c.DrawImage(img, geo, 1-p.Fade)
}

// ensureAtlas builds the sprites once, again when the palette changes.
func (t *Table) ensureAtlas() *sprites.Atlas {
	want := t.d.Settings().Palette
	if t.atlas == nil || t.atlasFor != *t.d.Palette() {
		t.releaseAtlas()
		p := sprites.Standard()
		if want == settings.ColourBlind {
			p = sprites.ColourBlind()
		}
		t.atlas, t.atlasFor = sprites.NewAtlas(p), *t.d.Palette()
	}
	return t.atlas
}

func (t *Table) releaseAtlas() {
	if t.atlas != nil {
		t.atlas.Release()
		t.atlas = nil
	}
}

// Draw implements scenes.Scene.
func (t *Table) Draw(c *scenes.Canvas) {
	pal := t.d.Palette()
	a := t.ensureAtlas()
	drawSprite(c, a.Felt(), sprites.Place{X: scenes.ScreenWidth / 2, Y: scenes.ScreenHeight / 2})
	for seat := range t.board.players {
		t.drawSeat(c, pal, a, seat)
	}
	t.drawCentre(c, pal, a)
	t.drawHand(c, pal, a)
	t.drawSide(c, pal)
	if seat, ok := t.gate.Curtain(); ok && !t.show.busy(t.now) {
		privacy.DrawCurtain(c, pal, seat, "")
	}
}

// seatBox returns seat's column on the table.
func (t *Table) seatBox(seat int) (x, w float64) {
	w = (tableW - 16) / float64(t.board.players)
	return 8 + w*float64(seat), w
}

func (t *Table) drawSeat(c *scenes.Canvas, pal *scenes.Palette, a *sprites.Atlas, seat int) {
	b := &t.board
	x, w := t.seatBox(seat)
	cx := x + w/2
	seatClr := pal.Seats[seat%len(pal.Seats)]
	inTier := b.tierSeats.Has(seat) && t.show.busy(t.now)
	c.RoundRect(x+4, seatTop, w-8, seatH, 14, withAlpha(pal.Panel, 0.86))
	if inTier {
		c.StrokeRoundRect(x+4, seatTop, w-8, seatH, 14, 4, pal.Accent)
	}
	if b.winners.Has(seat) {
		c.StrokeRoundRect(x+4, seatTop, w-8, seatH, 14, 6, seatClr)
	}
	c.RoundRect(x+4, seatTop, w-8, 8, 4, seatClr)
	c.Text(t.seatName(seat), cx, seatTop+34, scenes.TextStyle{Size: 24, Bold: true, Color: seatClr, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text(t.seatKind(seat), cx, seatTop+60, scenes.TextStyle{Size: 16, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	drawSprite(c, a.Token(), sprites.Place{X: cx - 26, Y: seatTop + 94, Scale: tokenScale})
	c.Text(fmt.Sprint(b.tokens[seat]), cx-6, seatTop+94, scenes.TextStyle{Size: 28, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})

	// The play card: an empty slot, face down once chosen, face up once its
	// tier is revealed; lit when it survives, dimmed when beaten.
	switch {
	case b.revealed[seat]:
		card := b.cards[seat]
		knocked := b.knocked.Has(card)
		if b.survivor == seat && !knocked {
			pulse := 1 + 0.04*math.Sin(float64(t.now)/6)
			drawSprite(c, a.CardGlow(), sprites.Place{X: cx, Y: cardY, Scale: seatScale * pulse})
		}
		turn := 0.0
		if t.revealing(seat) {
			turn = 1 - t.show.progress(t.now)*2
		}
		place := sprites.Place{X: cx, Y: cardY, Scale: seatScale}
		if turn > 0 {
			place.Turn = turn
			drawSprite(c, a.Back(sprites.ThatsMine), place)
		} else {
			place.Turn = -turn
			if knocked {
				place.Fade = 0.55
			}
			drawSprite(c, a.ThatsMineCard(int(card)), place)
		}
		if knocked && turn <= 0 {
			c.Text("out", cx, cardY+62, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter})
		}
	case b.chosen[seat]:
		drawSprite(c, a.Back(sprites.ThatsMine), sprites.Place{X: cx, Y: cardY, Scale: seatScale})
	default:
		drawSprite(c, a.CardSlot(), sprites.Place{X: cx, Y: cardY, Scale: seatScale})
		msg := "choosing…"
		if t.bots[seat] != nil {
			msg = "thinking…"
		}
		if !t.show.busy(t.now) && !t.game.Over() {
			c.Text(msg, cx, cardY, scenes.TextStyle{Size: 16, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
		}
	}

	// The wager: a closed fist until all wagers flip together.
	switch {
	case b.wagersUp:
		c.Circle(cx, wagerY, 22, pal.Accent)
		c.Text(fmt.Sprint(b.wagers[seat]), cx, wagerY, scenes.TextStyle{Size: 24, Bold: true, Color: pal.AccentText, Align: text.AlignCenter, VAlign: text.AlignCenter})
	case b.chosen[seat]:
		c.Circle(cx, wagerY, 22, pal.PanelEdge)
		c.Text("?", cx, wagerY, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

// revealing reports whether seat's card is turning over in this beat.
func (t *Table) revealing(seat int) bool {
	for _, e := range t.show.cur.events {
		if e.Kind == tm.EventReveal && e.Seat == seat {
			return t.show.progress(t.now) < 1
		}
	}
	return false
}

func (t *Table) drawCentre(c *scenes.Canvas, pal *scenes.Palette, a *sprites.Atlas) {
	b := &t.board
	// Supply and kitty.
	c.Text("Supply", 70, centreY-44, scenes.TextStyle{Size: 18, Color: pal.TextDim, Align: text.AlignCenter})
	drawSprite(c, a.Token(), sprites.Place{X: 70, Y: centreY + 4, Scale: 0.8})
	c.Text(fmt.Sprint(b.supply), 70, centreY+46, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, Align: text.AlignCenter})
	c.Text("Kitty", 190, centreY-44, scenes.TextStyle{Size: 18, Color: pal.TextDim, Align: text.AlignCenter})
	for i := range min(b.kitty, 12) {
		col, row := i/6, i%6
		drawSprite(c, a.Token(), sprites.Place{X: 176 + 30*float64(col), Y: centreY + 14 - 7*float64(row), Scale: 0.8})
	}
	c.Text(fmt.Sprint(b.kitty), 190, centreY+46, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text, Align: text.AlignCenter})

	// The caption explaining the current beat.
	x, w := 270.0, tableW-280
	c.RoundRect(x, centreY-52, w, 112, 14, withAlpha(pal.Panel, 0.9))
	caption, detail := t.caption()
	c.Text(caption, x+w/2, centreY-14, scenes.TextStyle{Size: 28, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text(detail, x+w/2, centreY+26, scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
}

// caption returns what the middle of the table says now.
func (t *Table) caption() (string, string) {
	if t.show.busy(t.now) || t.show.cur.caption != "" && t.game.Over() {
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

// shownSeat returns the seat whose hand may be drawn now, or -1.
func (t *Table) shownSeat() int {
	if s := t.single(); s >= 0 {
		return s
	}
	if t.show.busy(t.now) {
		return -1
	}
	if seat := t.gate.Viewer(); t.gate.MayShow(seat) {
		return seat
	}
	return -1
}

func (t *Table) drawHand(c *scenes.Canvas, pal *scenes.Palette, a *sprites.Atlas) {
	t.hits.minus, t.hits.plus, t.hits.play = rect{}, rect{}, rect{}
	t.hits.cards = [10]rect{}
	seat := t.shownSeat()
	if seat < 0 {
		if t.gate.Mode() == privacy.Peek && !t.show.busy(t.now) {
			privacy.DrawPeekHint(c, pal, t.gate, "")
		}
		return
	}
	v := t.game.View(seat)
	hand := v.Hand
	if t.show.dealing() {
		hand = 0 // the new hands are not on the table yet
	}
	cards := hand.Cards(make([]tm.Card, 0, 10))
	p := t.picks[seat]
	acting := v.Chosen[seat] == false && !t.show.busy(t.now) && !t.game.Over()
	seatClr := pal.Seats[seat%len(pal.Seats)]
	label := t.seatName(seat) + " — your hand"
	if v.Chosen[seat] {
		label = fmt.Sprintf("%s — you play %v, wager %d", t.seatName(seat), v.Choice.Card, v.Choice.Wager)
	}
	c.Text(label, 24, 534, scenes.TextStyle{Size: 22, Bold: true, Color: seatClr, VAlign: text.AlignCenter})
	step := math.Min(100, (tableW-40)/float64(max(len(cards), 1)))
	left := tableW/2 - step*float64(len(cards)-1)/2
	for i, card := range cards {
		x, y := left+step*float64(i), handY
		if acting && i == p.cursor {
			y -= 22
		}
		drawSprite(c, a.ThatsMineCard(int(card)), sprites.Place{X: x, Y: y, Scale: handScale})
		if acting && i == p.cursor {
			c.StrokeRoundRect(x-44, y-62, 88, 124, 8, 4, pal.Accent)
		}
		t.hits.cards[i] = rect{x - step/2, y - 62, step, 124}
	}
	if acting {
		t.drawWager(c, pal, v.Tokens[seat], p.wager)
	}
}

// drawWager draws the wager setter and the Play button above the hand.
func (t *Table) drawWager(c *scenes.Canvas, pal *scenes.Palette, tokens, wager int) {
	y := 474.0
	st := scenes.TextStyle{Size: 22, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	c.Text("Wager", 520, y+buttonH/2, scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignCenter})
	t.hits.minus = rect{534, y, 44, buttonH}
	t.hits.plus = rect{650, y, 44, buttonH}
	t.hits.play = rect{760, y, 180, buttonH}
	for _, r := range []rect{t.hits.minus, t.hits.plus} {
		c.RoundRect(r.x, r.y, r.w, r.h, 10, pal.PanelEdge)
	}
	c.Text("−", 556, y+buttonH/2, st)
	c.Text("+", 672, y+buttonH/2, st)
	c.Text(fmt.Sprint(wager), 614, y+buttonH/2, scenes.TextStyle{Size: 30, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	c.Text(fmt.Sprintf("of %d", tokens), 700, y+buttonH/2, scenes.TextStyle{Size: 18, Color: pal.TextDim, VAlign: text.AlignCenter})
	c.RoundRect(t.hits.play.x, y, t.hits.play.w, buttonH, 12, pal.Accent)
	c.Text("Play", t.hits.play.x+t.hits.play.w/2, y+buttonH/2, scenes.TextStyle{Size: 22, Bold: true, Color: pal.AccentText, Align: text.AlignCenter, VAlign: text.AlignCenter})
}

// drawSide draws the buttons and the game log.
func (t *Table) drawSide(c *scenes.Canvas, pal *scenes.Palette) {
	scenes.Panel(c, pal, logX-6, 8, logW+10, scenes.ScreenHeight-16)
	t.hits.rules = rect{logX + 4, 18, 124, buttonH}
	t.hits.menu = rect{logX + 138, 18, 124, buttonH}
	for _, b := range []struct {
		r     rect
		label string
	}{{t.hits.rules, "Rules (F1)"}, {t.hits.menu, "Menu"}} {
		c.RoundRect(b.r.x, b.r.y, b.r.w, b.r.h, 10, pal.PanelEdge)
		c.Text(b.label, b.r.x+b.r.w/2, b.r.y+b.r.h/2, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
	c.Text(fmt.Sprintf("Round %d · first to %d", t.board.round, t.board.target), logX+4, 88,
		scenes.TextStyle{Size: 18, Bold: true, Color: pal.Text, VAlign: text.AlignCenter})
	st := scenes.TextStyle{Size: 15, Color: pal.TextDim}
	var lines []string
	for _, entry := range t.show.log[max(0, len(t.show.log)-logLines):] {
		lines = scenes.WrapText(lines, entry, st, logW-8)
	}
	if len(lines) > logLines*2 {
		lines = lines[len(lines)-logLines*2:]
	}
	y := 110.0
	for i, line := range lines {
		clr := pal.TextDim
		if i >= len(lines)-4 {
			clr = pal.Text
		}
		st.Color = clr
		c.Text(line, logX+4, y, st)
		y += logLineH * 0.8
		if y > scenes.ScreenHeight-30 {
			break
		}
	}
}
