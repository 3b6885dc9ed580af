//go:build !js

package wasm

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes/nettable"
)

// TestBrowserReloadTakesItsSeatBack: a page at a desktop host's Ninjan
// table is reloaded. The host, which gives a silent desktop's seats to
// bots after DropAfter, waits longer for a browser (nettable.ReloadWait);
// here it runs DropAfter and 2 s more of its time while the page reloads,
// whatever the machine's speed. Once its player clicks to start it, the
// page goes back to the match by itself with the ticket it kept in the
// tab's session storage, the host moves the seat to the page's new
// connection, and the page plays on at the table: its card reaches the
// host.
func TestBrowserReloadTakesItsSeatBack(t *testing.T) {
	j := joinTable(t, "", false)
	h, p := j.h, j.p
	hosted := hostedNinjan(t, h)
	old := h.match.Joiners[0].Addr
	if note := p.eval(`String(sessionStorage.getItem("janken-arcade/rejoin"))`); !strings.Contains(note, `"ticket"`) {
		t.Fatalf("the page kept no note of its match: %q", note)
	}
	reloaded := time.Now() // for the log alone
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatalf("reload: %v", err)
	}
	away := int64((nettable.DropAfter + 2*time.Second) / netplay.TickDuration)
	from := h.d.Tick()
	hostAway := func() { // two of the host's ticks a look, until it has run away
		if h.d.Tick()-from < away {
			h.step(2)
		}
	}
	p.waitFor("the reloaded page's click-to-start screen", func() bool { hostAway(); return p.phase() == "ready" })
	p.clickToStart(phoneLong/2, phoneShort/2)
	p.waitFor("the reloaded page's first scene", func() bool { hostAway(); st, ok := p.status(); return ok && st.Tick > 0 })
	for h.d.Tick()-from < away {
		h.step(2)
	}
	rs := hosted.Host.Remotes()
	if len(rs) != 1 || rs[0].Addr != old || rs[0].Silent < nettable.DropAfter {
		t.Fatalf("after %v of the host's time, its clients are %+v; want the page's old connection, silent", time.Duration(away)*netplay.TickDuration, rs)
	}

	j.hostFrom, j.joinAt = h.d.Tick(), p.tick()
	j.within("the table again", func(st status) bool { return st.Scene == "ninjan" && !st.Transitioning })
	rs = hosted.Host.Remotes()
	if len(rs) != 1 || rs[0].Addr == old || rs[0].Seats != netplay.SeatsOf(1) || rs[0].Fault != "" {
		t.Fatalf("the host's clients %+v; want seat 1 at the page's new connection, not %v", rs, old)
	}
	t.Logf("the page came back from %v (was %v), %v after the reload began", rs[0].Addr, old, time.Since(reloaded).Round(10*time.Millisecond))
	if !slices.Contains(hosted.Game().ToAct(nil), 1) {
		t.Fatal("seat 1 has already chosen its card")
	}
	p.press("Enter")
	j.within("the page's card at the host", func(status) bool { return !slices.Contains(hosted.Game().ToAct(nil), 1) })
}

// trackSockets lets a test cut the page's WebSockets, as a phone that
// sleeps or a Wi-Fi blip does, without reloading it:
// window.jankenCutSockets() closes every one the page opened.
const trackSockets = `(() => {
	const opened = [];
	window.WebSocket = class extends window.WebSocket {
		constructor(...args) { super(...args); opened.push(this); }
	};
	window.jankenCutSockets = () => { opened.forEach(s => s.close()); return opened.length; };
})();`

// TestBrowserLostLinkGoesBackToItsSeat: a page at a desktop host's Ninjan
// table loses its WebSocket. Once the host has been silent for
// nettable.DropAfter, the page asks for its seats again on a new
// connection, by itself, and plays on at the table.
func TestBrowserLostLinkGoesBackToItsSeat(t *testing.T) {
	j := joinTable(t, trackSockets, false)
	h, p := j.h, j.p
	hosted := hostedNinjan(t, h)
	old := h.match.Joiners[0].Addr
	if n := p.eval(`String(jankenCutSockets())`); n != "1" {
		t.Fatalf("the page had %s WebSockets open, want 1", n)
	}
	j.hostFrom, j.joinAt = h.d.Tick(), p.tick()
	j.within("the table again on a new connection", func(st status) bool {
		rs := hosted.Host.Remotes()
		return st.Scene == "ninjan" && !st.Transitioning && len(rs) == 1 && rs[0].Addr != old && rs[0].Silent < time.Second
	})
	rs := hosted.Host.Remotes()
	if rs[0].Seats != netplay.SeatsOf(1) || rs[0].Fault != "" {
		t.Fatalf("the host's clients %+v; want seat 1 at the page's new connection", rs)
	}
	t.Logf("the page came back from %v (was %v), %d of its ticks after the cut", rs[0].Addr, old, p.tick()-j.joinAt)
	p.press("Enter")
	j.within("the page's card at the host", func(status) bool { return !slices.Contains(hosted.Game().ToAct(nil), 1) })
}
