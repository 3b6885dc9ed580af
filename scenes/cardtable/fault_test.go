package cardtable

import (
	"errors"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// faultyMatch is a network match whose Update fails with err once set,
// as a netplay host's does when a client misbehaves.
type faultyMatch struct {
	Match[toyView, int, toyEvent]
	err     error
	updates int // calls of Update
}

func (m *faultyMatch) Update() (News[toyEvent], error) {
	m.updates++
	if m.err != nil {
		return News[toyEvent]{}, m.err
	}
	return m.Match.Update()
}

// fakeLink is a network match's connection that counts its closing.
type fakeLink struct{ closed int }

func (l *fakeLink) Connection() string     { return "Network · test" }
func (l *fakeLink) Notice() (string, bool) { return "", false }
func (l *fakeLink) Passing() string        { return "" }
func (l *fakeLink) Close()                 { l.closed++ }

// TestNetworkFaultEndsMatchNotProgram: when the match's network fails
// mid-game, the director's Update — what ebiten.RunGame calls — never
// returns the error: the table says the match ended, closes its link at
// once, asks the network no more, and Enter leaves to the scene below.
func TestNetworkFaultEndsMatchNotProgram(t *testing.T) {
	var m *faultyMatch
	link := new(fakeLink)
	f := newFixtureWith(t, 3, privacy.HandOff, func(cfg *Config[toyView, int, toyEvent]) {
		m = &faultyMatch{Match: cfg.Match}
		cfg.Match, cfg.Net = m, link
	}, &rightKeys, nil)
	f.until(200, func() bool { return f.r.Status().Acting == 0 })
	m.err = errors.New("netplay: peer 1 is 256 messages behind")
	before := m.updates
	for range 30 {
		f.tick() // fails the test if the director returns an error
	}
	if !strings.Contains(f.r.shell.Fault, "256 messages behind") || !f.r.shell.Gone {
		t.Errorf("the table shows fault %q (gone %v)", f.r.shell.Fault, f.r.shell.Gone)
	}
	if link.closed != 1 || m.updates != before+1 {
		t.Errorf("after the fault the link was closed %d times and the network updated %d times, want 1 and 1", link.closed, m.updates-before)
	}
	f.tick(input.KeyDown(ebiten.KeyEnter))
	f.until(60, func() bool { return f.d.Top().Name() == "credits" && !f.d.Transitioning() })
}

// TestClosingTheWindowLeavesTheMatch: a player who closes the window in
// the middle of a network match leaves it as if they had left the table:
// the program quits, and the match's link closes first (it tells the
// other machines; see nettable.Side.Close).
func TestClosingTheWindowLeavesTheMatch(t *testing.T) {
	link := new(fakeLink)
	f := newFixtureWith(t, 3, privacy.HandOff, func(cfg *Config[toyView, int, toyEvent]) { cfg.Net = link }, &rightKeys, nil)
	f.tick()
	if link.closed != 0 {
		t.Fatalf("the link closed %d times before the window", link.closed)
	}
	f.closing = true
	if err := f.d.Update(); !errors.Is(err, ebiten.Termination) {
		t.Fatalf("the window closed, the director's Update returns %v", err)
	}
	if link.closed != 1 {
		t.Errorf("the window closed, the link closed %d times, want once", link.closed)
	}
}
