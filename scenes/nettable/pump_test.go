//go:build !js

package nettable

import (
	"fmt"
	"testing"
	"time"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
)

// TestClientSideAnswersWhileItsLoopIsStopped: a browser stops the game
// loop of a hidden tab. A client's side whose loop stops for twenty
// seconds, pumped about once a second as a hidden tab still runs the
// pump, keeps its seat: the host neither takes it over nor counts it
// silent. Unpumped, the host takes its seat after DropAfter. A closed
// side's pump stops.
func TestClientSideAnswersWhileItsLoopIsStopped(t *testing.T) {
	for _, pumped := range []bool{true, false} {
		t.Run(fmt.Sprint("pumped ", pumped), func(t *testing.T) {
			n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 10 * time.Millisecond}, 1)
			cm, hm := clientMatch(n)
			d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
			host, client := openSides(t, d, hm, cm)
			for range 30 {
				if _, err := host.Update(n.Now()); err != nil {
					t.Fatal(err)
				}
				if _, err := client.Update(n.Now()); err != nil {
					t.Fatal(err)
				}
				n.Advance(netplay.TickDuration)
			}
			stopped := n.Now()
			for tick := 0; n.Now()-stopped < 20*time.Second; tick++ {
				news, err := host.Update(n.Now())
				if err != nil {
					t.Fatal(err)
				}
				if news.Taken.Has(2) {
					if pumped {
						t.Fatalf("the host took the stopped client's seat after %v", n.Now()-stopped)
					}
					return
				}
				if pumped && tick%scenes.TPS == 0 && !client.Remote.pumpIfStopped() {
					t.Fatal("the open side's pump stopped")
				}
				n.Advance(netplay.TickDuration)
			}
			if !pumped {
				t.Fatal("the host kept the unpumped client's seat")
			}
			for _, r := range host.Hosted.Host.Remotes() {
				if r.Seats.Has(2) && (r.Silent > 2*time.Second || r.Fault != "") {
					t.Errorf("the host finds the pumped client %+v", r)
				}
			}
			client.Close()
			if client.Remote.pumpIfStopped() {
				t.Error("the closed side's pump goes on")
			}
		})
	}
}
