package slamtable

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/sprites"
)

// flipExample is the worked example of the rules (shared/rules/slam.md),
// drawn with the table's own cards: front red Scissors, blue Paper,
// yellow Rock; the next back yellow Scissors; so Rock.
type flipExample struct {
	d     *scenes.Director
	atlas *sprites.Atlas
	front slam.Card
	back  slam.Back
}

// newFlipExample returns the rules' example figure.
func newFlipExample(d *scenes.Director) *flipExample {
	card, ok := slam.NewCard(slam.Yellow, slam.Blue, slam.Red, rulesets.Scissors, slam.Yellow)
	if !ok {
		panic("slamtable: the example card is no card")
	}
	return &flipExample{d: d, front: card, back: card.Back()}
}

// Example geometry, at UI scale 1, from the figure's top-left corner.
const (
	exampleLines               = 6
	exampleCardScale           = 1.0
	exampleFrontX, exampleBack = 60.0, 190.0 // the cards' centres
	exampleCardY               = 80.0
	exampleStepsX              = 290.0 // the reasoning, one step a line
	exampleStepH               = 34.0
	exampleHandX, exampleHandY = 700.0, 88.0
)

// Lines implements scenes.Figure.
func (e *flipExample) Lines() int { return exampleLines }

// Update implements scenes.Figure: the cards come from the table's deck
// in the palette of the settings.
func (e *flipExample) Update(ctx *scenes.Context) {
	e.atlas = e.d.Atlas(deck, ctx.Settings().Palette)
}

// steps returns the reasoning from the back to the gesture.
func (e *flipExample) steps() [4]string {
	col := e.back.Colour()
	b, f := e.back.Symbol(), e.front.FrontSymbol(col)
	win, lose := f, b
	if b.Beats(f) {
		win, lose = b, f
	}
	colour := strings.ToUpper(col.String()[:1]) + col.String()[1:]
	return [4]string{
		fmt.Sprintf("1. The next card's back: %s %s.", col, symbolName(b)),
		fmt.Sprintf("2. %s on the flipped card: %s.", colour, symbolName(f)),
		fmt.Sprintf("3. %s beats %s.", symbolName(win), symbolName(lose)),
		"4. Throw " + gestureName(slam.Correct(e.front, e.back)) + "!",
	}
}

// Draw implements scenes.Figure.
func (e *flipExample) Draw(c *scenes.Canvas, x, y, scale float64) {
	if e.atlas == nil {
		return
	}
	pal := e.d.Palette()
	cs := exampleCardScale * scale
	fx, bx, cy := x+exampleFrontX*scale, x+exampleBack*scale, y+exampleCardY*scale
	drawSprite(c, frontSprite(e.atlas, e.front), fx, cy, cs, 0, 1)
	drawSprite(c, backSprite(e.atlas, e.back), bx, cy, cs, 0, 1)
	ringFront(c, fx, cy, cs, e.front.FrontSymbol(e.back.Colour()), 3, pal.Accent)
	ringBack(c, bx, cy, cs, 3, pal.Accent)
	label := scenes.TextStyle{Size: 15 * scale, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}
	below := cy + (sprites.CardHeight/2+16)*cs
	c.Text("flipped card", fx, below, label)
	c.Text("next back", bx, below, label)
	step := scenes.TextStyle{Size: 20 * scale, Color: pal.Text, VAlign: text.AlignCenter}
	for i, s := range e.steps() {
		if i == 3 {
			step.Bold, step.Color = true, pal.Accent
		}
		c.Text(s, x+exampleStepsX*scale, y+(30+exampleStepH*float64(i))*scale, step)
	}
	hand := handOf(slam.Correct(e.front, e.back))
	drawSprite(c, e.atlas.Gesture(hand), x+exampleHandX*scale, y+exampleHandY*scale, 0.6*scale, 0, 1)
}
