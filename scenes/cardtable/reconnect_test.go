package cardtable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// lostLink is a client's link whose host falls silent for good once lost
// is set, and which then offers to ask for its seats again.
type lostLink struct {
	fakeLink
	lost bool
}

func (l *lostLink) Reconnect() func(d *scenes.Director) scenes.Scene {
	if !l.lost {
		return nil
	}
	return func(d *scenes.Director) scenes.Scene { return scenes.NewRules(d, "Asking again") }
}

// TestLostLinkAsksForTheSeatsAgain: a client's table whose link to the
// host is lost mid-game closes it and gives way to the scene that asks
// the host for its seats again; once the game is over it stays.
func TestLostLinkAsksForTheSeatsAgain(t *testing.T) {
	for _, tt := range []struct {
		name string
		over bool
	}{{"mid-game", false}, {"after the game", true}} {
		t.Run(tt.name, func(t *testing.T) {
			link := new(lostLink)
			devices := []*input.Device{&rightKeys, nil}
			if tt.over {
				devices = []*input.Device{nil, nil} // bots play it out
			}
			f := newFixtureWith(t, 2, privacy.HandOff, func(cfg *Config[toyView, int, toyEvent]) { cfg.Net = link }, devices...)
			if tt.over {
				f.until(600, func() bool { return f.game.Over() && f.r.started && f.r.pub.Over() })
			} else {
				f.until(200, func() bool { return f.r.Status().Acting == 0 })
			}
			link.lost = true
			for range 30 {
				f.tick()
			}
			asked := f.d.Top().Name() == "rules"
			if asked == tt.over || (link.closed == 1) == tt.over {
				t.Errorf("top scene %q, link closed %d times", f.d.Top().Name(), link.closed)
			}
		})
	}
}
