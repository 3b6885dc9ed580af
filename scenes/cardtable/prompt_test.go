package cardtable

import (
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// waitingLink is a host's link that waits for the phones of the seats
// awaited, as nettable.Hosted does when the host chose Wait, and records
// the seats it was told to release.
type waitingLink struct {
	fakeLink
	awaited  rulesets.Audience
	released []rulesets.Audience
}

func (l *waitingLink) Notice() (string, bool) {
	if l.awaited == 0 {
		return "", false
	}
	return "Waiting for Player 2's phone…", false
}

func (l *waitingLink) Awaited() rulesets.Audience { return l.awaited }

func (l *waitingLink) Release(seats rulesets.Audience) error {
	l.released = append(l.released, seats)
	l.awaited &^= seats
	return nil
}

// Where the shell's buttons are (package nettable's layout): the first
// and the second of two side by side, and a lone one; a point inside
// them at either height, touch or not.
var (
	firstButton  = image.Pt(484, 370)
	secondButton = image.Pt(796, 370)
	loneButton   = image.Pt(640, 370)
)

// promptDevice answers the shell's prompt one way: each field is the
// events of one tick.
type promptDevice struct {
	name string
	// open opens the prompt, first answers it with its first button
	// (leave, let a bot play), second with its second (stay, keep
	// waiting), and lone presses the waiting news's button, if the device
	// can (nil: it cannot).
	open, first, second, lone func(f *fixture) []input.Event
}

// taps counts the touches the tests began.
var taps ebiten.TouchID

// at returns the events of a click (mouse) or a tap (touch) at p. Each
// tap is a new touch, as a finger's next tap is.
func at(mouse bool, p image.Point) func(f *fixture) []input.Event {
	return func(f *fixture) []input.Event {
		x, y := f.d.ToScreen(float64(p.X), float64(p.Y))
		if mouse {
			return []input.Event{input.MouseMove(x, y), input.MouseDown(ebiten.MouseButtonLeft)}
		}
		taps++
		return []input.Event{input.TouchDown(taps, x, y)}
	}
}

// events returns the constant events evs.
func events(evs ...input.Event) func(f *fixture) []input.Event {
	return func(*fixture) []input.Event { return evs }
}

// menuButton is the middle of the table's Menu button.
var menuButton = image.Pt(scenes.ScreenWidth-132+buttonW/2, 9+buttonH/2)

var promptDevices = []promptDevice{
	{name: "mouse", open: at(true, menuButton), first: at(true, firstButton), second: at(true, secondButton), lone: at(true, loneButton)},
	{name: "touch", open: at(false, menuButton), first: at(false, firstButton), second: at(false, secondButton), lone: at(false, loneButton)},
	{name: "gamepad",
		open:   events(input.PadDown(0, ebiten.StandardGamepadButtonCenterRight)),
		first:  events(input.PadDown(0, ebiten.StandardGamepadButtonRightBottom)),
		second: events(input.PadDown(0, ebiten.StandardGamepadButtonRightRight))},
	{name: "keys",
		open:   events(input.KeyDown(ebiten.KeyEscape)),
		first:  events(input.KeyDown(ebiten.KeyEnter)),
		second: events(input.KeyDown(ebiten.KeyEscape))},
}

// newPromptFixture is a network table of a human on the Right keys and a
// bot, on link, with a gamepad plugged in but seated nowhere.
func newPromptFixture(t *testing.T, link Link) *fixture {
	f := newFixtureWith(t, 3, privacy.HandOff, func(cfg *Config[toyView, int, toyEvent]) { cfg.Net = link }, &rightKeys, nil)
	f.tick(input.PadConnect(0))
	f.until(200, func() bool { return f.r.Status().Acting == 0 })
	return f
}

// TestLeavePromptAnswersEveryDevice: the "leave the match?" prompt opens
// and is answered with a mouse, a finger, a gamepad or the keys alone —
// stay, then leave; the press that closes it never reaches the table.
func TestLeavePromptAnswersEveryDevice(t *testing.T) {
	for _, dev := range promptDevices {
		t.Run(dev.name, func(t *testing.T) {
			link := new(fakeLink)
			f := newPromptFixture(t, link)
			f.tick(dev.open(f)...)
			if !f.r.shell.Leaving {
				t.Fatal("the prompt did not open")
			}
			inputs := len(f.table.inputs)
			f.tick(dev.second(f)...)
			if f.r.shell.Leaving || f.d.Top() != scenes.Scene(f.r) {
				t.Fatalf("after Stay the prompt is up %v, the top scene %q", f.r.shell.Leaving, f.d.Top().Name())
			}
			if len(f.table.inputs) != inputs {
				t.Error("the press that closed the prompt reached the table too")
			}
			f.tick(dev.open(f)...)
			f.tick(dev.first(f)...)
			f.until(60, func() bool { return f.d.Top().Name() == "credits" && !f.d.Transitioning() })
			if link.closed != 1 {
				t.Errorf("leaving closed the link %d times, want 1", link.closed)
			}
		})
	}
}

// TestWaitPromptAnswersEveryDevice: while the host waits for a phone,
// the news's button (or Esc, the Menu button, Start) asks whether to let
// a bot play; Keep waiting closes it and releases nobody, Let a bot play
// releases the awaited seat, and the table plays on.
func TestWaitPromptAnswersEveryDevice(t *testing.T) {
	for _, dev := range promptDevices {
		t.Run(dev.name, func(t *testing.T) {
			link := &waitingLink{awaited: rulesets.Only(1)}
			f := newPromptFixture(t, link)
			open := dev.open
			if dev.lone != nil {
				open = dev.lone // the button on the news
			}
			f.tick(open(f)...)
			if !f.r.shell.Leaving || f.r.shell.Awaited != "Player 2" {
				t.Fatalf("the prompt is up %v, for %q", f.r.shell.Leaving, f.r.shell.Awaited)
			}
			f.tick(dev.second(f)...)
			if f.r.shell.Leaving || len(link.released) != 0 {
				t.Fatalf("after Keep waiting the prompt is up %v, released %v", f.r.shell.Leaving, link.released)
			}
			f.tick(dev.open(f)...)
			f.tick(dev.first(f)...)
			if len(link.released) != 1 || link.released[0] != rulesets.Only(1) {
				t.Fatalf("Let a bot play released %v, want seat 1 once", link.released)
			}
			if f.r.shell.Leaving || f.d.Top() != scenes.Scene(f.r) || link.closed != 0 {
				t.Errorf("after Let a bot play the prompt is up %v, the top scene %q, the link closed %d times",
					f.r.shell.Leaving, f.d.Top().Name(), link.closed)
			}
		})
	}
}

// TestPromptNamesNoKeyOnTouch: a prompt opened by touch alone names no
// key, and its buttons are tall enough for a finger (44 CSS px on a
// phone); opened from the keyboard, it says which keys answer it.
func TestPromptNamesNoKeyOnTouch(t *testing.T) {
	for _, tc := range []struct {
		name       string
		open       func(f *fixture) []input.Event
		wantHint   bool
		screenshot string
	}{
		{"touch", at(false, menuButton), false, "net-leave-prompt-touch"},
		{"keys", events(input.KeyDown(ebiten.KeyEscape)), true, "net-leave-prompt-keys"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newPromptFixture(t, new(fakeLink))
			f.tick(tc.open(f)...)
			img := scenetest.Shoot(t, f.d, tc.screenshot)
			// The hint is the only dim text under the buttons.
			under := image.Rect(240, 400, 1040, 520)
			if got := hasColour(img, under, f.d.Palette().TextDim); got != tc.wantHint {
				t.Errorf("a hint under the buttons %v, want %v", got, tc.wantHint)
			}
		})
	}
	// A finger's tap lands on the touch-sized button's lower part, below
	// where the keyboard's button ends.
	f := newPromptFixture(t, new(fakeLink))
	f.tick(at(false, menuButton)(f)...)
	f.tick(at(false, image.Pt(secondButton.X, 344+scenes.TouchTarget-4))(f)...)
	if f.r.shell.Leaving {
		t.Error("a tap near the bottom of the touch-sized Stay button missed it")
	}
}

