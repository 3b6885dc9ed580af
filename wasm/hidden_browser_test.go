//go:build !js

package wasm

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/jankenarcade/janken/internal/soak"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
)

// TestBrowserHiddenTabKeepsItsSeat: a page at a desktop host's Ninjan
// table is hidden, its window minimized (the browser stops its frames and
// throttles its timers, as it does a background tab's), for longer than
// the host waits for a silent desktop. The page still answers the host,
// which keeps its seat and never finds it silent for DropAfter; shown
// again, it plays on at the table. The host's clock waits for the page
// rather than outrun it: while it has not heard from the page for a
// second it runs slower, so that a busy machine, slow to run the page's
// timers, cannot fail the test.
//
// A page hidden for five minutes is throttled harder (Chrome's intensive
// wake-up throttling: its timers run at most once a minute). The soak
// (tools/test --soak) has the browser start that after 10 s, and keeps
// the page hidden for 100 s of real time while the host's clock runs at
// its own pace: the page's pump (scenes.KeepAwake) runs on its timers,
// which the host's packets wake as they arrive, and the page keeps its
// seat.
func TestBrowserHiddenTabKeepsItsSeat(t *testing.T) {
	var opts []chromedp.ExecAllocatorOption
	if soak.Full() {
		opts = append(opts, chromedp.Flag("enable-features", "IntensiveWakeUpThrottling:grace_period_seconds/10"))
	}
	j := joinTable(t, deskNinjan, timerGaps, false, opts...)
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

	p.setWindow(browser.WindowStateMinimized)
	if v := p.eval(`document.visibilityState`); v != "hidden" {
		t.Fatalf("the minimized page is %s", v)
	}
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
	from, hidden, heard, longest := h.d.Tick(), time.Now(), time.Now(), time.Duration(0)
	hostTime := func() time.Duration { return time.Duration(h.d.Tick()-from) * netplay.TickDuration }
	for hostTime() < nettable.DropAfter+2*time.Second || soak.Full() && time.Since(hidden) < 100*time.Second {
		h.step(1)
		s := silent()
		longest = max(longest, s)
		switch {
		case s >= nettable.DropAfter:
			t.Fatalf("the hidden page was silent for %v at the host", s)
		case time.Since(heard) > time.Minute:
			t.Fatalf("the hidden page has not been heard for a minute (silent %v at the host)", s)
		case s < time.Second:
			heard = time.Now()
			time.Sleep(time.Second / scenes.TPS)
		case soak.Full():
			time.Sleep(time.Second / scenes.TPS) // the host's clock at its own pace
		case s < 3*time.Second:
			time.Sleep(100 * time.Millisecond)
		default:
			time.Sleep(time.Second)
		}
	}
	if tick := p.tick(); tick != last {
		t.Fatalf("the page ran ticks %d to %d while hidden: its frames did not stop", last, tick)
	}
	gaps := p.eval(`String(timerGaps.longest)`)
	t.Logf("hidden for %v of the host's time (%v of real time); the host kept its seat, the longest silence %v; the page's timers waited up to %s ms",
		hostTime(), time.Since(hidden).Round(time.Second), longest, gaps)
	if soak.Full() {
		if ms, _ := strconv.Atoi(gaps); ms < 10_000 {
			t.Errorf("the page's timers waited at most %d ms: the browser did not throttle them hard", ms)
		}
	}

	p.setWindow(browser.WindowStateNormal)
	j.hostFrom, j.joinAt = h.d.Tick(), p.tick()
	j.within("the table again", func(st status) bool { return st.Scene == "ninjan" && st.Tick > j.joinAt+60 })
	if s := silent(); s > time.Second {
		t.Errorf("the page, shown again, is silent for %v at the host", s)
	}
}

// timerGaps keeps, in timerGaps.longest, the longest wait of a 100 ms
// interval timer of the page: a throttled page's are longer.
const timerGaps = `(() => {
	window.timerGaps = { longest: 0 };
	let last = Date.now();
	setInterval(() => {
		const now = Date.now();
		timerGaps.longest = Math.max(timerGaps.longest, now - last);
		last = now;
	}, 100);
})();`

// setWindow minimizes the page's window, or restores it: the page of a
// minimized window is hidden (document.visibilityState), headless too.
func (p *page) setWindow(state browser.WindowState) {
	p.t.Helper()
	err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		w, err := cdp.Call(ctx, tg, browser.GetWindowForTarget, browser.GetWindowForTargetParams{})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, tg, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: w.WindowID, Bounds: &browser.Bounds{WindowState: state}})
		return err
	}))
	if err != nil {
		p.t.Fatalf("window %s: %v", state, err)
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
