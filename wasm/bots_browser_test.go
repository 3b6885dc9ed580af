//go:build !js

package wasm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
)

// WebAssembly has one thread: while a bot thinks on a goroutine without
// pausing, the page's main thread runs nothing else and no frame is drawn.
// With the pause the tables pass (scenes.ThinkPause) the Go program hands
// the thread back to the browser every couple of milliseconds.
//
// maxTaskCPU bounds the CPU time of the longest task of the page's main
// thread while the bots think, as Chromium's own trace counts it. CPU time,
// not wall time: on a busy two-core machine the operating system stretches
// a 20 ms task to 1 s of wall time now and then, and a software-drawn frame
// can stall the page for 100 ms and more, neither of which is the game's
// doing. A frame's own work stays bounded however late the page runs, since
// Ebitengine catches up at most 5 ticks a frame: it took up to 90 ms of CPU
// on a loaded two-core machine (a collection of the Go heap, which
// WebAssembly makes in one go, the likely rest). Four Ninjan bots taking
// turns at pausing (runtime.Gosched), so that one of them can always run
// and the program never returns to the browser, held the thread for 300–350
// ms there. The bound sits between the two, about twice as far from each.
// (One hard decision costs about 30 ms of CPU in Chromium, less than the
// 66–68 ms measured under Node, so a lone bot that does not pause is not
// caught here: it holds the page for two frames, not a freeze; nor are
// Eleven Suits' two bots, whose turns together stay under the bound.)
const maxTaskCPU = 160 * time.Millisecond

// How long the table is watched, in the game's ticks (10 s of play, however
// long the page takes for them), and how often the human presses Enter
// meanwhile (playing the highlighted card or choice when it is their turn).
const (
	watchTicks = 600
	humanEvery = 24
)

// The page plays small: SwiftShader draws every pixel on the CPU, and at
// 1280×720 a frame costs it some 400 ms on a busy two-core machine, so the
// page would draw two frames a second and the game run its ticks in bursts.
// At 320×180 CSS pixels of half a device pixel each it draws 30–60 frames a
// second. (A smaller window counts as hidden and is drawn once a second.)
// The screenshot is taken at full size.
const (
	pageW, pageH = 320, 180
	pageScale    = 0.5
	shotW, shotH = 1280, 720
)

// botGame is how to reach a table of hard bots from the title screen.
type botGame struct {
	name       string
	titleRow   int    // the game's row in the title menu
	setup      string // the game's menu before the lobby
	setupRow   int    // and its row that opens the lobby
	bots       int    // hard bots to seat next to the human
	tableScene string
}

// The lobby's rows (package scenes/lobby): Add AI, Add player on, Remove
// AI, Start game, Back.
const lobbyAddAIRow, lobbyStartRow = 0, 3

