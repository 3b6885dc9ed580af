package scenes_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/scenes/slamtable"
)

// keyNames matches what names a key or a button, or asks for a press: a
// hint a touch-only device must not show.
var keyNames = regexp.MustCompile(`\b(Esc|Enter|Space|Backspace|Tab|L-Shift|Shift|Ctrl|F1|F2|F11|PgUp|PgDn|Arrows|arrow keys|stick|Up / Down|Left / Right|Left and Right|Left/Right|[Pp]ress)\b|[←→↑↓]`)

// screenText is a director on a script, and what it drew in its last
// frame.
type screenText struct {
	t     *testing.T
	d     *scenes.Director
	src   *input.Script
	lines []drawnLine
}

type drawnLine struct {
	text string
	x, y float64
}

func newScreenText(t *testing.T, d *scenes.Director, src *input.Script) *screenText {
	s := &screenText{t: t, d: d, src: src}
	d.RecordText(func(line string, x, y float64) { s.lines = append(s.lines, drawnLine{line, x, y}) })
	return s
}

// tick runs one tick after events.
func (s *screenText) tick(events ...input.Event) {
	s.t.Helper()
	s.src.Advance()
	s.src.Do(events...)
	if err := s.d.Update(); err != nil {
		s.t.Fatal(err)
	}
}

// tap touches logical (x, y) and lifts the finger on the next tick.
func (s *screenText) tap(x, y float64) {
	s.t.Helper()
	sx, sy := s.d.ToScreen(x, y)
	s.tick(input.TouchDown(1, sx, sy))
	s.tick(input.TouchUp(1))
}

// settle runs ticks until scene is on top, its transition over.
func (s *screenText) settle(scene string) {
	s.t.Helper()
	for range 600 {
		if s.d.Top().Name() == scene && !s.d.Transitioning() {
			return
		}
		s.tick()
	}
	s.t.Fatalf("top scene %q, want %q", s.d.Top().Name(), scene)
}

// draw draws a frame and returns what it said.
func (s *screenText) draw() []drawnLine {
	s.t.Helper()
	s.lines = s.lines[:0]
	screen := ebiten.NewImage(scenes.ScreenWidth, scenes.ScreenHeight)
	defer screen.Deallocate()
	s.d.Draw(screen)
	return s.lines
}

// find returns where the last frame drew line.
func (s *screenText) find(line string) (x, y float64) {
	s.t.Helper()
	for _, l := range s.draw() {
		if l.text == line {
			return l.x, l.y
		}
	}
	s.t.Fatalf("%q not on screen %q", line, s.d.Top().Name())
	return 0, 0
}

// keyLines returns the lines of said that name keys.
func keyLines(said []drawnLine) []string {
	var named []string
	for _, l := range said {
		if keyNames.MatchString(l.text) {
			named = append(named, l.text)
		}
	}
	return named
}

// saidAll reports whether said has every one of lines.
func saidAll(said []drawnLine, lines ...string) bool {
	for _, want := range lines {
		found := false
		for _, l := range said {
			found = found || strings.Contains(l.text, want)
		}
		if !found {
			return false
		}
	}
	return true
}

// TestTouchOnlyScreensNameNoKeys taps each screen that has a keyboard
// hint, as a phone would, and reads every line it draws: none may name a
// key, and each must say what to tap instead. With keys the same
// screens keep their hints.
func TestTouchOnlyScreensNameNoKeys(t *testing.T) {
	// An empty corner of the title: a tap there only says "a finger".
	const emptyX, emptyY = 1250, 30
	screens := []struct {
		name  string
		scene string
		open  func(*scenes.Director) scenes.Scene // pushed over the title
		keys  string                              // a hint shown with keys
		touch string                              // and its touch wording
	}{
		{"title", "title", nil, "Esc / B: back", "Tap an entry to open it"},
		{"credits", "credits", func(d *scenes.Director) scenes.Scene { return scenes.NewCredits(d) }, "Enter or Esc: back", "Tap to go back"},
		{"settings", "settings", func(d *scenes.Director) scenes.Scene { return scenes.NewSettings(d) }, "Left / Right change a setting", "Tap a setting's arrows"},
		{"slam setup", "slam-setup", slamtable.Entry().Open, "← → change their level", "tap the arrows to change their level"},
		{"ninjan setup", "ninjan-setup", ninjantable.Entry().Open, "← → change their level", "tap the arrows to change their level"},
		{"pause", "test-pause", func(d *scenes.Director) scenes.Scene {
			return scenes.NewPause(d, "test-pause", func() scenes.Scene { return nil }, func(*scenes.Context) {})
		}, "Resume", "Resume"},
	}
	for _, sc := range screens {
		for _, touch := range []bool{false, true} {
			name := sc.name + map[bool]string{false: "/keys", true: "/touch"}[touch]
			t.Run(name, func(t *testing.T) {
				src := new(input.Script)
				d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir())})
				s := newScreenText(t, d, src)
				if touch {
					s.tap(emptyX, emptyY)
				} else {
					s.tick(input.KeyTap(ebiten.KeyArrowDown)...)
				}
				if sc.open != nil {
					d.Push(sc.open(d), scenes.Transition{Kind: scenes.Cut})
				}
				s.settle(sc.scene)
				said := s.draw()
				if d.TouchOnly() != touch {
					t.Fatalf("TouchOnly %v, want %v", d.TouchOnly(), touch)
				}
				want := sc.keys
				if touch {
					if named := keyLines(said); len(named) > 0 {
						t.Errorf("on a touch-only device %s names keys: %q", sc.name, named)
					}
					want = sc.touch
				}
				if !saidAll(said, want) {
					t.Errorf("%s does not say %q", sc.name, want)
				}
			})
		}
	}
}

