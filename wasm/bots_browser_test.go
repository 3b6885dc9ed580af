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
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	chromiumtest "github.com/jankenarcade/janken/internal/chromium"
)

// A hard bot's decision costs some 40–70 ms of WebAssembly (Ninjan, five
// players; Eleven Suits, three). WebAssembly has one thread: a bot that
// thinks without pausing holds the page for the whole decision, and nothing
// is drawn meanwhile. With the pause the tables pass (scenes.ThinkPause)
// the program hands the thread back to the browser every couple of
// milliseconds.
//
// maxGoSlice bounds the longest time the Go program runs before it returns
// to the browser. It is the page's freeze as the program causes it, and
// unlike the gaps between animation frames it does not depend on how fast
// SwiftShader draws on a busy machine (a frame's drawing can stall the
// page for 100 ms and more while Go waits). A frame's own work stays
// under 40 ms here; a decision that does not pause, or bots that take
// turns at pausing so that one of them can always run, go far above.
const maxGoSlice = 50 * time.Millisecond

// How long the table is watched, and how often the human presses Enter
// meanwhile (playing the highlighted card or choice when it is their turn).
const (
	watchFor   = 10 * time.Second
	humanEvery = 400 * time.Millisecond
)

// The page plays small: SwiftShader draws every pixel on the CPU, and at
// 1280×720 a frame costs it some 400 ms on a busy two-core machine, so the
// game would run its ticks in bursts of six and more per frame. At 320×180
// CSS pixels and half a device pixel each it draws 30–60 frames a second.
// (A smaller window is taken for hidden and drawn once a second.) The
// screenshot is taken at full size.
const (
	pageW, pageH = 320, 180
	pageScale    = 0.5
	shotW, shotH = 1280, 720
)

// botGame is how to reach a table of hard bots from the title screen.
type botGame struct {
	name       string
	titleRow   int    // the game's row in the title menu
	setup      string // a settings screen before the lobby, if any
	setupRow   int    // and its row that opens the lobby
	bots       int    // hard bots to seat next to the human
	tableScene string
}

// The lobby's rows (package scenes/lobby): Add AI, Add player on, Remove
// AI, Start game, Back.
const lobbyAddAIRow, lobbyStartRow = 0, 3

// TestBrowserHardBotsKeepDrawing plays the first seconds of a game against
// hard bots in headless Chromium, the human playing too, and checks that
// the Go program never holds the page's thread for long: the page times
// every stretch of WebAssembly it runs, and its animation frames.
func TestBrowserHardBotsKeepDrawing(t *testing.T) {
	games := []botGame{
		{name: "ninjan", titleRow: 1, bots: 4, tableScene: "ninjan"},
		{name: "elevensuits", titleRow: 2, setup: "elevensuits-setup", setupRow: 5, bots: 2, tableScene: "elevensuits"},
	}
	chromium := chromiumtest.Path(t)
	res := webBuild(t)
	srv := httptest.NewServer(Handler(res.WebDir)) // listens on 127.0.0.1
	defer srv.Close()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		append(chromiumtest.Options(chromium, t.TempDir()), chromedp.WindowSize(pageW, pageH))...)
	defer cancelAlloc()
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			ctx, cancel := chromedp.NewContext(alloc, chromedp.WithLogf(t.Logf))
			defer cancel() // closes the tab: one left behind would keep drawing
			ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
			defer cancelTimeout()
			p := &page{t: t, ctx: ctx}
			start := time.Now()
			p.startTimedGame(srv.URL + "/")
			p.seatHardBots(g)
			t.Logf("at the table after %v", time.Since(start).Round(time.Millisecond))

			logBefore := p.logPanel()
			w := p.watch(watchFor)
			logAfter := p.logPanel()
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(shotW, shotH)); err != nil {
				t.Fatalf("viewport: %v", err)
			}
			time.Sleep(time.Second) // a frame at the new size
			p.screenshot("web-" + g.name + "-hard-bots.png")

			w.report(t)
			if worst := slices.Max(w.GoSlices); worst > ms(maxGoSlice) {
				t.Errorf("the Go program held the page for %.0f ms at once while hard bots thought, want at most %v", worst, maxGoSlice)
			}
			if min := int(watchFor / (200 * time.Millisecond)); len(w.Frames) < min {
				t.Errorf("%d frames in %v, want at least %d: a page that hardly draws cannot tell", len(w.Frames), watchFor, min)
			}
			if bytes.Equal(logBefore, logAfter) {
				t.Errorf("the game log did not change in %v: the bots did not play", watchFor)
			}
			if st, _ := p.status(); st.Scene != g.tableScene {
				t.Errorf("after %v the scene is %q, want the table %q", watchFor, st.Scene, g.tableScene)
			}
		})
	}
}

// startTimedGame loads the game at url on a small page, has it time every
// stretch of WebAssembly it runs, clicks to start it and waits for the
// title screen.
func (p *page) startTimedGame(url string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(pageW, pageH, chromedp.EmulateScale(pageScale)), chromedp.Navigate(url)); err != nil {
		p.t.Fatalf("navigate: %v", err)
	}
	p.waitFor("the click-to-start screen", time.Minute, func() bool {
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
	p.waitFor("scene "+scene, 30*time.Second, func() bool {
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
	p.waitFor(code+" held for two ticks", 10*time.Second, func() bool {
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

// watch records the page for d while the human presses Enter now and then.
func (p *page) watch(d time.Duration) watched {
	p.t.Helper()
	p.eval(`(() => {
		const rec = globalThis.jankenTimes;
		rec.on = true;
		const frame = (ts) => { if (rec.on) { rec.frames.push(ts); requestAnimationFrame(frame); } };
		requestAnimationFrame(frame);
		return "recording";
	})()`)
	for end := time.Now().Add(d); time.Now().Before(end); {
		p.press("Enter")
		time.Sleep(humanEvery)
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
		p.t.Fatalf("in %v WebAssembly ran %d times (%d tick counts) and the page drew %d frames", d, len(w.GoSlices), len(w.Ticks), len(w.Frames))
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

// ms returns d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
