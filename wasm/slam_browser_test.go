//go:build !js

package wasm

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/slamtable"
)

// TestBrowserPlaysSlamThenItsTabCloses: a phone's page, the game's own,
// joins a desktop host's Slam room by taps, and the two machines play
// the match under the rollback session, the page over its WebSocket. Then
// the page's tab closes, without a word. Chromium closes the WebSocket as
// the tab goes, and the host takes that as the player leaving: it drops
// the page's seat without waiting out its silence (on a clock that stands
// still while the host waits for it), and the game goes on.
func TestBrowserPlaysSlamThenItsTabCloses(t *testing.T) {
	j := joinTable(t, deskSlam, "", false)
	h, p := j.h, j.p
	nt, ok := h.d.Top().(*slamtable.NetTable)
	if !ok {
		t.Fatalf("the host's top scene is a %T", h.d.Top())
	}
	sess := nt.Session()
	settled := func() int64 { n, _ := sess.Settled(); return n }
	from := settled()
	j.within("a second of the match settled with the page", func(status) bool { return settled() >= from+scenes.TPS })
	if sess.Peer(1).Dropped {
		t.Fatal("the host dropped the page while it played")
	}
	t.Logf("the host settled ticks %d to %d with the page", from, settled())

	err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.Close, cdp.Empty{})
		return err
	}))
	if err != nil {
		t.Fatalf("closing the tab: %v", err)
	}
	// The host's clock stands still: nobody is silent any longer for
	// however long the host waits, so only the closed connection can
	// drop the page.
	frozen := time.Duration(h.d.Tick()) * netplay.TickDuration
	nt.RunOn(func() time.Duration { return frozen })
	for deadline := time.Now().Add(time.Minute); !sess.Peer(1).Dropped; {
		if time.Now().After(deadline) {
			t.Fatal("a minute after the page's tab closed, the host has not dropped it")
		}
		h.step(1)
		time.Sleep(time.Millisecond)
	}
	nt.RunOn(func() time.Duration { return time.Duration(h.d.Tick()) * netplay.TickDuration })
	at := settled()
	h.step(2 * scenes.TPS)
	if settled() < at+scenes.TPS {
		t.Errorf("two seconds after the drop, the host settled ticks %d to %d only", at, settled())
	}
	t.Logf("the host dropped the page whose tab closed, and played on from tick %d to %d", at, settled())
}