// hasColour reports whether a pixel in r of img is clr.
func hasColour(img *image.RGBA, r image.Rectangle, clr color.RGBA) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == clr {
				return true
			}
		}
	}
	return false
}

// TestWaitingNewsShowsButton: the news that the host waits for a phone
// is drawn with its button, so a screenshot shows what a finger taps.
func TestWaitingNewsShowsButton(t *testing.T) {
	f := newPromptFixture(t, &waitingLink{awaited: rulesets.Only(1)})
	f.tick(at(false, firstButton)(f)...) // a tap on the table, away from the news's lone button: touch-only now
	scenetest.Shoot(t, f.d, "net-waiting-news-touch")
	f.tick(at(false, loneButton)(f)...)
	scenetest.Shoot(t, f.d, "net-let-a-bot-play-touch")
	if !f.r.shell.Leaving {
		t.Error("the news's button did not open the prompt")
	}
}

// passingLink is a network match's connection with news in passing, as a
// client's is when the host's bots took a seat.
type passingLink struct {
	fakeLink
	news string
}

func (l *passingLink) Passing() string { return l.news }

// saidMatch is a match whose host tells news in passing once, on its
// third update, as a client's does.
type saidMatch struct {
	Match[toyView, int, toyEvent]
	said    string
	updates int
}

func (m *saidMatch) Update() (News[toyEvent], error) {
	n, err := m.Match.Update()
	if m.updates++; m.updates == 3 {
		n.Said = m.said
	}
	return n, err
}

// TestNewsInPassingLeavesTheTableClear: news that seats changed hands,
// while the game goes on, is drawn in a pill where the connection's line
// is, with no panel over the table, and the game log keeps it once.
func TestNewsInPassingLeavesTheTableClear(t *testing.T) {
	const news = "Player 3 left: a bot plays for them."
	f := newFixtureWith(t, 3, privacy.HandOff, func(cfg *Config[toyView, int, toyEvent]) {
		cfg.Net = &passingLink{news: news}
		cfg.Match = &saidMatch{Match: cfg.Match, said: news}
	}, &rightKeys, nil)
	for range 10 {
		f.tick()
	}
	if n := slices.Index(f.r.st.log, news); n < 0 || slices.Index(f.r.st.log[n+1:], news) >= 0 {
		t.Errorf("the game log %q keeps the news %d times, want once", f.r.st.log, strings.Count(strings.Join(f.r.st.log, "\n"), news))
	}
	img := scenetest.Shoot(t, f.d, "net-news-in-passing")
	pal := f.d.Palette()
	if hasColour(img, image.Rect(240, 300, 1040, 380), opaque(pal.Panel)) {
		t.Error("a panel of news over the table")
	}
	if got := img.RGBAAt(scenes.ScreenWidth-20, scenes.ScreenHeight-16); got != pal.Accent {
		t.Errorf("pixel %v at the end of the connection's line, want the pill's %v", got, pal.Accent)
	}
}

// opaque returns c without its translucency.
func opaque(c color.RGBA) color.RGBA {
	c.A = 0xff
	return c
}