// TestBrowserHardBotsKeepDrawing plays the first seconds of a game against
// hard bots in headless Chromium, the human playing too, and checks in a
// trace of the page's main thread that no task holds it for long. It logs
// what a player would feel too: how long each stretch of WebAssembly held
// the page by the wall clock, and the gaps between animation frames.
func TestBrowserHardBotsKeepDrawing(t *testing.T) {
	games := []botGame{
		{name: "ninjan", titleRow: 1, setup: "ninjan-setup", setupRow: 1, bots: 4, tableScene: "ninjan"},
		{name: "elevensuits", titleRow: 2, setup: "elevensuits-setup", setupRow: 6, bots: 2, tableScene: "elevensuits"},
	}
	chromium := chromiumtest.Path(t)
	res := webBuild(t)
	srv := httptest.NewServer(Handler(res.WebDir)) // listens on 127.0.0.1
	defer srv.Close()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		append(chromiumtest.Options(t, chromium), chromedp.WindowSize(pageW, pageH))...)
	defer cancelAlloc()
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			ctx, cancel := chromedp.NewContext(alloc, chromedp.WithLogf(t.Logf))
			defer cancel() // closes the tab: one left behind would keep drawing
			ctx, cancelTimeout := context.WithTimeout(ctx, hang)
			defer cancelTimeout()
			p := &page{t: t, ctx: ctx}
			start := time.Now()
			p.startTimedGame(srv.URL + "/")
			p.seatHardBots(g)
			t.Logf("at the table after %v", time.Since(start).Round(time.Millisecond))

			logBefore := p.logPanel()
			tr := p.startTrace()
			w := p.watch(watchTicks)
			tasks := tr.stop()
			logAfter := p.logPanel()
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(shotW, shotH, chromedp.EmulateScale(1))); err != nil {
				t.Fatalf("viewport: %v", err)
			}
			p.waitFrames(2) // a frame at the new size
			p.screenshot("web-" + g.name + "-hard-bots.png")

			w.report(t)
			worst := reportTasks(t, tasks)
			if worst.cpu > maxTaskCPU {
				t.Errorf("a task held the page's thread for %v of CPU (%v of wall time) while hard bots thought, want at most %v of CPU",
					worst.cpu.Round(time.Millisecond), worst.wall.Round(time.Millisecond), maxTaskCPU)
			}
			// Ebitengine runs at most 5 ticks a frame: the page drew 120
			// frames or more, enough to tell.
			if len(w.Frames) < watchTicks/5 {
				t.Errorf("%d frames in %d ticks, want at least %d", len(w.Frames), watchTicks, watchTicks/5)
			}
			if bytes.Equal(logBefore, logAfter) {
				t.Errorf("the game log did not change in %d ticks: the bots did not play", watchTicks)
			}
			if st, _ := p.status(); st.Scene != g.tableScene {
				t.Errorf("after %d ticks the scene is %q, want the table %q", watchTicks, st.Scene, g.tableScene)
			}
		})
	}
}

// startTimedGame loads the game at url on a small page, has it time every
// stretch of WebAssembly it runs (by the wall clock: what a player feels,
// logged but not checked), clicks to start it and waits for the title
// screen.
func (p *page) startTimedGame(url string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(pageW, pageH, chromedp.EmulateScale(pageScale)), chromedp.Navigate(url)); err != nil {
		p.t.Fatalf("navigate: %v", err)
	}
	p.waitFor("the click-to-start screen", func() bool {
		return p.eval(`String((window.jankenLoad || {}).phase)`) == "ready"
	})
	// wasm_exec.js enters the program only through its instance's exports
	// run (at the start) and resume (from every event and timer), and each
	// returns once every goroutine waits. Go.run is handed an instance
	// whose two are timed; each stretch is kept with the game's tick
	// before and after it, which tells a frame's work (ticks advance) from
	// a goroutine woken by a timer.
	p.eval(`(() => {
		const rec = globalThis.jankenTimes = {goSlices: [], ticks: [], frames: [], on: false};
		const tick = () => { const m = /"tick":(\d+)/.exec(String(globalThis.jankenStatus || "")); return m ? +m[1] : -1; };
		const run = Go.prototype.run;
		Go.prototype.run = function (instance) {
			const ex = instance.exports;
			const timed = (f) => (...args) => {
				const t0 = performance.now(), k0 = tick();
				try {
					return f(...args);
				} finally {
					if (rec.on) { rec.goSlices.push(performance.now() - t0); rec.ticks.push(tick() - k0); }
				}
			};
			const timedInstance = Object.create(WebAssembly.Instance.prototype);
			Object.defineProperty(timedInstance, "exports", {value: {...ex, run: timed(ex.run), resume: timed(ex.resume)}});
			return run.call(this, timedInstance);
		};
		return "timed";
	})()`)
	if err := chromedp.Do(p.ctx, chromedp.MouseClickXY(pageW/2, pageH/2)); err != nil {
		p.t.Fatalf("click to start: %v", err)
	}
	p.waitForScene("title")
}

// waitForScene waits until scene is on top and its transition is over.
func (p *page) waitForScene(scene string) {
	p.t.Helper()
	p.waitFor("scene "+scene, func() bool {
		st, ok := p.status()
		return ok && st.Scene == scene && !st.Transitioning
	})
}