// TestTouchOnlyRulesNameNoKeys opens each game's rules with a tap (the
// card tables' Rules button; Slam, which has none, from its table) and
// reads them to the end a tap a page: no line names a key, the Controls
// section is the touch one, and the last tap goes back to the table.
func TestTouchOnlyRulesNameNoKeys(t *testing.T) {
	tables := []struct {
		name, scene string
		open        tableOpener // nil for Slam
		touchWords  string      // from the game's touch Controls text
	}{
		{"ninjan", "ninjan", openNinjan, "Tap a card, a pile or a throw"},
		{"thatsmine", "thatsmine", openThatsMine, "Tap a card, then − and +"},
		{"elevensuits", "elevensuits", openElevenSuits, "Tap a card to play it"},
		{"slam", "slam", nil, "Each player has a corner of the screen"},
	}
	for _, tc := range tables {
		t.Run(tc.name, func(t *testing.T) {
			src := new(input.Script)
			var d *scenes.Director
			if tc.open != nil {
				d = cardTableOn(t, src, 2, tc.open)
			} else {
				d, _ = slamOn(t, src, 2)
			}
			s := newScreenText(t, d, src)
			s.settle(tc.scene)
			if tc.open == nil {
				s.tap(640, 360) // no seat plays from the middle
				d.Push(slamtable.Rules(d), scenes.FadeQuick)
			} else {
				s.tap(s.find("Rules"))
			}
			s.settle("rules")
			if !d.TouchOnly() {
				t.Fatal("not touch-only after a tap")
			}
			var read []drawnLine
			for pages := 0; ; pages++ {
				if pages == 20 {
					t.Fatal("still reading the rules after 20 taps")
				}
				said := s.draw()
				read = append(read, said...)
				if saidAll(said, "Tap to go back to the game") {
					break
				}
				if !saidAll(said, "Tap to read on") {
					t.Fatalf("page %d says neither to read on nor to go back", pages+1)
				}
				s.tap(640, 360)
				if d.Top().Name() != "rules" {
					t.Fatalf("a tap with more to read left the rules for %q", d.Top().Name())
				}
			}
			if named := keyLines(read); len(named) > 0 {
				t.Errorf("the rules on a touch-only device name keys: %q", named)
			}
			if !saidAll(read, "Controls", tc.touchWords) {
				t.Errorf("the rules do not say %q", tc.touchWords)
			}
			s.tap(640, 360)
			s.settle(tc.scene)
		})
	}
}

// TestTouchOnlyCurtainSaysTap hands a phone from one player to the next
// at a table: the curtain says to tap, not which key to press, and a tap
// lifts it.
func TestTouchOnlyCurtainSaysTap(t *testing.T) {
	src := new(input.Script)
	touch := input.Device{Kind: input.Touch}
	seats := lobby.Seating{Router: input.NewRouter(), Privacy: privacy.HandOff}
	for seat := range 2 {
		if err := seats.Router.Bind(seat, touch); err != nil {
			t.Fatal(err)
		}
		seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Human, Device: touch})
	}
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			sc, err := ninjantable.New(d, seats, nil, 7)
			if err != nil {
				t.Fatal(err)
			}
			return sc
		}})
	s := newScreenText(t, d, src)
	s.settle("ninjan")
	s.tap(emptyTableX, emptyTableY)
	var said []drawnLine
	for range 600 {
		if said = s.draw(); saidAll(said, "Pass to") {
			break
		}
		s.tick()
	}
	if !saidAll(said, "Pass to", "tap to reveal your hand") {
		t.Fatalf("no curtain saying to tap: %v", said)
	}
	if named := keyLines(said); len(named) > 0 {
		t.Errorf("the curtain on a touch-only device names keys: %q", named)
	}
	s.tap(640, 360)
	s.tick()
	if saidAll(s.draw(), "Pass to") {
		t.Error("a tap did not lift the curtain")
	}
}

