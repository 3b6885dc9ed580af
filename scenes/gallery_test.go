package scenes

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/jankenarcade/janken/internal/looptest"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/settings"
)

// galleryShot is one screen of the gallery: the settings to show it with
// and the scene on top.
type galleryShot struct {
	name  string
	edit  func(*settings.Settings)
	games int
	open  func(d *Director) Scene // nil: the title
	scene string                  // the scene on top, by name
	menu  bool                    // whether it shows a highlighted menu entry
}

var gallery = []galleryShot{
	{name: "title-four-games", games: 4, scene: "title", menu: true},
	{name: "title-large-colour-blind", games: 4, scene: "title", menu: true, edit: func(s *settings.Settings) {
		s.UIScale, s.Palette = 150, settings.ColourBlind
	}},
	{name: "settings-colour-blind", scene: "settings", menu: true, edit: func(s *settings.Settings) { s.Palette = settings.ColourBlind },
		open: func(d *Director) Scene { return NewSettings(d) }},
	{name: "settings-large", scene: "settings", menu: true, edit: func(s *settings.Settings) { s.UIScale = 150 },
		open: func(d *Director) Scene { return NewSettings(d) }},
	{name: "nodes", scene: "nodes", open: func(d *Director) Scene { return newNodeDemo(d) }},
	{name: "credits", scene: "credits", open: func(d *Director) Scene { return NewCredits(d) }},
	{name: "rules", scene: "rules", open: func(d *Director) Scene {
		return NewRules(d, "Ninjan — rules in brief",
			RulesSection{Heading: "Goal", Text: "Collect the most points from the piles you claim. Everyone picks a card at the same time; the highest cards resolve first."},
			RulesSection{Heading: "A turn", Text: "Choose one card from your hand and reveal it with everyone else. Rock beats scissors, scissors beat paper, paper beats rock. A card that wins claims the pile in front of the card it beat."},
			RulesSection{Heading: "The end", Text: "When the hands are empty, count the points of the piles you claimed. The most points wins; a tie is shared."})
	}},
	{name: "results", scene: "results", menu: true, open: func(d *Director) Scene {
		return NewResults(d, "Player 2 wins!", []ResultRow{
			{Name: "Player 1", Seat: 0, Score: 14, Detail: "3 piles"},
			{Name: "Player 2", Seat: 1, Score: 21, Detail: "5 piles", Winner: true},
			{Name: "Bot (hard)", Seat: 2, Score: 9, Detail: "2 piles"},
		}, func(*Context) {})
	}},
	{name: "results-eight", scene: "results", menu: true, open: func(d *Director) Scene { return eightResults(d) }},
}

// eightResults is a Slam results screen of eight players, ranked.
func eightResults(d *Director) *Results {
	var rows []ResultRow
	for seat := range 8 {
		rows = append(rows, ResultRow{Name: SeatName(seat, "medium"), Seat: seat, Score: 8 - seat, Detail: "412 ms mean, 2 mistakes", Winner: seat == 0})
	}
	return NewResults(d, SeatName(0, "medium")+" wins!", rows, func(*Context) {})
}

// TestGallery shows every screen of the package, with the settings that
// change its look, for a person to look at (janken-gallery-*.png in the
// temporary directory). Each must be its scene, drawn, in its palette: a
// menu highlights its entry in the palette's accent, never the other
// palette's.
func TestGallery(t *testing.T) {
	for _, shot := range gallery {
		t.Run(shot.name, func(t *testing.T) {
			d := galleryDirector(t, shot)
			for range 20 {
				if err := d.Update(); err != nil {
					t.Fatal(err)
				}
			}
			if st := d.Status(); st.Scene != shot.scene || st.Transitioning {
				t.Errorf("status %+v, want scene %q", st, shot.scene)
			}
			img := looptest.Capture(t, "gallery-"+shot.name, ScreenWidth, ScreenHeight, d.Draw)
			if n := distinctColours(img); n < 50 {
				t.Errorf("%d distinct colours: blank or nearly", n)
			}
			pal, other := standardPalette, colourBlindPalette
			if d.Settings().Palette == settings.ColourBlind {
				pal, other = colourBlindPalette, standardPalette
			}
			if n := count(img, pal.Accent); shot.menu && n < 1000 {
				t.Errorf("%d pixels of the palette's accent %v, want a highlighted entry", n, pal.Accent)
			}
			if n := count(img, other.Accent); n > 0 {
				t.Errorf("%d pixels of the other palette's accent %v", n, other.Accent)
			}
		})
	}
}

