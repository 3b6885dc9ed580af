//go:build !js

package netplay

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
	"github.com/jankenarcade/janken/internal/webflags"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// TestBrowserPeerJoinsDesktopHost builds the browser peer for js/wasm, has
// a desktop host serve it over HTTP on loopback, opens it in headless
// Chromium, and checks that the browser's session settles the same Slam
// ticks, hash for hash, as the host's, both ends sealed with the room's
// code as in the game.
func TestBrowserPeerJoinsDesktopHost(t *testing.T) {
	h, ctx := serveBrowserPeer(t)
	const room, seed, ticks = 321, 9, 240
	openBrowserPeer(t, ctx, h, fmt.Sprintf("room=%d&seed=%d&ticks=%d", room, seed, ticks))
	peer := h.waitPeer(t)
	stop := make(chan struct{})
	hashes, done := hostSlam(t, seal(t, h.tr, room), peer, room, seed, stop)
	defer func() {
		close(stop)
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	got := waitBrowserDone(t, ctx)
	if got.tick != ticks {
		t.Fatalf("the browser reports tick %d, want %d", got.tick, ticks)
	}
	deadline := time.Now().Add(hang)
	for {
		hash, ok := hashes(got.tick)
		if ok {
			if hash != got.hash {
				t.Fatalf("tick %d: browser hash %#x, host %#x", got.tick, got.hash, hash)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the host never settled tick %d", got.tick)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("the browser peer settled tick %d with the host's hash %#x", got.tick, got.hash)
}

// TestBrowserPeerRelayedThreePeers has a real browser peer play
// three-player Slam with a desktop host and a second desktop peer, all on
// loopback: the browser reaches the host over WebSocket, the desktops
// each other over UDP, and the host relays between the browser and the
// other desktop. The three agree on the input delay (AdaptDelay), settle
// the same tick with the same hash, and the browser's presses, every one
// of them on its tick, are those the desktops settled.
func TestBrowserPeerRelayedThreePeers(t *testing.T) {
	h, ctx := serveBrowserPeer(t)
	const room, seed, ticks, players = 322, 10, 600, 3
	openBrowserPeer(t, ctx, h, fmt.Sprintf("room=%d&seed=%d&ticks=%d&players=%d&adapt=1", room, seed, ticks, players))
	browser := h.waitPeer(t)
	desktop := listen(t)
	views := [][]PeerConfig{
		{{Seats: SeatsOf(0)}, {Addr: desktop.LocalAddr(), Seats: SeatsOf(1)}, {Addr: browser, Seats: SeatsOf(2), HostOnly: true}},
		{{Addr: h.tr.LocalAddr(), Seats: SeatsOf(0)}, {Seats: SeatsOf(1)}, {Seats: SeatsOf(2), HostOnly: true}},
	}
	d := runDesktops(t, views, []Transport{seal(t, h.tr, room), seal(t, desktop, room)}, room, seed, ticks)
	got := waitBrowserDone(t, ctx)
	if got.tick != ticks {
		t.Fatalf("the browser reports tick %d, want %d", got.tick, ticks)
	}
	res := d.wait(t)
	for i, r := range res {
		if r.hash != got.hash {
			t.Errorf("tick %d: desktop %d hash %#x, the browser's %#x", ticks, i, r.hash, got.hash)
		}
		if r.presses != got.presses {
			t.Errorf("desktop %d settled %+v of the browser's presses, the browser %+v", i, r.presses, got.presses)
		}
		if r.delay != res[0].delay {
			t.Errorf("desktop %d played with input delay %d, the host %d", i, r.delay, res[0].delay)
		}
		if d := r.dropped; refused(d) != 0 {
			t.Errorf("desktop %d refused relayed packets: %+v", i, d)
		}
	}
	if got.presses.n == 0 {
		t.Error("the browser pressed nothing: its presses reaching the others proves nothing")
	}
	t.Logf("three peers settled tick %d with hash %#x, the browser's %d presses alike, input delay %d", ticks, got.hash, got.presses.n, res[0].delay)
}

// The browser peer, built once for the tests that load it.
var browserPeer struct {
	once sync.Once
	wasm []byte
	err  error
}

// browserPeerWasm builds the browser peer for js/wasm with the web build's
// flags (internal/webflags), so that it reuses the packages tools/test's
// js/wasm vet has compiled rather than compiling the standard library for
// WebAssembly once more.
func browserPeerWasm(t *testing.T) []byte {
	t.Helper()
	browserPeer.once.Do(func() {
		dir, err := os.MkdirTemp("", "browserpeer")
		if err != nil {
			browserPeer.err = err
			return
		}
		defer os.RemoveAll(dir)
		out := filepath.Join(dir, "peer.wasm")
		build := exec.Command("go", append(append([]string{"build", "-o", out}, webflags.Go()...), "./internal/browserpeer")...)
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if b, err := build.CombinedOutput(); err != nil {
			browserPeer.err = fmt.Errorf("build the browser peer: %v\n%s", err, b)
			return
		}
		browserPeer.wasm, browserPeer.err = os.ReadFile(out)
	})
	if browserPeer.err != nil {
		t.Fatal(browserPeer.err)
	}
	return browserPeer.wasm
}

// serveBrowserPeer serves the browser peer from a desktop host on loopback
// and starts headless Chromium, whose context it returns.
func serveBrowserPeer(t *testing.T) (*webHost, context.Context) {
	chromium := chromiumtest.Path(t)
	wasmExec, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	site := fstest.MapFS{
		"index.html":   {Data: []byte(browserPage)},
		"peer.wasm":    {Data: browserPeerWasm(t)},
		"wasm_exec.js": {Data: wasmExec},
	}
	h := newWebHost(t, site)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), chromiumtest.Options(t, chromium)...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, hang)
	t.Cleanup(cancel)
	return h, ctx
}

// openBrowserPeer opens the browser peer's page with query.
func openBrowserPeer(t *testing.T, ctx context.Context, h *webHost, query string) {
	if _, err := chromedp.Run(ctx, chromedp.Navigate(h.srv.URL+"/index.html?"+query)); err != nil {
		t.Fatal(err)
	}
}

// pressTally is how many presses of a seat were settled, and a checksum
// of their ticks and buttons, as the browser peer computes it.
type pressTally struct{ n, sum uint64 }

func (p *pressTally) add(f *rulesets.Frame, seat int) {
	if b := f.Pressed[seat]; b != 0 {
		p.n++
		p.sum = p.sum*31 + uint64(f.Tick)<<16 + uint64(b)
	}
}

// browserDone is what the browser peer reports in its title when done.
type browserDone struct {
	tick    int64
	hash    uint64
	presses pressTally
}

// waitBrowserDone waits for the browser peer's "done" title and parses it.
func waitBrowserDone(t *testing.T, ctx context.Context) browserDone {
	var title string
	for !strings.HasPrefix(title, "done") {
		var err error
		if title, err = chromedp.Run(ctx, chromedp.Title()); err != nil {
			t.Fatalf("page title: %v", err)
		}
		if strings.HasPrefix(title, "error") {
			t.Fatalf("browser peer: %s", title)
		}
		time.Sleep(100 * time.Millisecond)
	}
	var d browserDone
	if _, err := fmt.Sscanf(title, "done %d %d %d %d", &d.tick, &d.hash, &d.presses.n, &d.presses.sum); err != nil {
		t.Fatalf("title %q: %v", title, err)
	}
	return d
}

// desktopResult is what a desktop peer of runDesktops settled.
type desktopResult struct {
	hash    uint64 // of the state after the last tick
	presses pressTally
	delay   int
	dropped Drops
}

// desktops runs desktop peers of a Slam in real time in a goroutine.
type desktops struct {
	done chan []desktopResult
	errs chan error
}

// runDesktops runs a session for each of views (peers 0 to len(views)-1
// of a Slam whose last seat is a browser's), each played by a hard bot,
// until each has settled tick last, tallying the last seat's presses.
func runDesktops(t *testing.T, views [][]PeerConfig, trs []Transport, room RoomCode, seed uint64, last int64) *desktops {
	players := len(views[0])
	browser := players - 1
	res := make([]desktopResult, len(views))
	sessions := make([]*Session[slam.State, *slam.State], len(views))
	bots := make([]slam.Bot, len(views))
	for i, peers := range views {
		cfg := Config[slam.State]{
			Room: room, Peers: peers, Self: i, AdaptDelay: true, DumpDir: t.TempDir(),
			OnSettled: func(f *rulesets.Frame, s *slam.State) {
				if f.Tick <= last {
					res[i].presses.add(f, browser)
					res[i].hash = s.Hash()
				}
			},
		}
		s, err := NewSession[slam.State](cfg, trs[i], newSlam(t, players, seed))
		if err != nil {
			t.Fatalf("peer %d: %v", i, err)
		}
		sessions[i], bots[i] = s, slam.NewBot(i, slam.Hard, seed+uint64(i))
	}
	d := &desktops{done: make(chan []desktopResult, 1), errs: make(chan error, 1)}
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	go func() {
		start := time.Now()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if time.Since(start) > hang {
				d.errs <- fmt.Errorf("the desktops did not settle tick %d in %v", last, hang)
				return
			}
			all := true
			for i, s := range sessions {
				var f rulesets.Frame
				bots[i].Act(s.State(), &f)
				s.Update(time.Since(start), &f)
				for _, ev := range s.Events() {
					if ev.Kind != EventWarning && ev.Kind != EventResumed {
						d.errs <- fmt.Errorf("desktop %d: %+v", i, ev)
						return
					}
				}
				settled, _ := s.Settled()
				all = all && settled >= last
			}
			if all {
				for i, s := range sessions {
					res[i].delay, res[i].dropped = s.InputDelay(), s.Stats().Counter.Dropped
				}
				d.done <- res
				return
			}
			time.Sleep(TickDuration / 4)
		}
	}()
	return d
}

// wait returns what the desktops settled, failing the test on an error.
func (d *desktops) wait(t *testing.T) []desktopResult {
	select {
	case res := <-d.done:
		return res
	case err := <-d.errs:
		t.Fatal(err)
		return nil
	}
}

const browserPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>joining</title>
<script src="wasm_exec.js"></script>
<script>
const go = new Go();
WebAssembly.instantiateStreaming(fetch("peer.wasm"), go.importObject)
  .then(r => go.run(r.instance))
  .catch(e => { document.title = "error " + e; });
</script></head><body></body></html>
`

// TestBrowserTabClosedLeavesAtOnce: a real browser peer plays two-player
// Slam with a desktop host, then its tab closes mid-game. Chromium closes
// the page's WebSocket as the tab goes, and the host takes that as the
// player leaving: in its next update, on a clock that has not moved while
// the test waited for the hub to see the close, it reports the browser
// left and drops it, with no warning or timeout, and plays on alone.
//
// The host runs on a clock the test moves one tick a step, sleeping a
// tick of real time between steps, so that a busy machine makes the
// browser look no more silent than it is.
func TestBrowserTabClosedLeavesAtOnce(t *testing.T) {
	h, ctx := serveBrowserPeer(t)
	const room, seed, before, after = 323, 11, 150, 60
	openBrowserPeer(t, ctx, h, fmt.Sprintf("room=%d&seed=%d&ticks=%d", room, seed, before))
	browser := h.waitPeer(t)
	cfg := Config[slam.State]{Room: room, DumpDir: t.TempDir(),
		Peers: []PeerConfig{{Seats: SeatsOf(0)}, {Addr: browser, Seats: SeatsOf(1), HostOnly: true}}}
	host, err := NewSession[slam.State](cfg, seal(t, h.tr, room), newSlam(t, 2, seed))
	if err != nil {
		t.Fatal(err)
	}
	bot := slam.NewBot(0, slam.Hard, seed)
	var now time.Duration
	var left bool
	dropped := int64(-1)
	step := func() {
		t.Helper()
		now += TickDuration
		var f rulesets.Frame
		bot.Act(host.State(), &f)
		host.Update(now, &f)
		for _, ev := range host.Events() {
			switch ev.Kind {
			case EventLeft:
				left = true
			case EventDropped:
				dropped = ev.Tick
			case EventWarning, EventResumed:
			default:
				t.Fatalf("the host at %v: %+v", now, ev)
			}
		}
		time.Sleep(TickDuration)
	}
	settled := func() int64 { n, _ := host.Settled(); return n }
	for settled() < before {
		if now > hang {
			t.Fatalf("the host settled only tick %d with the browser", settled())
		}
		step()
	}
	if left || dropped >= 0 {
		t.Fatalf("the browser left (%v) or was dropped (from tick %d) before its tab closed", left, dropped)
	}

	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.Close, cdp.Empty{})
		return err
	}))
	if err != nil {
		t.Fatalf("closing the tab: %v", err)
	}
	for deadline := time.Now().Add(hang); !h.hub.Closed(browser); {
		if time.Now().After(deadline) {
			t.Fatal("the browser's WebSocket did not close with its tab")
		}
		time.Sleep(time.Millisecond)
	}
	step()
	if !left || dropped < 0 {
		t.Fatalf("one tick after the tab closed, the host reports the browser left %v, dropped from tick %d; want it left and dropped", left, dropped)
	}
	for end := dropped + after; settled() < end; {
		if now > 2*hang {
			t.Fatalf("the host stalled at tick %d after the drop", settled())
		}
		step()
	}
	t.Logf("the tab closed after tick %d; the host dropped the browser from tick %d and played on to %d", before, dropped, settled())
}
