//go:build js

package scenes

import "time"

// awakeEvery is how often KeepAwake calls its function; a hidden tab runs
// it about once a second at best.
const awakeEvery = 250 * time.Millisecond

// KeepAwake calls pump every awakeEvery on a goroutine of its own until it
// returns false. A browser stops the game loop of a hidden tab (it calls
// no requestAnimationFrame there, which Ebitengine draws and updates
// from) but still runs timers, so a network match or lobby pumps its
// connection this way to keep answering its host while its page is
// hidden; pump should do nothing while the game loop runs.
//
// A tab hidden for minutes has its timers run at most once a minute
// (Chrome's intensive wake-up throttling), but the pump keeps going: each
// message from the host wakes the Go runtime, which then runs the timers
// that are due. Measured in Chromium (wasm's TestBrowserHiddenTabKeepsItsSeat
// in its soak form), the host never found such a page silent for more than
// 0.3 s.
func KeepAwake(pump func() bool) {
	go func() {
		for pump() {
			time.Sleep(awakeEvery)
		}
	}()
}
