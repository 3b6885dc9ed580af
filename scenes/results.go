package scenes

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
)

// ResultRow is one seat's line on a results screen.
type ResultRow struct {
	Name   string // "Player 1", "Bot (hard)"
	Seat   int    // colours the row with the seat's colour
	Score  int
	Detail string // "3 piles, 12 tokens"
	Winner bool
}

// RankRows puts the rows in the order of the standings: the winners
// first, then by score — the most first, or the fewest when fewestWin
// (Slam's Last One Loses) — and seat order among equals.
func RankRows(rows []ResultRow, fewestWin bool) {
	slices.SortStableFunc(rows, func(a, b ResultRow) int {
		switch {
		case a.Winner != b.Winner && a.Winner:
			return -1
		case a.Winner != b.Winner:
			return 1
		case fewestWin:
			return cmp.Compare(a.Score, b.Score)
		}
		return cmp.Compare(b.Score, a.Score)
	})
}

// Count says n things in English: "1 mistake", "3 mistakes", "0 cards
// taken" for Count(0, "card") + " taken". thing is the singular; the
// plural adds an s.
func Count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// rowsRoom returns the height the standings have between the title and
// the menu.
func (r *Results) rowsRoom() float64 { return r.menu.Y - 190 }

// Results is the end-of-game screen pattern: the standings, with "Play
// again" and "Back to title", which (as Back does) returns to the title
// whatever opened the table. Build it with NewResults and Replace the
// table with it.
type Results struct {
	// Failed says why something the screen offers could not be done (a
	// rematch dealt, a replay kept); it shows under the panel.
	Failed string

	d      *Director
	title  string
	rows   []ResultRow
	scores []string
	menu   Menu
	again  func(ctx *Context)
	extra  []func(ctx *Context) // AddAction's, in the menu before "Back to title"
	bd     *Backdrop
}

// NewResults returns a results screen. again starts a new game (typically
// ctx.Replace with a fresh table); without it there is no "Play again".
func NewResults(d *Director, title string, rows []ResultRow, again func(ctx *Context)) *Results {
	r := &Results{d: d, title: title, rows: rows, again: again, bd: NewBackdrop()}
	for _, row := range rows {
		r.scores = append(r.scores, strconv.Itoa(row.Score))
	}
	if again != nil {
		r.menu.Items = append(r.menu.Items, MenuItem{Label: "Play again"})
	}
	r.menu.Items = append(r.menu.Items, MenuItem{Label: "Back to title"})
	r.menu.X, r.menu.Y, r.menu.Width = 440, 520, 400
	r.menu.layout(d.UIScale())
	return r
}

// AddAction adds a menu item label before "Back to title" that runs do
// ("Watch replay"), and returns r. The menu grows upwards, into the
// standings' room.
func (r *Results) AddAction(label string, do func(ctx *Context)) *Results {
	n := len(r.menu.Items) - 1
	r.menu.Items = append(r.menu.Items[:n], MenuItem{Label: label}, r.menu.Items[n])
	r.extra = append(r.extra, do)
	r.menu.Y -= (menuItemH + menuGap) * r.d.UIScale()
	r.menu.layout(r.d.UIScale())
	return r
}

// Name implements Scene.
func (r *Results) Name() string { return "results" }

// Title returns the headline: "Player 2 wins!".
func (r *Results) Title() string { return r.title }

// Rows returns the standings, in the order shown.
func (r *Results) Rows() []ResultRow { return r.rows }

// Cursor implements Cursored.
func (r *Results) Cursor() int { return r.menu.Cursor }

// Enter implements Enterer: the results open with a fanfare.
func (r *Results) Enter(ctx *Context) { ctx.Play(assets.Win) }

// Update implements Scene.
func (r *Results) Update(ctx *Context) error {
	r.bd.Update(ctx.ReducedMotion())
	ev := r.menu.Update(ctx)
	switch {
	case ev.Action == MenuActivate && r.again != nil && ev.Index == 0:
		r.again(ctx)
	case ev.Action == MenuActivate && ev.Index < len(r.menu.Items)-1:
		r.extra[ev.Index-len(r.menu.Items)+1+len(r.extra)](ctx)
	case ev.Action == MenuActivate, ev.Action == MenuBack:
		ctx.Home(Backward)
	}
	return nil
}

// Draw implements Scene.
func (r *Results) Draw(c *Canvas) {
	pal := r.d.Palette()
	r.bd.Draw(c, pal)
	Panel(c, pal, 240, 60, 800, 600)
	c.Text(r.title, ScreenWidth/2, 110, TextStyle{Size: 48, Bold: true, Color: pal.Text, Align: text.AlignCenter})
	// The rows share the room above the menu: 60 px each up to five
	// players, closer and smaller for more (Slam seats eight).
	step := min(60, r.rowsRoom()/float64(max(1, len(r.rows))))
	k := step / 60
	y := 180.0
	for i, row := range r.rows {
		col := pal.Seats[row.Seat%len(pal.Seats)]
		mid := y + step/2
		if row.Winner {
			c.RoundRect(280, y+2, 720, step-4, 12*k, WithAlpha(pal.Accent, 0.25))
		}
		c.Circle(312, mid, 12*k, col)
		c.Text(row.Name, 340, mid, TextStyle{Size: 28 * k, Bold: row.Winner, Color: pal.Text, VAlign: text.AlignCenter})
		if row.Detail != "" {
			c.Text(row.Detail, 660, mid, TextStyle{Size: 20 * k, Color: pal.TextDim, VAlign: text.AlignCenter})
		}
		c.Text(r.scores[i], 970, mid, TextStyle{Size: 30 * k, Bold: true, Color: pal.Text, Align: text.AlignEnd, VAlign: text.AlignCenter})
		y += step
	}
	r.menu.Draw(c, pal)
	if r.Failed != "" {
		c.Text(r.Failed, ScreenWidth/2, 690, TextStyle{Size: 22, Bold: true, Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}
