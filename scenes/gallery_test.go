package scenes

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/settings"
)

// galleryEnv, when set to a directory, makes the test binary render every
// screen of the package in a window and save each as a PNG there, to look
// at. It is a tool, not a test:
//
//	go test -c -o /tmp/scenes.test ./scenes/ &&
//	JANKEN_GALLERY=$PWD/artifacts/gallery xvfb-run -a /tmp/scenes.test
const galleryEnv = "JANKEN_GALLERY"

// galleryShot is one screen of the gallery: the settings to show it with
// and the scene on top.
type galleryShot struct {
	name  string
	edit  func(*settings.Settings)
	games int
	open  func(d *Director) Scene // nil: the title
}

var gallery = []galleryShot{
	{name: "title-four-games", games: 4},
	{name: "title-large-colour-blind", games: 4, edit: func(s *settings.Settings) {
		s.UIScale, s.Palette = 150, settings.ColourBlind
	}},
	{name: "settings-colour-blind", edit: func(s *settings.Settings) { s.Palette = settings.ColourBlind },
		open: func(d *Director) Scene { return NewSettings(d) }},
	{name: "settings-large", edit: func(s *settings.Settings) { s.UIScale = 150 },
		open: func(d *Director) Scene { return NewSettings(d) }},
	{name: "nodes", open: func(d *Director) Scene { return newNodeDemo(d) }},
	{name: "credits", open: func(d *Director) Scene { return NewCredits(d) }},
	{name: "rules", open: func(d *Director) Scene {
		return NewRules(d, "Ninjan — rules in brief",
			RulesSection{"Goal", "Collect the most points from the piles you claim. Everyone picks a card at the same time; the highest cards resolve first."},
			RulesSection{"A turn", "Choose one card from your hand and reveal it with everyone else. Rock beats scissors, scissors beat paper, paper beats rock. A card that wins claims the pile in front of the card it beat."},
			RulesSection{"The end", "When the hands are empty, count the points of the piles you claimed. The most points wins; a tie is shared."})
	}},
	{name: "results", open: func(d *Director) Scene {
		return NewResults(d, "Player 2 wins!", []ResultRow{
			{Name: "Player 1", Seat: 0, Score: 14, Detail: "3 piles"},
			{Name: "Player 2", Seat: 1, Score: 21, Detail: "5 piles", Winner: true},
			{Name: "Bot (hard)", Seat: 2, Score: 9, Detail: "2 piles"},
		}, func(*Context) {})
	}},
}

// galleryGame shows each shot for a few ticks, then saves it.
type galleryGame struct {
	dir    string
	config string // a temporary directory for the shots' settings
	i      int
	d      *Director
	ticks  int
	err    error
}

func (g *galleryGame) start() {
	shot := gallery[g.i]
	store := persist.At(filepath.Join(g.config, shot.name))
	s := settings.Defaults()
	if shot.edit != nil {
		shot.edit(&s)
	}
	if err := settings.Save(store, s); err != nil {
		g.err = err
	}
	var games []Entry
	for i, name := range []string{"That's Mine", "Ninjan", "Eleven Suits", "Slam"}[:shot.games] {
		games = append(games, Entry{Name: fmt.Sprint(i), Title: name, MinPlayers: 2, MaxPlayers: 5,
			Blurb:  "A game registered for the gallery, to show the title with the whole collection.",
			Credit: "the original designers", Open: func(d *Director) Scene { return NewCredits(d) }})
	}
	opts := Options{Store: store, Source: &input.Script{}, Games: games, Version: "gallery"}
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
	g.d, g.ticks = New(opts), 0
	g.d.fullscr, g.d.isFullscr = func(bool) {}, nil
}

func (g *galleryGame) Update() error {
	if g.err != nil {
		return g.err
	}
	g.ticks++
	return g.d.Update()
}

func (g *galleryGame) Draw(screen *ebiten.Image) {
	g.d.Draw(screen)
	if g.ticks < 20 {
		return
	}
	g.err = saveScreen(screen, filepath.Join(g.dir, gallery[g.i].name+".png"))
	g.i++
	if g.i == len(gallery) {
		g.err = ebiten.Termination
		return
	}
	g.start()
}

func (g *galleryGame) LayoutF(w, h float64) (float64, float64) { return g.d.LayoutF(w, h) }
func (g *galleryGame) Layout(w, h int) (int, int)              { return g.d.Layout(w, h) }

func runGallery(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	config, err := os.MkdirTemp("", "janken-gallery-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(config)
	g := &galleryGame{dir: dir, config: config}
	g.start()
	ebiten.SetWindowSize(ScreenWidth, ScreenHeight)
	if err := ebiten.RunGame(g); err != nil && err != ebiten.Termination {
		return err
	}
	return nil
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
