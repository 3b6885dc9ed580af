package netlobby

import (
	"fmt"
	"testing"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// TestLobbyPumpKeepsAHiddenJoinerSeated: a browser stops the game loop of
// a hidden tab. A joiner waiting for the start whose loop stops for ten
// seconds, pumped about once a second as a hidden tab still runs the
// pump, keeps its seat in the host's room; unpumped, the host lets it go
// after a few seconds. Once the joiner's lobby leaves, its pump stops.
func TestLobbyPumpKeepsAHiddenJoinerSeated(t *testing.T) {
	for _, pumped := range []bool{true, false} {
		t.Run(fmt.Sprint("pumped ", pumped), func(t *testing.T) {
			r := newOptionsRoom(t, func(netplay.SeatSet, []int) []byte { return []byte(`{}`) })
			join := r.joiner.join
			for tick := range 10 * scenes.TPS { // the joiner's game loop has stopped
				if err := r.hostD.Update(); err != nil {
					t.Fatal(err)
				}
				if pumped && tick%scenes.TPS == 0 && !r.joiner.pumpIfStopped(join) {
					t.Fatal("the waiting joiner's pump stopped")
				}
				r.net.Advance(netplay.TickDuration)
				r.hostSrc.Advance()
			}
			if seated := len(r.host.host.Joiners()) == 1; seated != pumped {
				t.Fatalf("after ten seconds stopped, the joiner is seated: %v", seated)
			}
			r.joiner.Leave(nil)
			if r.joiner.pumpIfStopped(join) {
				t.Error("the pump goes on after the lobby left")
			}
		})
	}
}
