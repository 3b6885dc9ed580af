package main

import (
	"testing"

	"github.com/jankenarcade/janken/netplay"
)

// TestEventError: the events after which the match cannot go on, a drawn
// desync among them, end the browser peer's run with an error.
func TestEventError(t *testing.T) {
	tests := []struct {
		kind netplay.EventKind
		want string // "" for none
	}{
		{netplay.EventWarning, ""},
		{netplay.EventResumed, ""},
		{netplay.EventTimeout, ""},
		{netplay.EventDropped, ""},
		{netplay.EventDesync, "desync at tick 7"},
		{netplay.EventDrawnDesync, "drawn desync at tick 7"},
		{netplay.EventFault, "fault at tick 7"},
		{netplay.EventHostLost, "host lost at tick 7"},
	}
	for _, tt := range tests {
		var got string
		if err := eventError(netplay.Event{Kind: tt.kind, Tick: 7}); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%v: error %q, want %q", tt.kind, got, tt.want)
		}
	}
}
