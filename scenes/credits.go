package scenes

import "github.com/hajimehoshi/ebiten/v2/text/v2"

// credit is one line of the credits: a game and who made it.
type credit struct{ game, by string }

// originalGames credits the designers of the games this collection
// adapts.
var originalGames = [...]credit{
	{"That's Mine", "Smirking Storm Games (2014)"},
	{"Ninjan", "6jizo, published by Helvetiq"},
	{"Rock Paper Scissors — eleven suits", "Whispering Goat"},
	{"Scissors Paper Stone", "TREO Game Designers / Outset Media"},
}

const aboutText = "Janken Arcade is an unofficial digital adaptation made with respect for the original designs. " +
	"All art, sound and text are the project's own and made procedurally. " +
	"Built in Go with Ebitengine. Type set in the Go fonts by Bigelow & Holmes."

// Credits is the credits and about screen.
type Credits struct {
	d        *Director
	backdrop *Backdrop
	about    []string
}

// NewCredits returns the credits screen.
func NewCredits(d *Director) *Credits {
	return &Credits{d: d, backdrop: NewBackdrop(),
		about: WrapText(nil, aboutText, TextStyle{Size: 22}, 960)}
}

// Name implements Scene.
func (cr *Credits) Name() string { return "credits" }

// Update implements Scene: any confirm or back returns to the title.
func (cr *Credits) Update(ctx *Context) error {
	cr.backdrop.Update(ctx.ReducedMotion())
	if nav := ctx.Nav(); nav.Back || nav.Confirm || nav.Click {
		ctx.Pop(Backward)
	}
	return nil
}

// Draw implements Scene.
func (cr *Credits) Draw(c *Canvas) {
	pal := cr.d.Palette()
	cr.backdrop.Draw(c, pal)
	Panel(c, pal, 100, 70, 1080, 590)
	c.Text("Credits", 140, 100, TextStyle{Size: 52, Bold: true, Color: pal.Text})
	c.Text("The original games", 140, 190, TextStyle{Size: 24, Bold: true, Color: pal.Accent})
	y := 236.0
	for _, cd := range originalGames {
		c.Text(cd.game, 160, y, TextStyle{Size: 26, Bold: true, Color: pal.Text})
		c.Text(cd.by, 640, y+2, TextStyle{Size: 24, Color: pal.TextDim})
		y += 46
	}
	c.Text("About", 140, y+24, TextStyle{Size: 24, Bold: true, Color: pal.Accent})
	c.Lines(cr.about, 160, y+68, 32, TextStyle{Size: 22, Color: pal.Text})
	c.Text("Enter or Esc: back", 140, 624, TextStyle{Size: 19, Color: pal.TextDim, VAlign: text.AlignEnd})
}