// press presses a key (by its KeyboardEvent code: "Enter", "ArrowDown")
// on the game's canvas and releases it two ticks later, so that the game
// sees it however slowly the page draws.
func (p *page) press(code string) {
	p.t.Helper()
	key := func(typ string) {
		p.eval(fmt.Sprintf(`(() => {
			document.querySelector("canvas").dispatchEvent(new KeyboardEvent(%q, {code: %q, key: %q, bubbles: true}));
			return "ok";
		})()`, typ, code, code))
	}
	before, _ := p.status()
	key("keydown")
	p.waitFor(code+" held for two ticks", func() bool {
		st, _ := p.status()
		return st.Tick >= before.Tick+2
	})
	key("keyup")
}

// cursorTo moves the menu cursor up or down to row.
func (p *page) cursorTo(row int) {
	p.t.Helper()
	for range 12 {
		st, _ := p.status()
		switch {
		case st.Cursor == row:
			return
		case st.Cursor < row:
			p.press("ArrowDown")
		default:
			p.press("ArrowUp")
		}
	}
	st, _ := p.status()
	p.t.Fatalf("menu cursor at %d on %q, want row %d", st.Cursor, st.Scene, row)
}

// seatHardBots goes from the title to g's lobby, seats the human on the
// right-hand keys (Enter), adds g.bots hard bots and starts the game.
func (p *page) seatHardBots(g botGame) {
	p.t.Helper()
	p.cursorTo(g.titleRow)
	p.press("Enter")
	if g.setup != "" {
		p.waitForScene(g.setup)
		p.cursorTo(g.setupRow)
		p.press("Enter")
	}
	p.waitForScene("lobby")
	p.press("Enter") // the right-hand keys join: a seat, not a menu choice
	p.cursorTo(lobbyAddAIRow)
	p.press("ArrowRight") // the AI's difficulty: medium → hard
	for range g.bots {
		p.press("Enter")
	}
	p.cursorTo(lobbyStartRow)
	p.press("Enter")
	p.waitForScene(g.tableScene)
}

// watched is what the page recorded while it was watched: how long each
// stretch of WebAssembly ran and how many ticks the game advanced in it,
// and when each animation frame began. Times are in milliseconds.
type watched struct {
	GoSlices []float64 `json:"goSlices"`
	Ticks    []int     `json:"ticks"`
	Frames   []float64 `json:"frames"`
}

// watch records the page while the game runs ticks ticks, the human
// pressing Enter every humanEvery ticks.
func (p *page) watch(ticks int64) watched {
	p.t.Helper()
	p.eval(`(() => {
		const rec = globalThis.jankenTimes;
		rec.on = true;
		const frame = (ts) => { if (rec.on) { rec.frames.push(ts); requestAnimationFrame(frame); } };
		requestAnimationFrame(frame);
		return "recording";
	})()`)
	start, _ := p.status()
	for {
		st, _ := p.status()
		if st.Tick >= start.Tick+ticks {
			break
		}
		p.press("Enter")
		p.waitFor("the human's next turn to press", func() bool {
			now, _ := p.status()
			return now.Tick >= st.Tick+humanEvery
		})
	}
	raw := p.eval(`(() => {
		const rec = globalThis.jankenTimes;
		rec.on = false;
		return JSON.stringify(rec);
	})()`)
	var w watched
	if err := json.Unmarshal([]byte(raw), &w); err != nil {
		p.t.Fatalf("page times %.80q: %v", raw, err)
	}
	if len(w.GoSlices) == 0 || len(w.GoSlices) != len(w.Ticks) || len(w.Frames) < 2 {
		p.t.Fatalf("in %d ticks WebAssembly ran %d times (%d tick counts) and the page drew %d frames", ticks, len(w.GoSlices), len(w.Ticks), len(w.Frames))
	}
	return w
}

// report logs the stretches of WebAssembly and the frames.
func (w *watched) report(t *testing.T) {
	t.Helper()
	var total float64
	var long strings.Builder
	for i, d := range w.GoSlices {
		total += d
		if d > 20 {
			fmt.Fprintf(&long, " %.0fms/%dt", d, w.Ticks[i])
		}
	}
	t.Logf("WebAssembly ran %d times, %.0f ms in all; over 20 ms (duration/ticks run):%s", len(w.GoSlices), total, long.String())
	gaps := make([]float64, len(w.Frames)-1)
	for i := range gaps {
		gaps[i] = w.Frames[i+1] - w.Frames[i]
	}
	slices.Sort(gaps)
	slices.Reverse(gaps)
	t.Logf("%d frames; longest gaps %.0f ms", len(w.Frames), gaps[:min(5, len(gaps))])
}

