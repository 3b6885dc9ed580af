//go:build !js

package wasm

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
)

// The benchmark loads each page benchLoads times, cold (a new browser and
// profile each time), at 1280×720; the title is left to settle for
// benchSettle after its first frame, then its frames are counted for
// benchFrames.
const (
	benchLoads  = 5
	benchSettle = 3 * time.Second
	benchFrames = 5 * time.Second
)

// barePackage is the yardstick page's main package, relative to moduleDir.
const barePackage = "./wasm/internal/barepage"

// instanceHook keeps the WebAssembly instance the page starts, so that
// its memory can be read.
const instanceHook = `(() => {
	const instantiate = WebAssembly.instantiate;
	WebAssembly.instantiate = async (...args) => {
		const result = await instantiate(...args);
		globalThis.benchInstance = result.instance;
		return result;
	};
})()`

// load is what one cold load of a page measured.
type load struct {
	ready      time.Duration // navigation → "click to start" (download, compile)
	firstFrame time.Duration // click → first frame seen drawn
	memory     float64       // WebAssembly memory in MB once the title has settled and run
	fps        float64       // frames drawn per second on the settled title
}

// TestBrowserBench measures the game against the smallest Ebitengine page
// that draws text (wasm/internal/barepage), both built in this run by
// Build with the same flags and loaded by the same page in headless
// Chromium: the medians of benchLoads cold loads each of the time from the
// click to the first frame, the WebAssembly memory once the title has run,
// the title's frames per second (software GL), and the gzipped download,
// with the game's ratio to the yardstick. It is a measurement, not a
// check, and runs only when asked:
//
//	JANKEN_BROWSER_BENCH=1 xvfb-run -a go test -run BrowserBench -v ./wasm/
func TestBrowserBench(t *testing.T) {
	if os.Getenv("JANKEN_BROWSER_BENCH") != "1" {
		t.Skip("the browser benchmark runs with JANKEN_BROWSER_BENCH=1")
	}
	chromium := chromiumtest.Path(t)
	game := webBuild(t)
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	bare, err := Build(ctx, BuildOptions{ModuleDir: moduleDir, Package: barePackage, OutDir: t.TempDir()})
	if err != nil {
		t.Fatalf("yardstick build: %v", err)
	}
	pages := []struct {
		name  string
		res   *Result
		loads []load
	}{{name: "this game", res: game}, {name: "bare Ebitengine page", res: bare}}
	for i := range benchLoads {
		for j := range pages { // in turn, so that both share the machine's moods
			pg := &pages[j]
			srv := httptest.NewServer(Handler(pg.res.WebDir)) // listens on 127.0.0.1
			l := benchLoad(t, chromium, srv.URL+"/")
			srv.Close()
			t.Logf("%s, load %d: ready %v, click → first frame %v, memory %.1f MB, %.1f frames/s",
				pg.name, i+1, l.ready.Round(time.Millisecond), l.firstFrame.Round(time.Millisecond), l.memory, l.fps)
			pg.loads = append(pg.loads, l)
		}
	}
	g, b := pages[0], pages[1]
	rows := []struct {
		what string
		unit string
		f    func(load) float64
	}{
		{"click → first frame drawn", "s", func(l load) float64 { return l.firstFrame.Seconds() }},
		{"wasm memory after load", "MB", func(l load) float64 { return l.memory }},
		{"title frames/s (software GL)", "", func(l load) float64 { return l.fps }},
		{"page load → click to start", "s", func(l load) float64 { return l.ready.Seconds() }},
	}
	out := fmt.Sprintf("medians of %d cold loads at 1280×720\n| | this game | bare Ebitengine page | ratio |\n|---|---:|---:|---:|\n", benchLoads)
	for _, r := range rows {
		gm, bm := median(g.loads, r.f), median(b.loads, r.f)
		out += fmt.Sprintf("| %s | %.2f %s | %.2f %s | %.2f |\n", r.what, gm, r.unit, bm, r.unit, gm/bm)
	}
	out += fmt.Sprintf("| gzip size | %.2f MB | %.2f MB | %.2f |\n", mb(g.res.WasmGzip), mb(b.res.WasmGzip), float64(g.res.WasmGzip)/float64(b.res.WasmGzip))
	out += fmt.Sprintf("| raw size | %.2f MB | %.2f MB | %.2f |\n", mb(g.res.WasmSize), mb(b.res.WasmSize), float64(g.res.WasmSize)/float64(b.res.WasmSize))
	t.Log("\n" + out)
}

// benchLoad loads url in a new browser, clicks to start and measures.
func benchLoad(t *testing.T, chromium, url string) load {
	t.Helper()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromiumtest.Options(chromium, t.TempDir()),
		chromedp.Flag("autoplay-policy", "user-gesture-required"),
		chromedp.WindowSize(1280, 720),
	)...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(alloc)
	defer cancelCtx()
	ctx, cancelTimeout := context.WithTimeout(ctx, hang)
	defer cancelTimeout()
	p := &page{t: t, ctx: ctx}
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: instanceHook})
		return err
	}))
	if err != nil {
		t.Fatalf("instance hook: %v", err)
	}
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720), chromedp.Navigate(url)); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	p.waitFor("the click-to-start screen", func() bool { return p.eval(`String(window.jankenLoad.phase)`) == "ready" })
	var l load
	l.ready = time.Since(start)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(640, 360)); err != nil {
		t.Fatalf("click to start: %v", err)
	}
	p.waitFor("the first frame", func() bool {
		switch phase := p.eval(`String(window.jankenLoad.phase)`); phase {
		case "failed":
			t.Fatalf("the page failed: %s", p.eval(`String(window.jankenLoad.error)`))
		case "running":
			return true
		}
		return false
	})
	ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.jankenLoad.firstFrameAt - window.jankenLoad.clickedAt`))
	if err != nil {
		t.Fatal(err)
	}
	l.firstFrame = time.Duration(ms * float64(time.Millisecond))
	time.Sleep(benchSettle)
	frames := func() (n, at float64) {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[struct{ N, At float64 }](`({n: JSON.parse(globalThis.jankenStatus).frames, at: performance.now()})`))
		if err != nil {
			t.Fatal(err)
		}
		return v.N, v.At
	}
	n0, at0 := frames()
	time.Sleep(benchFrames)
	n1, at1 := frames()
	l.fps = (n1 - n0) / (at1 - at0) * 1000
	bytes, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`globalThis.benchInstance.exports.mem.buffer.byteLength`))
	if err != nil {
		t.Fatalf("wasm memory: %v", err)
	}
	l.memory = bytes / 1e6
	return l
}

// median returns the median of f over loads.
func median(loads []load, f func(load) float64) float64 {
	v := make([]float64, len(loads))
	for i, l := range loads {
		v[i] = f(l)
	}
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

func mb(n int64) float64 { return float64(n) / 1e6 }
