package cardtable

import (
	"testing"

	"github.com/jankenarcade/janken/scenes/privacy"
)

// TestAwaitingNamesBotsOnly: a seat the table waits on reads "thinking…"
// only when this machine's bot plays it; a person — on this couch or, on
// a network host, at another machine — is "choosing…".
func TestAwaitingNamesBotsOnly(t *testing.T) {
	f := newFixture(t, 1, privacy.HandOff, &rightKeys, nil)
	st := f.r.Status()
	for seat, want := range []string{"choosing…", "thinking…", "choosing…"} { // seat 2: another machine's
		if got := st.Awaiting(seat); got != want {
			t.Errorf("seat %d awaits %q, want %q", seat, got, want)
		}
	}
}
