package cardtable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
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

// TestKeysOfNamesEachDeviceOnce: the peek hint names the Peek key of every
// human's own device, once each, instead of the action ("Hold Peek").
func TestKeysOfNamesEachDeviceOnce(t *testing.T) {
	router := input.NewRouter()
	for seat, d := range []input.Device{{Kind: input.KeyZone, Index: 0}, {Kind: input.KeyZone, Index: 1}, {Kind: input.KeyZone, Index: 0}, {Kind: input.Mouse}} {
		if err := router.Bind(seat, d); err != nil {
			t.Fatal(err)
		}
	}
	st := Status{router: router}
	for _, tc := range []struct {
		seats rulesets.Audience
		want  string
	}{
		{rulesets.Only(0, 1, 2), "L-Shift or R-Shift"},
		{rulesets.Only(1, 3), "R-Shift or the middle mouse button"},
		{rulesets.Only(0), "L-Shift"},
		{rulesets.Only(5), "Peek"}, // a seat without a device
	} {
		if got := st.KeysOf(tc.seats, rulesets.ButtonPeek); got != tc.want {
			t.Errorf("KeysOf(%b, Peek) = %q, want %q", tc.seats, got, tc.want)
		}
	}
}
