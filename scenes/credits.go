package scenes

import "github.com/hajimehoshi/ebiten/v2/text/v2"

// aboutText says how the collection was made.
const aboutText = "Janken Arcade is an unofficial digital adaptation made with respect for the original designs. " +
	"All art, sound and text are the project's own and made procedurally. " +
	"Built in Go with Ebitengine. Type set in the Go fonts by Bigelow & Holmes."

// Credits is the credits and about screen: each registered game with the
// original design it adapts, and how the collection was made.
type Credits struct {
	d        *Director
	backdrop *Backdrop
	credits  []credit
	about    []string
}

// credit is one game's lines on the credits screen.
type credit struct {
	title string   // the game's, bold on the left
	lines []string // its Entry.Credit, wrapped on the right
}

// Where the credits are: the games' titles, then their credits, the
// spacing of their lines, and the room they have before the About text.
const (
	creditTitleX = 160
	creditX      = 360
	creditRight  = 1140
	creditTop    = 236
	creditLineH  = 30
	creditGap    = 12
	creditRoom   = 244
)

var (
	creditTitleStyle = TextStyle{Size: 24, Bold: true}
	creditStyle      = TextStyle{Size: 22}
)

// NewCredits returns the credits screen of d's games.
func NewCredits(d *Director) *Credits {
	cr := &Credits{d: d, backdrop: NewBackdrop(),
		about: WrapText(nil, aboutText, TextStyle{Size: 22}, 960)}
	for _, g := range d.games {
		if g.Credit != "" {
			cr.credits = append(cr.credits, credit{title: g.Title,
				lines: WrapText(nil, g.Credit, creditStyle, creditRight-creditX)})
		}
	}
	return cr
}

// spacing returns the height of a credit's line and the gap between two
// games: closer together when there are too many games for the room.
func (cr *Credits) spacing() (lineH, gap float64) {
	lines := 0
	for _, cd := range cr.credits {
		lines += max(1, len(cd.lines))
	}
	need := float64(lines*creditLineH + len(cr.credits)*creditGap)
	fit := min(1, creditRoom/need)
	return creditLineH * fit, creditGap * fit
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
	title, by := creditTitleStyle, creditStyle
	title.Color, by.Color = pal.Text, pal.TextDim
	y := float64(creditTop)
	lineH, gap := cr.spacing()
	for _, cd := range cr.credits {
		c.Text(cd.title, creditTitleX, y, title)
		c.Lines(cd.lines, creditX, y+2, lineH, by)
		y += float64(max(1, len(cd.lines)))*lineH + gap
	}
	c.Text("About", 140, y+12, TextStyle{Size: 24, Bold: true, Color: pal.Accent})
	c.Lines(cr.about, 160, y+56, 32, TextStyle{Size: 22, Color: pal.Text})
	c.Text(cr.d.Hint("Enter or Esc: back", "Tap to go back"), 140, 624, TextStyle{Size: 19, Color: pal.TextDim, VAlign: text.AlignEnd})
}
