package elevensuits

import (
	"encoding/json"
	"testing"
)

// TestEventJSONRoundTrip: every event of whole games of the
// guess-to-win variant, private ones and those about no seat included,
// reads back as written.
func TestEventJSONRoundTrip(t *testing.T) {
	kinds := map[EventKind]bool{}
	for seed := range uint64(12) {
		g, err := New(Config{Players: 2 + int(seed%2), Advanced: true}, seed)
		if err != nil {
			t.Fatal(err)
		}
		var bots [MaxPlayers]*Bot
		for seat := range bots {
			if bots[seat], err = NewBot("greedy", seat, seed*7+uint64(seat)); err != nil {
				t.Fatal(err)
			}
		}
		for {
			for _, e := range g.Events() {
				data, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				var back Event
				if err := json.Unmarshal(data, &back); err != nil {
					t.Fatalf("%s: %v", data, err)
				}
				if back != e {
					t.Errorf("%s read back as %+v, want %+v", data, back, e)
				}
				kinds[e.Kind] = true
			}
			g.ClearEvents()
			if g.Over() {
				break
			}
			seat := g.ToAct(nil)[0]
			if err := g.Apply(seat, choose(bots[seat], g, seat)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []EventKind{EvDrawCard, EvDefend, EvRethrow, EvOver} {
		if !kinds[k] {
			t.Errorf("no %v event in the games: %v", k, kinds)
		}
	}
}

// TestEventJSONRefusesBadInput: malformed events are errors and leave the
// event as it was.
func TestEventJSONRefusesBadInput(t *testing.T) {
	for _, data := range []string{
		`{"kind":"nope","seat":0,"audience":[]}`,
		`{"kind":"draw","seat":7,"audience":[]}`,
		`{"kind":"draw","seat":0,"suit":"mars","audience":[]}`,
		`{"kind":"draw","seat":0,"audience":[9]}`,
		`{"kind":"draw","seat":0,"other":-2,"audience":[]}`,
		`{"kind":"draw","seat":0,"extra":1,"audience":[]}`,
		`[1]`,
	} {
		e := ev(EvTurn, 1)
		if err := json.Unmarshal([]byte(data), &e); err == nil {
			t.Errorf("%s: no error", data)
		}
		if e != ev(EvTurn, 1) {
			t.Errorf("%s: the event changed to %+v", data, e)
		}
	}
}
