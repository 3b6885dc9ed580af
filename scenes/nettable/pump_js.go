//go:build js

package nettable

import "time"

// pumpEvery is how often a browser's pump looks at its remote; a hidden
// tab runs it about once a second at best.
const pumpEvery = 250 * time.Millisecond

// keepAwake calls pump every pumpEvery on a goroutine of its own until it
// reports the remote closed: see Remote.pumpIfStopped.
func keepAwake(pump func() bool) {
	go func() {
		for pump() {
			time.Sleep(pumpEvery)
		}
	}()
}
