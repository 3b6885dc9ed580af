//go:build !js

package phoneplay_test

import (
	"flag"
	"slices"
	"testing"
	"time"
)

var figures = flag.Bool("figures", false, "print what a phone downloads and how soon its page is interactive")

// TestPadFigures prints, with -figures, the bytes a phone downloads
// before the page is interactive (its join button works) and the time
// from opening the URL to then, on loopback, the median of 5 fresh
// browsers: figures, not assertions.
func TestPadFigures(t *testing.T) {
	if !*figures {
		t.Skip("figures only with -figures")
	}
	c := newCouch(t, "ninjan", 1)
	var times []float64
	var bytes []int
	for range 5 {
		ph := openPhone(t, newBrowser(t), c.url())
		deadline := time.Now().Add(hang)
		for eval[int](ph, `performance.getEntriesByName("pad-interactive").length`) == 0 {
			if time.Now().After(deadline) {
				t.Fatal("the page never became interactive")
			}
			time.Sleep(10 * time.Millisecond)
		}
		times = append(times, eval[float64](ph, `performance.getEntriesByName("pad-interactive")[0].startTime`))
		bytes = append(bytes, eval[int](ph, `performance.getEntriesByType("navigation")[0].transferSize +
			performance.getEntriesByType("resource").reduce((n, r) => n + r.transferSize, 0)`))
	}
	slices.Sort(times)
	slices.Sort(bytes)
	t.Logf("a phone downloads %d bytes (median of 5; %v) and is interactive %.0f ms after opening the URL (median of 5 on loopback; %.0f)", bytes[2], bytes, times[2], times)
}
