package thatsminetable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// TestSeatKindNamesEveryPlayer: the line under a seat's name says who
// plays it; a bot the host plays for the network match is a bot on a
// joiner's table too, not a player "over the network".
func TestSeatKindNamesEveryPlayer(t *testing.T) {
	keys := input.Device{Kind: input.KeyZone, Index: 1}
	tb := newTable(nil, lobby.Seating{Seats: []lobby.Seat{
		{Kind: lobby.Human, Device: keys},
		{Kind: lobby.Bot, Bot: "easy"},
		{Bot: "hard"}, // the host's, on a joiner's table
		{},            // another machine's player
		{Kind: lobby.Phone, Name: "Ann"},
	}})
	for seat, want := range []struct{ kind, detail string }{
		{lobby.DeviceName(keys), lobby.DeviceName(keys)},
		{"bot · easy", ""},
		{"bot · hard", ""},
		{"over the network", "over the network"},
		{"on their phone", "on their phone"},
	} {
		if got := tb.seatKind(seat); got != want.kind {
			t.Errorf("seat %d: %q, want %q", seat, got, want.kind)
		}
		if got := tb.Detail(nil, seat); got != want.detail {
			t.Errorf("seat %d's detail: %q, want %q", seat, got, want.detail)
		}
	}
}
