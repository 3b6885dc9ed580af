// Package elevensuitstable is the Eleven Suits table: the setup screen for
// the variants, the lobby that seats humans and bots, and the table where
// the game is played with animated deals and reveals. The table runs on
// the shared card-table runner (cardtable), which owns the bots, the
// privacy gate, the log, the pause menu, the rules and the results; this
// package gives it the layout, the input mapping and the animations, and
// draws only the view of the seat the runner shows.
//
// Network() is its network lobby: the host chooses the variant, deals and
// judges; each other machine plays one seat, or two of three passing the
// keys behind the curtain, and is told only what its seats may see.
package elevensuitstable

import (
	"fmt"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Entry registers Eleven Suits with the title menu.
func Entry() scenes.Entry {
	return scenes.Entry{
		Name:       "elevensuits",
		Title:      "Eleven Suits",
		Blurb:      "Every suit shows on the card backs; the symbols you must remember. Five in your graveyard and you lose.",
		Credit:     "Rock Paper Scissors by Whispering Goat",
		MinPlayers: 2,
		MaxPlayers: es.MaxPlayers,
		Open:       func(d *scenes.Director) scenes.Scene { return newSetup(d) },
	}
}

// setup is the screen of the game's settings before the lobby.
type setup struct {
	d      *scenes.Director
	menu   scenes.Menu
	bd     *scenes.Backdrop
	suits  int // 0: the default for the player count
	open   bool
	two    bool
	adv    bool
	memory bool
	solo   *lobby.Solo
}

const (
	itemSuits = iota
	itemOpen
	itemTwo
	itemAdvanced
	itemMemory
	itemSolo
	itemSeat
	itemBack
)

func newSetup(d *scenes.Director) *setup {
	s := &setup{d: d, bd: scenes.NewBackdrop()}
	s.solo = lobby.NewSolo(d, s.lobbyConfig())
	s.menu.X, s.menu.Y, s.menu.Width, s.menu.Cursor = 340, 150, 600, itemSolo
	s.refresh()
	return s
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func (s *setup) refresh() {
	suits := defaultSuits
	if s.suits > 0 {
		suits = strconv.Itoa(s.suits)
	}
	if s.two {
		suits = "11 (2-Piece)"
	}
	s.menu.Items = []scenes.MenuItem{
		{Label: variantLabels[itemSuits], Value: suits, Disabled: s.two},
		{Label: variantLabels[itemOpen], Value: onOff(s.open)},
		{Label: variantLabels[itemTwo], Value: onOff(s.two)},
		{Label: variantLabels[itemAdvanced], Value: onOff(s.adv)},
		{Label: variantLabels[itemMemory], Value: onOff(s.memory)},
		s.solo.Item(),
		{Label: "Choose players"},
		{Label: "Back"},
	}
}

func (s *setup) Name() string { return "elevensuits-setup" }
func (s *setup) Cursor() int  { return s.menu.Cursor }

func (s *setup) Update(ctx *scenes.Context) error {
	s.bd.Update(ctx.ReducedMotion())
	s.solo.Update(ctx)
	ev := s.menu.Update(ctx)
	step := 0
	switch ev.Action {
	case scenes.MenuBack:
		ctx.Pop(scenes.Backward)
		return nil
	case scenes.MenuDecrease:
		step = -1
	case scenes.MenuIncrease, scenes.MenuActivate:
		step = 1
	}
	if step == 0 {
		return nil
	}
	switch ev.Index {
	case itemSuits: // from the default, then 5 to 11, wrapping round
		if s.suits == 0 {
			s.suits = 7
		}
		s.suits += step
		if s.suits > maxSuits {
			s.suits = minSuits
		} else if s.suits < minSuits {
			s.suits = maxSuits
		}
	case itemOpen:
		s.open = !s.open
	case itemTwo:
		s.two = !s.two
	case itemAdvanced:
		s.adv = !s.adv
	case itemMemory:
		s.memory = !s.memory
	case itemSolo:
		if ev.Action == scenes.MenuActivate {
			s.solo.Start(ctx)
		} else {
			s.solo.Step(step)
		}
	case itemSeat:
		if ev.Action == scenes.MenuActivate {
			s.openLobby(ctx)
		}
	case itemBack:
		if ev.Action == scenes.MenuActivate {
			ctx.Pop(scenes.Backward)
		}
	}
	s.refresh()
	return nil
}

// rules returns the chosen settings.
func (s *setup) rules() es.Config {
	return es.Config{Suits: s.suits, OpenCasket: s.open, TwoPiece: s.two, Advanced: s.adv}
}

func (s *setup) openLobby(ctx *scenes.Context) {
	ctx.Push(lobby.New(s.d, s.lobbyConfig()), scenes.Forward)
}

// lobbyConfig seats the players, in the lobby or against the computer
// (one AI player: the two-player duel), for the settings chosen when the
// game starts.
func (s *setup) lobbyConfig() lobby.Config {
	return lobby.Config{
		Title: "Eleven Suits", MinPlayers: 2, MaxPlayers: es.MaxPlayers,
		Bots: []string{"easy", "medium", "hard"}, Opponents: 1,
		Phones: s.phones(),
		Start: func(ctx *scenes.Context, seating lobby.Seating) {
			rules := playable(s.rules(), len(seating.Seats))
			t, err := NewTable(s.d, Options{Rules: rules, MemoryAid: s.memory, Seating: seating, Secret: cardtable.NewSecret()})
			if err != nil {
				ctx.Director().Push(errorScene(err), scenes.FadeQuick)
				return
			}
			ctx.Replace(t, scenes.FadeQuick)
		},
	}
}

func (s *setup) Draw(c *scenes.Canvas) {
	pal := s.d.Palette()
	s.bd.Draw(c, pal)
	c.Text("Eleven Suits", scenes.ScreenWidth/2, 80, scenes.TextStyle{Size: 52, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	s.menu.Draw(c, pal)
	if s.menu.Cursor == itemSolo {
		c.Text(s.solo.About(), scenes.ScreenWidth/2, s.menu.Y+s.menu.Height()+40,
			scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}

// errorScene shows why a table could not start; any press returns.
type errScene struct {
	msg string
}

func errorScene(err error) scenes.Scene { return &errScene{msg: fmt.Sprint(err)} }

func (e *errScene) Name() string { return "elevensuits-error" }
func (e *errScene) Update(ctx *scenes.Context) error {
	if n := ctx.Nav(); n.Confirm || n.Back || n.Click {
		ctx.Pop(scenes.FadeQuick)
	}
	return nil
}
func (e *errScene) Draw(c *scenes.Canvas) {
	c.Text(e.msg, scenes.ScreenWidth/2, scenes.ScreenHeight/2, scenes.TextStyle{Size: 24, Align: text.AlignCenter})
}