// galleryDirector makes the director of a gallery screen, its settings
// saved in a temporary directory.
func galleryDirector(t *testing.T, shot galleryShot) *Director {
	store := persist.At(t.TempDir())
	s := settings.Defaults()
	if shot.edit != nil {
		shot.edit(&s)
	}
	if err := settings.Save(store, s); err != nil {
		t.Fatal(err)
	}
	var games []Entry
	for i, name := range []string{"That's Mine", "Ninjan", "Eleven Suits", "Slam"}[:shot.games] {
		games = append(games, Entry{Name: fmt.Sprint(i), Title: name, MinPlayers: 2, MaxPlayers: 5,
			Blurb:  "A game registered for the gallery, to show the title with the whole collection.",
			Credit: "the original designers", Open: func(d *Director) Scene { return NewCredits(d) }})
	}
	opts := Options{Store: store, Games: games, Version: "gallery"}
	opts.Controls = func(d *Director) Scene { return NewCredits(d) } // a stand-in
	if shot.open != nil {
		opts.Start = func(d *Director) Scene {
			if _, ok := shot.open(d).(Overlay); ok {
				d.Push(shot.open(d), Transition{})
				return NewTitle(d)
			}
			return shot.open(d)
		}
	}
	d, _, _ := testDirector(t, opts)
	return d
}

// count returns how many pixels of img have colour c.
func count(img *image.RGBA, c color.RGBA) int {
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if img.Pix[i] == c.R && img.Pix[i+1] == c.G && img.Pix[i+2] == c.B {
			n++
		}
	}
	return n
}

// nodeDemo shows the scene graph's drawables: a fanned hand of cards (Box
// and Label), one lifted in front.
type nodeDemo struct {
	d    *Director
	root *Node
}

func newNodeDemo(d *Director) *nodeDemo {
	pal := d.Palette()
	nd := &nodeDemo{d: d, root: NewRoot("table")}
	hand := NewNode("hand", 0, 0)
	hand.X, hand.Y = ScreenWidth/2, 460
	nd.root.Add(hand)
	var cards []*Node
	for i, sym := range [...]string{"Rock", "Paper", "Scissors", "Rock", "Paper"} {
		card := NewNode(sym, 140, 200)
		card.Drawable = &Box{Fill: mix(pal.BackdropDeep, pal.Panel, 0.5), Radius: 14, Edge: pal.Symbol(rulesetsSymbol(i)), EdgeWidth: 4}
		label := NewNode("label", 140, 60)
		label.X, label.Y = 70, 40
		label.Drawable = &Label{Text: sym, Style: TextStyle{Size: 26, Bold: true, Color: pal.Text, Align: 1, VAlign: 1}}
		card.Add(label)
		hand.Add(card)
		cards = append(cards, card)
	}
	Fan(cards, 0.16, 400)
	lifted := cards[2]
	lifted.SetZ(1)
	lifted.Y -= 60
	lifted.ScaleX, lifted.ScaleY = 1.15, 1.15
	return nd
}

func (nd *nodeDemo) Name() string          { return "nodes" }
func (nd *nodeDemo) Update(*Context) error { return nil }
func (nd *nodeDemo) Draw(c *Canvas) {
	NewBackdrop().Draw(c, nd.d.Palette())
	nd.root.Draw(c)
}

func rulesetsSymbol(i int) rulesets.Symbol { return rulesets.Symbols[i%3] }
