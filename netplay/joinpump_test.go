package netplay

import (
	"fmt"
	"testing"
	"time"
)

// TestJoinPumpKeepsAStoppedJoinerSeated: a joiner whose game loop stops
// (a hidden browser tab) for ten seconds, pumped once a second meanwhile,
// keeps its seats in the room, and hears the start the host gave
// meanwhile on its next Update. Left unpumped, the host lets it go after
// joinerTimeout.
func TestJoinPumpKeepsAStoppedJoinerSeated(t *testing.T) {
	for _, pumped := range []bool{true, false} {
		t.Run(fmt.Sprint("pumped ", pumped), func(t *testing.T) {
			net := NewMemNetwork(LinkConfig{Delay: 10 * time.Millisecond}, 1)
			hostEnd, joinEnd := net.Endpoint(), net.Endpoint()
			host := NewLobbyHost(hostEnd, 5, "x/1", "host", SeatsOf(1, 2), func(Joiner) []byte { return []byte("settings") })
			join := NewJoin(joinEnd, hostEnd.LocalAddr(), 5, "x/1", 1, "Bo", Ticket{})
			for !join.Update(net.Now()).Done {
				host.Update(net.Now())
				net.Advance(TickDuration)
				if net.Now() > time.Second {
					t.Fatal("no welcome")
				}
			}
			stopped := net.Now()
			for tick := 0; net.Now()-stopped < 10*time.Second; tick++ {
				host.Update(net.Now())
				if pumped && tick%60 == 0 {
					join.Pump()
				}
				net.Advance(TickDuration)
			}
			if !pumped {
				if len(host.Joiners()) != 0 {
					t.Fatalf("the unpumped joiner is still seated: %+v", host.Joiners())
				}
				return
			}
			if j := host.Joiners(); len(j) != 1 || j[0].Seats != SeatsOf(1) {
				t.Fatalf("joiners after the stop: %+v", j)
			}
			if err := host.Start(func(Joiner) []byte { return []byte("start") }); err != nil {
				t.Fatal(err)
			}
			for range 3 {
				net.Advance(TickDuration)
				join.Pump()
			}
			if r := join.Update(net.Now()); !r.Started || string(r.Settings) != "start" {
				t.Errorf("after the start, pumped: %+v", r)
			}
		})
	}
}
