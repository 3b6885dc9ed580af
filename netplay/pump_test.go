package netplay

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestPumpKeepsAStoppedClientSeated: a client whose game loop stops for
// half a minute (a hidden browser tab), pumped once a second meanwhile,
// is neither given up nor silent at the host, which plays its own seat
// meanwhile; once the loop runs again, Update hands over every update that
// came meanwhile, in order, the host counts as heard (once it counted as
// silent for the whole stop, and the browser's table went to reconnect),
// and the client plays on to the end. Left unpumped, the same client is
// given up.
func TestPumpKeepsAStoppedClientSeated(t *testing.T) {
	for _, pumped := range []bool{true, false} {
		t.Run(fmt.Sprint("pumped ", pumped), func(t *testing.T) {
			tb := newSecretsTable(t, 2, LinkConfig{Delay: 20 * time.Millisecond}, 6)
			tb.update(t)
			c := tb.clients[1]
			var sawWhileStopped []secretView
			stopped := tb.net.Now()
			for tb.net.Now()-stopped < 30*time.Second {
				if err := tb.host.Update(tb.net.Now()); err != nil {
					t.Fatal(err)
				}
				if slices.Contains(tb.game.ToAct(nil), 0) { // the host plays on: news to acknowledge
					if err := tb.host.Apply(0, tb.game.hands[0][0]); err != nil {
						t.Fatal(err)
					}
				}
				if pumped && (tb.net.Now()-stopped)%time.Second < TickDuration {
					c.Pump()
				}
				tb.net.Advance(TickDuration)
			}
			r := tb.host.Remotes()[0]
			if !pumped {
				if r.Fault == "" {
					t.Fatalf("the unpumped client was not given up: %+v", r)
				}
				return
			}
			if r.Fault != "" || r.Silent > 1500*time.Millisecond {
				t.Fatalf("the pumped client at the host: %+v", r)
			}
			c.Pump() // the page's timer ran just before its loop: nothing waits for Update
			for _, u := range c.Update(tb.net.Now()) {
				var v secretView
				if err := json.Unmarshal(u.View, &v); err != nil {
					t.Fatal(err)
				}
				sawWhileStopped = append(sawWhileStopped, v)
			}
			if len(sawWhileStopped) == 0 {
				t.Fatal("no update handed over after the stop")
			}
			if s := c.Silent(); s > time.Second {
				t.Errorf("after the stop the host, heard by the pumps, counts as silent for %v", s)
			}
			if got, want := sawWhileStopped[len(sawWhileStopped)-1], tb.game.View(1); !slices.Equal(got.Hand, want.Hand) {
				t.Errorf("last view handed over %+v, want the seat's view now %+v", got, want)
			}
			tb.views[1] = sawWhileStopped[len(sawWhileStopped)-1]
			if again := c.Update(tb.net.Now()); len(again) != 0 {
				t.Errorf("the next Update handed over %d updates again", len(again))
			}
			for !tb.game.Over() || !tb.clientSawEnd(1) {
				if tb.net.Now() > 2*time.Minute {
					t.Fatalf("no end; remotes %+v", tb.host.Remotes())
				}
				tb.update(t)
			}
		})
	}
}