// logPanel returns the pixels of the game log, at the right of both
// tables: it grows as the players, bots included, play.
func (p *page) logPanel() []byte {
	p.t.Helper()
	shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	b := img.Bounds()
	var pix []byte
	for y := b.Min.Y + b.Dy()/4; y < b.Min.Y+b.Dy()*3/4; y++ {
		for x := b.Min.X + b.Dx()*4/5; x < b.Max.X-b.Dx()/50; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			pix = append(pix, byte(r>>8), byte(g>>8), byte(bl>>8))
		}
	}
	return pix
}

// trace records Chromium's trace of the page's main thread.
type trace struct {
	p      *page
	mu     sync.Mutex
	events []json.RawMessage
	done   chan struct{}
}

// startTrace starts tracing the page's tasks.
func (p *page) startTrace() *trace {
	p.t.Helper()
	tr := &trace{p: p, done: make(chan struct{})}
	err := chromedp.Listen(p.ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			tr.collect(e.Value)
		case *tracing.EventTracingComplete:
			close(tr.done)
		}
	})
	if err != nil {
		p.t.Fatalf("listen: %v", err)
	}
	err = chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{
			IncludedCategories: []string{"-*", "toplevel", "disabled-by-default-devtools.timeline", "__metadata"}}})
		return err
	}))
	if err != nil {
		p.t.Fatalf("start tracing: %v", err)
	}
	return tr
}

// collect keeps a batch of trace events.
func (tr *trace) collect(batch any) {
	raw, err := json.Marshal(batch)
	if err != nil {
		return
	}
	var evs []json.RawMessage
	if json.Unmarshal(raw, &evs) == nil {
		tr.mu.Lock()
		tr.events = append(tr.events, evs...)
		tr.mu.Unlock()
	}
}

// task is one task of the page's main thread: its CPU and wall time.
type task struct{ cpu, wall time.Duration }

// traceEvent is the part of a Chromium trace event read here; times are
// in microseconds.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Dur  float64 `json:"dur"`
	Tdur float64 `json:"tdur"`
	Args struct {
		Name string `json:"name"`
	} `json:"args"`
}

// stop ends the trace and returns the tasks of the renderer's main thread.
func (tr *trace) stop() []task {
	tr.p.t.Helper()
	err := chromedp.Do(tr.p.ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, tracing.End, cdp.Empty{})
		return err
	}))
	if err != nil {
		tr.p.t.Fatalf("end tracing: %v", err)
	}
	select {
	case <-tr.done:
	case <-time.After(hang):
		tr.p.t.Fatalf("the trace did not end in %v", hang)
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	type thread struct{ pid, tid int }
	evs := make([]traceEvent, 0, len(tr.events))
	mains := map[thread]bool{}
	for _, raw := range tr.events {
		var e traceEvent
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name == "CrRendererMain" {
			mains[thread{e.Pid, e.Tid}] = true
		}
		evs = append(evs, e)
	}
	var tasks []task
	for _, e := range evs {
		if e.Ph == "X" && e.Name == "RunTask" && mains[thread{e.Pid, e.Tid}] {
			tasks = append(tasks, task{cpu: time.Duration(e.Tdur * 1e3), wall: time.Duration(e.Dur * 1e3)})
		}
	}
	if len(tasks) == 0 {
		tr.p.t.Fatalf("no main-thread tasks among %d trace events", len(evs))
	}
	return tasks
}

// reportTasks logs the tasks over 20 ms of CPU and returns the longest.
func reportTasks(t *testing.T, tasks []task) task {
	t.Helper()
	var worst task
	var long strings.Builder
	for _, k := range tasks {
		if k.cpu > 20*time.Millisecond {
			fmt.Fprintf(&long, " %.0f/%.0f", ms(k.cpu), ms(k.wall))
		}
		if k.cpu > worst.cpu {
			worst = k
		}
	}
	t.Logf("%d main-thread tasks; over 20 ms of CPU (CPU/wall ms):%s", len(tasks), long.String())
	return worst
}

// ms returns d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