// Where a tap on a card table does nothing: the gap above the table's
// centre.
const emptyTableX, emptyTableY = 40, 360

// TestTouchOnlyTablesNameNoKeys plays each game's table a while for a
// player seated on the right keys, as a network match seats a phone's
// player, and reads every few frames: once a tap has made the device
// touch-only, no line names a key or says to click. With keys the tables
// that have a key hint show it.
func TestTouchOnlyTablesNameNoKeys(t *testing.T) {
	right := input.Device{Kind: input.KeyZone, Index: 1}
	tables := []struct {
		name, scene string
		open        func(testing.TB, input.Source) *scenes.Director
		emptyX      float64 // where a tap does nothing
		emptyY      float64
		keyHint     bool // with keys, a line names them
	}{
		{"ninjan", "ninjan", func(tb testing.TB, src input.Source) *scenes.Director {
			return cardTableAt(tb, src, right, 3, openNinjan)
		}, emptyTableX, emptyTableY, true},
		{"thatsmine", "thatsmine", func(tb testing.TB, src input.Source) *scenes.Director {
			return cardTableAt(tb, src, right, 3, openThatsMine)
		}, emptyTableX, emptyTableY, true},
		{"elevensuits", "elevensuits", func(tb testing.TB, src input.Source) *scenes.Director {
			return cardTableAt(tb, src, right, 1, openElevenSuits)
		}, emptyTableX, emptyTableY, false},
		// A seat no device plays yet, as a network match's is until its
		// player's first gesture.
		{"slam", "slam", func(tb testing.TB, src input.Source) *scenes.Director {
			return slamAt(tb, src, input.NoDevice)
		}, 640, 360, true},
	}
	for _, tc := range tables {
		for _, touch := range []bool{false, true} {
			t.Run(tc.name+map[bool]string{false: "/keys", true: "/touch"}[touch], func(t *testing.T) {
				src := new(input.Script)
				d := tc.open(t, src)
				s := newScreenText(t, d, src)
				s.settle(tc.scene)
				if touch {
					s.tap(tc.emptyX, tc.emptyY)
				}
				var named, clicks []string
				for tick := range 360 {
					s.tick()
					if tick%10 != 0 {
						continue
					}
					for _, l := range s.draw() {
						switch {
						case l.text == "→": // Ninjan's "beats →" between two symbols
						case keyNames.MatchString(l.text) && !slices.Contains(named, l.text):
							named = append(named, l.text)
						case strings.Contains(l.text, "click") && !slices.Contains(clicks, l.text):
							clicks = append(clicks, l.text)
						}
					}
				}
				if d.TouchOnly() != touch {
					t.Fatalf("TouchOnly %v, want %v", d.TouchOnly(), touch)
				}
				if touch && !testing.Short() {
					scenetest.Shoot(t, d, tc.name+"-touch-only")
				}
				switch {
				case touch && len(named)+len(clicks) > 0:
					t.Errorf("on a touch-only device the %s table says %q", tc.name, append(named, clicks...))
				case !touch && tc.keyHint && len(named) == 0:
					t.Errorf("with keys the %s table names none", tc.name)
				}
			})
		}
	}
}

// slamAt opens a Slam table of a human playing with dev and a bot.
func slamAt(tb testing.TB, src input.Source, dev input.Device) *scenes.Director {
	seats := lobby.Seating{Router: input.NewRouter(), Seats: []lobby.Seat{{Kind: lobby.Human, Device: dev}, {Kind: lobby.Bot, Bot: "easy"}}}
	if dev != input.NoDevice {
		if err := seats.Router.Bind(0, dev); err != nil {
			tb.Fatal(err)
		}
	}
	return scenes.New(scenes.Options{Source: src, Store: persist.At(tb.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { return slamtable.NewTable(d, seats, slam.DefaultConfig(2), 11) }})
}
