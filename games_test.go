package main

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/headless"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/sprites"
)

// fifthGame is a game that is not in the arcade: its own descriptor,
// as a table package would offer it, with a table that paints its deck.
func fifthGame() catalog.Game {
	return catalog.Game{
		Entry: scenes.Entry{Name: "fifth", Title: "Fifth", Blurb: "A fifth game.",
			Credit: "Fifth by its makers", MinPlayers: 2, MaxPlayers: 4,
			Open: func(d *scenes.Director) scenes.Scene { return &fifthTable{} }},
		Network: netlobby.Config{Title: "Fifth", Rules: "fifth/1", MinPlayers: 2, MaxPlayers: 4,
			LocalSeats: 2, Start: func(*scenes.Context, netlobby.Match) error { return nil }},
		Tool: fifthTool{},
		Deck: sprites.Deck{Name: "fifth", Size: 1, Paint: func(p *sprites.Painter, _ int) sprites.Sprite {
			return p.Back(color.RGBA{0x40, 0x40, 0x40, 0xff}, "FIFTH", nil)
		}},
	}
}

// fifthTable is the fifth game's table: it paints its deck in Update.
type fifthTable struct{ atlas *sprites.Atlas }

func (*fifthTable) Name() string { return "fifth" }

func (t *fifthTable) Update(ctx *scenes.Context) error {
	t.atlas = ctx.Atlas(fifthGame().Deck)
	return nil
}

func (*fifthTable) Draw(*scenes.Canvas) {}

// fifthTool is the fifth game's headless tool: it says what it was asked.
type fifthTool struct{}

func (fifthTool) Rules(state, actions string, stdout io.Writer) error {
	_, err := fmt.Fprintf(stdout, "fifth rules %s %s", state, actions)
	return err
}

func (fifthTool) Sim(opts headless.SimOptions, stdout, _ io.Writer) error {
	_, err := fmt.Fprintf(stdout, "fifth sim %d", opts.Games)
	return err
}

// TestAGameIsOneLine adds a fifth game to the arcade's list, as its line
// in games.go would, and finds it everywhere the program shows games: the
// title menu opens its table, which paints its deck; the network menu
// opens its lobby; the credits show it; the headless subcommands run its
// tool; the usage names it.
func TestAGameIsOneLine(t *testing.T) {
	games := append(slices.Clone(arcade), fifthGame())
	if err := games.Check(); err != nil {
		t.Fatal(err)
	}
	fifth := len(arcade) // its index on the menus

	t.Run("title", func(t *testing.T) {
		d := programOf(t, games, down(fifth, ebiten.KeyEnter))
		table, ok := d.Top().(*fifthTable)
		if !ok {
			t.Fatalf("entry %d of the title opened %q, want the fifth game", fifth, d.Top().Name())
		}
		if table.atlas == nil || table.atlas.Card(0).Image() == nil {
			t.Error("the fifth game's table did not paint its deck")
		}
	})
	t.Run("network", func(t *testing.T) {
		// The network entry follows the games; in its menu the fifth game
		// comes fifth.
		d := programOf(t, games, down(len(games), ebiten.KeyEnter, ebiten.KeyArrowDown,
			ebiten.KeyArrowDown, ebiten.KeyArrowDown, ebiten.KeyArrowDown, ebiten.KeyEnter))
		l, ok := d.Top().(*netlobby.Lobby)
		if !ok || l.LocalSeats() != 2 {
			t.Fatalf("entry %d of the network menu opened %q, want the fifth game's lobby (2 local seats)", fifth, d.Top().Name())
		}
	})
	t.Run("credits", func(t *testing.T) {
		// Credits follows network play, Replays and Settings.
		credits := func(games catalog.List, name string) []byte {
			d := programOf(t, games, down(len(games)+3, ebiten.KeyEnter))
			if d.Top().Name() != "credits" {
				t.Fatalf("the title's entry after Settings opened %q", d.Top().Name())
			}
			return scenetest.Shoot(t, d, name).Pix
		}
		uncredited := slices.Clone(games)
		uncredited[fifth].Credit = ""
		if bytes.Equal(credits(games, "credits-fifth"), credits(uncredited, "credits-fifth-uncredited")) {
			t.Error("the credits look the same with and without the fifth game's credit")
		}
	})
	t.Run("headless", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		code, ok := runHeadless([]string{"rules", "-game", "fifth", "-state", "s.json", "-actions", "a.json"}, games, &stdout, &stderr)
		if !ok || code != 0 || stdout.String() != "fifth rules s.json a.json" {
			t.Errorf("rules -game fifth: ok %v, exit %d, stdout %q, stderr %q", ok, code, stdout.String(), stderr.String())
		}
	})
	t.Run("usage", func(t *testing.T) {
		var out strings.Builder
		usage(&out, games)
		if !strings.Contains(out.String(), "GAME: thatsmine, ninjan, elevensuits, slam, fifth\n") {
			t.Errorf("usage does not name the fifth game:\n%s", out.String())
		}
	})
}
