//go:build !js

package wasm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
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

// TestBrowserBench measures the game (its itch.io bundle, which players
// load) against the smallest Ebitengine page that draws text
// (wasm/internal/barepage), both built in this run by Build with the same
// flags (the bundle's build tag changes none of the page's files) and
// loaded by the same page in headless Chromium: the medians of benchLoads cold loads each of the time from the
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
			l, _ := benchLoad(t, chromium, srv.URL+"/", false)
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

// benchLoad loads url in a new browser, clicks to start and measures;
// with profile, it returns the page's CPU profile from the click to the
// first frame.
func benchLoad(t *testing.T, chromium, url string, profile bool) (load, *profiler.Profile) {
	t.Helper()
	p, closePage := openPage(t, chromium, 1280, 720, chromedp.Flag("autoplay-policy", "user-gesture-required"))
	defer closePage()
	ctx := p.ctx
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
	if profile {
		err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, profiler.Enable, cdp.Empty{}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, tg, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, tg, profiler.Start, cdp.Empty{})
			return err
		}))
		if err != nil {
			t.Fatalf("start the profiler: %v", err)
		}
	}
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
	var prof *profiler.Profile
	if profile {
		err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			res, err := cdp.Call(ctx, tg, profiler.Stop, cdp.Empty{})
			prof = res.Profile
			return err
		}))
		if err != nil {
			t.Fatalf("stop the profiler: %v", err)
		}
	}
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
	return l, prof
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

// TestBrowserStartProfile profiles the game's start in headless Chromium,
// from the click to the first frame, with the functions' names kept in
// the build, and logs where the time goes: the functions that took most
// by themselves and with what they called. It runs with the benchmark:
//
//	JANKEN_BROWSER_BENCH=1 go test -run BrowserStartProfile -v ./wasm/
func TestBrowserStartProfile(t *testing.T) {
	if os.Getenv("JANKEN_BROWSER_BENCH") != "1" {
		t.Skip("the start's profile is taken with JANKEN_BROWSER_BENCH=1")
	}
	chromium := chromiumtest.Path(t)
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	res, err := Build(ctx, BuildOptions{ModuleDir: moduleDir, Package: gamePackage, OutDir: t.TempDir(), KeepNames: true, Itch: true})
	if err != nil {
		t.Fatalf("web build: %v", err)
	}
	srv := httptest.NewServer(Handler(res.WebDir)) // listens on 127.0.0.1
	defer srv.Close()
	l, prof := benchLoad(t, chromium, srv.URL+"/", true)
	raw, err := json.Marshal(prof)
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(moduleDir, "artifacts", "web-start.cpuprofile")
	if err := os.MkdirAll(filepath.Dir(saved), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(saved, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("saved %s (open it in Chromium's DevTools, Performance)", saved)
	self, total := profileTimes(prof)
	t.Logf("click → first frame %v; profile of %v", l.firstFrame.Round(time.Millisecond),
		time.Duration(prof.EndTime-prof.StartTime)*time.Microsecond)
	t.Log("by self time:\n" + topTimes(self, 25))
	t.Log("with callees:\n" + topTimes(total, 40))
}

// profileTimes sums a profile's time per function name: by itself (self)
// and with what it called (total, each sample counted once per function
// however deep it recurses).
func profileTimes(prof *profiler.Profile) (self, total map[string]time.Duration) {
	parent := map[int64]int64{}
	nodes := map[int64]*profiler.ProfileNode{}
	for _, n := range prof.Nodes {
		nodes[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	self, total = map[string]time.Duration{}, map[string]time.Duration{}
	for i, id := range prof.Samples {
		if i+1 >= len(prof.TimeDeltas) {
			break
		}
		d := time.Duration(prof.TimeDeltas[i+1]) * time.Microsecond // the time until the next sample
		self[nodes[id].CallFrame.FunctionName] += d
		seen := map[string]bool{}
		for n, ok := id, true; ok; n, ok = parent[n] {
			name := nodes[n].CallFrame.FunctionName
			if !seen[name] {
				seen[name] = true
				total[name] += d
			}
		}
	}
	return self, total
}

// topTimes lists the n largest times of m, one per line.
func topTimes(m map[string]time.Duration, n int) string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int { return int(m[b] - m[a]) })
	var out string
	for _, name := range names[:min(n, len(names))] {
		out += fmt.Sprintf("%8v  %s\n", m[name].Round(time.Millisecond), name)
	}
	return out
}
