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
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/chromedp"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
)

// TestBrowserPeerJoinsDesktopHost builds the browser peer for js/wasm, has
// a desktop host serve it over HTTP on loopback, opens it in headless
// Chromium, and checks that the browser's session settles the same Slam
// ticks, hash for hash, as the host's.
func TestBrowserPeerJoinsDesktopHost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds WebAssembly and runs Chromium")
	}
	chromium := chromiumtest.Path(t)
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "peer.wasm"), "./internal/browserpeer")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the browser peer: %v\n%s", err, out)
	}
	site := fstest.MapFS{"index.html": {Data: []byte(browserPage)}}
	for name, path := range map[string]string{
		"peer.wasm":    filepath.Join(dir, "peer.wasm"),
		"wasm_exec.js": filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"),
	} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		site[name] = &fstest.MapFile{Data: data}
	}
	h := newWebHost(t, site)

	actx, cancel := chromedp.NewExecAllocator(context.Background(), chromiumtest.Options(chromium, t.TempDir())...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()

	const room, seed, ticks = 321, 9, 240
	page := fmt.Sprintf("%s/index.html?room=%d&seed=%d&ticks=%d", h.srv.URL, room, seed, ticks)
	if _, err := chromedp.Run(ctx, chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	peer := h.waitPeer(t)
	stop := make(chan struct{})
	hashes, done := hostSlam(t, h.tr, peer, room, seed, stop)
	defer func() {
		close(stop)
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
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
	var tick int64
	var hash uint64
	if _, err := fmt.Sscanf(title, "done %d %d", &tick, &hash); err != nil || tick != ticks {
		t.Fatalf("title %q: %v", title, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, ok := hashes(tick)
		if ok {
			if got != hash {
				t.Fatalf("tick %d: browser hash %#x, host %#x", tick, hash, got)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the host never settled tick %d", tick)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("the browser peer settled tick %d with the host's hash %#x", tick, hash)
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
