//go:build !js

package wasm

import (
	"bytes"
	"encoding/json"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
)

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

// draftOf returns the draft of its match the page keeps in its tab's
// session storage (netlobby.Draft, as JSON), and its replay.
func draftOf(t *testing.T, p *page) (netlobby.Draft, *replay.Replay) {
	t.Helper()
	var d netlobby.Draft
	if err := json.Unmarshal([]byte(p.eval(`String(sessionStorage.getItem("janken-arcade/rejoin-draft") || "")`)), &d); err != nil {
		t.Fatalf("the page's draft: %v", err)
	}
	r, err := replay.Decode(d.Replay)
	if err != nil {
		t.Fatalf("the page's draft's replay: %v", err)
	}
	return d, r
}

// TestBrowserGoesBackToItsSeat: a page at a desktop host's Ninjan table
// loses its seat's link three times, and goes back to the seat by itself
// each time, on a new connection with the ticket the host told it alone.
//
//   - Its WebSocket closes under it. Once the host has been silent for
//     nettable.DropAfter, the page asks for its seat again, and plays on:
//     its card reaches the host.
//   - It is reloaded. The host, which gives a silent desktop's seats to
//     bots after DropAfter, waits longer for a browser
//     (nettable.ReloadWait); here it runs DropAfter and 2 s more of its
//     time while the page reloads, whatever the machine's speed. Once its
//     player clicks to start it, the page goes back to the match from
//     the note it kept in the tab's session storage.
//   - It is reloaded again, and the host lets a bot play for it at once
//     (Let a bot play). The page that comes back takes its seat back
//     from the bot (netplay.Host.Return).
func TestBrowserGoesBackToItsSeat(t *testing.T) {
	j := joinTable(t, deskNinjan, trackSockets, false)
	h, p := j.h, j.p
	hosted := hostedNinjan(t, h)
	seat := func(t *testing.T, what string, not netip.AddrPort) netip.AddrPort {
		t.Helper()
		rs := hosted.Host.Remotes()
		if len(rs) != 1 || rs[0].Addr == not || rs[0].Seats != netplay.SeatsOf(1) || rs[0].Fault != "" {
			t.Fatalf("%s: the host's clients %+v; want seat 1 on a new connection, not %v", what, rs, not)
		}
		return rs[0].Addr
	}

	first := h.match.Joiners[0].Addr
	if n := p.eval(`String(jankenCutSockets())`); n != "1" {
		t.Fatalf("the page had %s WebSockets open, want 1", n)
	}
	j.hostFrom, j.joinAt = h.d.Tick(), p.tick()
	j.within("the table again on a new connection", func(st status) bool {
		rs := hosted.Host.Remotes()
		return st.Scene == "ninjan" && !st.Transitioning && len(rs) == 1 && rs[0].Addr != first && rs[0].Silent < time.Second
	})
	second := seat(t, "after the cut", first)
	t.Logf("cut: the page came back from %v (was %v), %d of its ticks later", second, first, p.tick()-j.joinAt)
	if !slices.Contains(hosted.Game().ToAct(nil), 1) {
		t.Fatal("seat 1 has already chosen its card")
	}
	p.press("Enter")
	j.within("the page's card at the host", func(status) bool { return !slices.Contains(hosted.Game().ToAct(nil), 1) })
	h.press(ebiten.KeyEnter) // the host's card: the round's cards show, and the page logs them
	j.within("the round's cards in the page's game log", func(status) bool {
		p.eval(`window.dispatchEvent(new Event("pagehide")), ""`)
		d, _ := draftOf(t, p)
		return len(d.Log) > 0
	})

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
	if rs := hosted.Host.Remotes(); len(rs) != 1 || rs[0].Addr != second || rs[0].Silent < nettable.DropAfter {
		t.Fatalf("after %v of the host's time, its clients are %+v; want the page's old connection, silent", time.Duration(away)*netplay.TickDuration, rs)
	}
	j.hostFrom, j.joinAt = h.d.Tick(), p.tick()
	j.within("the table again after the reload", func(st status) bool {
		rs := hosted.Host.Remotes()
		return st.Scene == "ninjan" && !st.Transitioning && len(rs) == 1 && rs[0].Addr != second
	})
	third := seat(t, "after the reload", second)
	t.Logf("reload: the page came back from %v (was %v), %v after the reload began", third, second, time.Since(reloaded).Round(10*time.Millisecond))

	// The page kept its replay and game log so far as it hid for the
	// reload, and the table that came back goes on from them: hidden
	// again, it keeps a draft that begins with the first one's steps, from
	// the same match, and a log that begins with the first one's lines.
	keptDraft, kept := draftOf(t, p)
	if len(kept.Steps) == 0 || kept.Header.Game != "ninjan" || kept.Header.Viewer != 1 || len(keptDraft.Log) == 0 {
		t.Fatalf("the draft the page kept as it reloaded: %s, viewer %d, %d steps, log %q", kept.Header.Game, kept.Header.Viewer, len(kept.Steps), keptDraft.Log)
	}
	p.eval(`window.dispatchEvent(new Event("pagehide")), ""`)
	againDraft, again := draftOf(t, p)
	if len(againDraft.Log) < len(keptDraft.Log) || !slices.Equal(againDraft.Log[:len(keptDraft.Log)], keptDraft.Log) {
		t.Fatalf("the table that came back has the game log %q, not one that goes on from the %q the page kept as it reloaded", againDraft.Log, keptDraft.Log)
	}
	if !again.Header.Date.Equal(kept.Header.Date) || len(again.Steps) < len(kept.Steps) ||
		!slices.EqualFunc(again.Steps[:len(kept.Steps)], kept.Steps, func(a, b replay.Step) bool { return a.At == b.At && bytes.Equal(a.Data, b.Data) }) {
		t.Fatalf("the table that came back keeps a draft of %d steps from %v, not one that goes on from the %d the page kept as it reloaded, from %v",
			len(again.Steps), again.Header.Date, len(kept.Steps), kept.Header.Date)
	}
	t.Logf("replay: the page kept %d steps and %d log lines as it reloaded; hidden again, %d and %d",
		len(kept.Steps), len(keptDraft.Log), len(again.Steps), len(againDraft.Log))

	// Reloaded once more, and the host lets a bot play for it at once:
	// the page that comes back takes its seat back from the bot.
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatalf("reload: %v", err)
	}
	if err := hosted.Release(netplay.SeatsOf(1)); err != nil {
		t.Fatal(err)
	}
	h.step(2)
	table := h.d.Top().(*ninjantable.Runner).Status()
	if rs := hosted.Host.Remotes(); len(rs) != 0 || !table.Bots.Sees(1) {
		t.Fatalf("after the host let a bot play: its clients %+v, its bots %05b; want seat 1 a bot's", rs, table.Bots)
	}
	p.waitFor("the reloaded page's click-to-start screen", func() bool { return p.phase() == "ready" })
	p.clickToStart(phoneLong/2, phoneShort/2)
	j.hostFrom, j.joinAt = h.d.Tick(), p.tick()
	j.within("the seat taken back from the bot", func(st status) bool {
		rs := hosted.Host.Remotes()
		return st.Scene == "ninjan" && !st.Transitioning && len(rs) == 1 && rs[0].Addr != third && !table.Bots.Sees(1)
	})
	seat(t, "back from the bot", third)
}
