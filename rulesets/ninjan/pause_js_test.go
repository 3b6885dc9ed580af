//go:build js

package ninjan

import (
	"syscall/js"
	"testing"
	"time"
)

// TestBotPauseLetsThePageRun runs a hard decision on a goroutine, as a
// table does, in WebAssembly's one thread: JavaScript timers (a page's
// frames) fire while the bot thinks only if it pauses with a sleep.
func TestBotPauseLetsThePageRun(t *testing.T) {
	for _, pause := range []bool{false, true} {
		ticks := 0
		cb := js.FuncOf(func(js.Value, []js.Value) any { ticks++; return nil })
		interval := js.Global().Call("setInterval", cb, 1)
		s, err := New(Config{Players: 5}, 3)
		if err != nil {
			t.Fatal(err)
		}
		bot, _ := NewBot("hard", 0, 1)
		v := s.View(0)
		playouts := bot.search.budget(&v)
		if pause {
			bot.SetPause(func() { time.Sleep(time.Millisecond) })
		}
		time.Sleep(5 * time.Millisecond) // let the interval start
		before := ticks
		done := make(chan Action)
		go func() { done <- choose(bot, s, 0) }()
		<-done
		during := ticks - before
		js.Global().Call("clearInterval", interval)
		cb.Release()
		t.Logf("pause %v: %d timer callbacks during the decision", pause, during)
		switch {
		case pause && during < playouts/pauseEvery/4:
			t.Errorf("with pauses the page ran %d times during the decision, want about %d", during, playouts/pauseEvery)
		case !pause && during > 1:
			t.Errorf("without pauses the page ran %d times: the test cannot tell", during)
		}
	}
}
