package ninjan

import (
	"encoding/json"
	"testing"
)

// TestViewJSONRoundTrip: every seat's view and every event, at every step
// of a game played by bots, survive JSON (host-authority netplay sends
// them that way) — empty Played slots and pile numbers included.
func TestViewJSONRoundTrip(t *testing.T) {
	def := Definition()
	g, err := def.New(3, nil, 21)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]*Bot, 3)
	for seat := range bots {
		if bots[seat], err = NewBot("easy", seat, uint64(seat)); err != nil {
			t.Fatal(err)
		}
	}
	views := 0
	kinds := map[EventKind]bool{}
	for step := 0; !g.Over() && step < 2000; step++ {
		for seat := range 3 {
			v := g.View(seat)
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("step %d, seat %d: %v", step, seat, err)
			}
			var back View
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatalf("step %d, seat %d: %v\n%s", step, seat, err, data)
			}
			if back != v {
				t.Fatalf("step %d, seat %d: %+v came back as %+v", step, seat, v, back)
			}
			views++
		}
		seat := g.ToAct(nil)[0]
		if err := g.Apply(seat, choose(bots[seat], g, seat)); err != nil {
			t.Fatal(err)
		}
		for _, e := range g.Events() {
			data, err := json.Marshal(e)
			if err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			var back Event
			if err := json.Unmarshal(data, &back); err != nil || back != e {
				t.Fatalf("step %d: event %+v came back as %+v (%v)\n%s", step, e, back, err, data)
			}
			kinds[e.Kind] = true
		}
		g.ClearEvents()
	}
	if !g.Over() || views < 100 {
		t.Errorf("over %v after %d views", g.Over(), views)
	}
	for _, k := range []EventKind{EventDeal, EventChosen, EventRevealed, EventClaimed, EventGameOver} {
		if !kinds[k] {
			t.Errorf("no %v event crossed JSON", k)
		}
	}
}

// TestEmptyCardActionRefused: an action naming no card ("") decodes, as
// an empty slot does, and the game refuses it without changing.
func TestEmptyCardActionRefused(t *testing.T) {
	g, err := New(Config{Players: 3}, 4)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Definition().DecodeAction([]byte(`{"kind":"play","card":""}`))
	if err != nil {
		t.Fatalf("\"\" is no card, which decodes: %v", err)
	}
	before := g.Hash()
	if err := g.Apply(0, a); err == nil {
		t.Error("playing no card was accepted")
	}
	if g.Hash() != before {
		t.Error("a refused action changed the game")
	}
}
