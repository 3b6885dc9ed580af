package privacy

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// frame returns a frame where seat pressed confirm and peekers hold Peek.
func frame(confirmSeat int, peekers ...int) *rulesets.Frame {
	f := &rulesets.Frame{}
	if confirmSeat >= 0 {
		f.Pressed[confirmSeat] = rulesets.ButtonConfirm
	}
	for _, s := range peekers {
		f.Held[s] |= rulesets.ButtonPeek
	}
	return f
}

// step is one tick of a scripted table: who owes, what was pressed, and
// what the gate must show.
type step struct {
	owe     []int
	f       *rulesets.Frame
	curtain int // -1: none
	viewer  int
	mayAct  bool
}

func runSteps(t *testing.T, g *Gate, steps []step) {
	t.Helper()
	for i, st := range steps {
		g.Owe(st.owe)
		g.Update(st.f)
		g.ResetShown()
		for seat := range rulesets.MaxSeats {
			g.MayShow(seat)
		}
		cur, ok := g.Curtain()
		if !ok {
			cur = -1
		}
		if cur != st.curtain || g.Viewer() != st.viewer || g.MayAct(g.Viewer()) != st.mayAct {
			t.Errorf("tick %d: curtain %d viewer %d mayAct %v; want curtain %d viewer %d mayAct %v",
				i, cur, g.Viewer(), g.MayAct(g.Viewer()), st.curtain, st.viewer, st.mayAct)
		}
		// However the scene asks, it may draw no hand but the viewer's.
		want := rulesets.Audience(0)
		if st.viewer >= 0 && st.curtain < 0 {
			want = rulesets.Only(st.viewer)
		}
		if g.Shown() != want {
			t.Errorf("tick %d: hands allowed %b, want %b", i, g.Shown(), want)
		}
	}
}

func TestHandOffCurtain(t *testing.T) {
	var focused []int
	// Seats 0 and 2 are human, 1 is a bot.
	g := NewGate(HandOff, rulesets.Only(0, 2), func(s int) { focused = append(focused, s) })
	runSteps(t, g, []step{
		{owe: []int{0}, f: frame(-1), curtain: 0, viewer: NoViewer},
		{owe: []int{0}, f: frame(2), curtain: 0, viewer: NoViewer}, // the wrong seat cannot lift it
		{owe: []int{0}, f: frame(0), curtain: -1, viewer: 0},       // revealed; this Confirm plays nothing
		{owe: []int{0}, f: frame(0), curtain: -1, viewer: 0, mayAct: true},
		{owe: []int{1}, f: frame(-1), curtain: -1, viewer: NoViewer}, // the bot's turn: hands hidden
		{owe: []int{2}, f: frame(0), curtain: 2, viewer: NoViewer},   // pass to Player 3
		{owe: []int{2}, f: frame(2), curtain: -1, viewer: 2},
		{owe: []int{1, 2}, f: frame(-1), curtain: -1, viewer: 2, mayAct: true},
		{owe: []int{2}, f: frame(-1), curtain: -1, viewer: 2, mayAct: true}, // the same player again: no curtain
		{owe: nil, f: nil, curtain: -1, viewer: NoViewer},
		{owe: []int{0}, f: nil, curtain: 0, viewer: NoViewer}, // back to Player 1: curtain again
	})
	if len(focused) != 3 || focused[0] != 0 || focused[1] != 2 || focused[2] != 0 {
		t.Errorf("focus went to %v, want [0 2 0]", focused)
	}
}

func TestSimultaneousPicksInTurn(t *testing.T) {
	// Three humans owe a simultaneous pick; each picks privately in turn.
	g := NewGate(HandOff, rulesets.Only(0, 1, 3), nil)
	runSteps(t, g, []step{
		{owe: []int{0, 1, 3}, f: nil, curtain: 0, viewer: NoViewer},
		{owe: []int{0, 1, 3}, f: frame(0), curtain: -1, viewer: 0},
		{owe: []int{1, 3}, f: nil, curtain: 1, viewer: NoViewer}, // 0 picked: hidden before 1 comes
		{owe: []int{1, 3}, f: frame(1), curtain: -1, viewer: 1},
		{owe: []int{3}, f: frame(3), curtain: 3, viewer: NoViewer}, // a press before the curtain rose
		{owe: []int{3}, f: frame(3), curtain: -1, viewer: 3},
	})
}

func TestSingleHumanNeedsNoCurtain(t *testing.T) {
	g := NewGate(HandOff, rulesets.Only(1), nil)
	runSteps(t, g, []step{
		{owe: []int{0}, f: nil, curtain: -1, viewer: NoViewer},
		{owe: []int{1}, f: nil, curtain: -1, viewer: 1, mayAct: true},
	})
}

func TestHoldToPeek(t *testing.T) {
	g := NewGate(Peek, rulesets.Only(0, 1, 2), nil)
	runSteps(t, g, []step{
		{owe: []int{0, 1, 2}, f: frame(-1), curtain: -1, viewer: NoViewer},
		{owe: []int{0, 1, 2}, f: frame(-1, 1), curtain: -1, viewer: 1, mayAct: true},
		{owe: []int{0, 1, 2}, f: frame(-1, 1, 2), curtain: -1, viewer: NoViewer}, // crowded
		{owe: []int{0, 1, 2}, f: frame(-1, 3), curtain: -1, viewer: NoViewer},    // seat 3 is a bot
		{owe: []int{0, 1, 2}, f: nil, curtain: -1, viewer: NoViewer},             // paused
	})
	g.Update(frame(-1, 0, 2))
	if !g.Crowded() {
		t.Error("two peekers: not crowded")
	}
}
