//go:build !js

package wasm

import (
	"testing"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
)

// stopFrames lets a test stop the page's frames as a browser does those
// of a hidden tab: Ebitengine runs its game loop from
// requestAnimationFrame, which a hidden tab does not call, while timers
// still run. window.jankenStopFrames holds the next frame back;
// jankenResumeFrames lets it go.
const stopFrames = `(() => {
	const raf = window.requestAnimationFrame.bind(window);
	let held = null;
	window.jankenStopFrames = false;
	window.requestAnimationFrame = cb => {
		if (!window.jankenStopFrames) return raf(cb);
		held = cb;
		return 0;
	};
	window.jankenResumeFrames = () => {
		window.jankenStopFrames = false;
		if (held) { const cb = held; held = null; raf(cb); }
	};
})();`

// TestBrowserHiddenTabKeepsItsSeat: a page at a desktop host's Ninjan
// table is hidden (its frames stop, as a browser stops a hidden tab's)
// for longer than the host waits for a silent machine. The page still
// answers the host, which keeps its seat; shown again, it plays on at the
// table. The host's clock waits for the page rather than outrun it: while
// it has not heard from the page for a second it runs slower, so that a
// busy machine, slow to run the page's timers, cannot fail the test.
func TestBrowserHiddenTabKeepsItsSeat(t *testing.T) {
	j := joinTable(t, stopFrames, false)
	h, p := j.h, j.p
	hosted := hostedNinjan(t, h)
	pageAddr := h.match.Joiners[0].Addr
	silent := func() time.Duration {
		t.Helper()
		for _, r := range hosted.Host.Remotes() {
			if r.Addr == pageAddr {
				if r.Fault != "" {
					t.Fatalf("the host gave the page up: %s", r.Fault)
				}
				return r.Silent
			}
		}
		t.Fatalf("the host took the hidden page's seat over")
		return 0
	}

	p.eval(`String(window.jankenStopFrames = true)`)
	last := int64(-1)
	p.waitFor("the page's frames to stop", func() bool {
		tick := p.tick()
		if tick == last {
			return true
		}
		last = tick
		time.Sleep(200 * time.Millisecond)
		return false
	})
	from, heard := h.d.Tick(), time.Now()
	for hidden := nettable.DropAfter + 2*time.Second; time.Duration(h.d.Tick()-from)*netplay.TickDuration < hidden; {
		h.step(1)
		s := silent()
		switch {
		case s < time.Second:
			heard = time.Now()
			time.Sleep(time.Second / scenes.TPS)
		case s < 3*time.Second:
			time.Sleep(100 * time.Millisecond)
		default:
			time.Sleep(time.Second)
		}
		if time.Since(heard) > time.Minute {
			t.Fatalf("the hidden page has not been heard for a minute (silent %v at the host)", s)
		}
	}
	if tick := p.tick(); tick != last {
		t.Fatalf("the page ran ticks %d to %d while hidden: its frames did not stop", last, tick)
	}
	t.Logf("hidden for %v of the host's time; the host kept its seat", time.Duration(h.d.Tick()-from)*netplay.TickDuration)

	p.eval(`String(jankenResumeFrames())`)
	j.hostFrom, j.joinAt = h.d.Tick(), last
	j.within("the table again", func(st status) bool { return st.Scene == "ninjan" && st.Tick > last+60 })
	if s := silent(); s > time.Second {
		t.Errorf("the page, shown again, is silent for %v at the host", s)
	}
}

// hostedNinjan returns the desktop host's hosted Ninjan game.
func hostedNinjan(t *testing.T, h *deskHost) *nettable.Hosted[*ninjan.State, ninjan.Action, ninjan.Event] {
	t.Helper()
	r, ok := h.d.Top().(*ninjantable.Runner)
	if !ok {
		t.Fatalf("the host's top scene is a %T", h.d.Top())
	}
	n, ok := r.Match().(interface {
		Hosted() *nettable.Hosted[*ninjan.State, ninjan.Action, ninjan.Event]
	})
	if !ok || n.Hosted() == nil {
		t.Fatal("the desktop does not host the game")
	}
	return n.Hosted()
}
