package replay_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/replaytest"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
)

var update = flag.Bool("update", false, "record the testdata replays anew")

// golden are the replays in testdata: recorded natively, re-run under
// WebAssembly too (tools/test), so each platform re-plays the other's
// record to the same hashes.
var golden = []struct {
	file string
	game replay.Game
	play func() (*replay.Replay, error)
}{
	{"thatsmine.jrp", replay.Turns(tm.Definition(), "thatsmine/1"), func() (*replay.Replay, error) {
		return replaytest.Play(tm.Definition(), "thatsmine/1", 5, []byte(`{"target":15}`), 11)
	}},
	{"ninjan.jrp", replay.Turns(ninjan.Definition(), "ninjan/1"), func() (*replay.Replay, error) {
		return replaytest.Play(ninjan.Definition(), "ninjan/1", 4, []byte(`{"tieBreak":"shared"}`), 11)
	}},
	{"elevensuits.jrp", replay.Turns(es.Definition(), "elevensuits/1"), func() (*replay.Replay, error) {
		return replaytest.Play(es.Definition(), "elevensuits/1", 3, []byte(`{"suits":9,"openCasket":true,"advanced":true}`), 11)
	}},
}

func TestGoldenReplaysVerify(t *testing.T) {
	for _, g := range golden {
		t.Run(g.file, func(t *testing.T) {
			path := filepath.Join("testdata", g.file)
			if *update {
				r, err := g.play()
				if err != nil {
					t.Fatal(err)
				}
				data, err := replay.Encode(r)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r, err := replay.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Checkpoints) < 3 {
				t.Fatalf("only %d checkpoints", len(r.Checkpoints))
			}
			if err := g.game.Verify(r); err != nil {
				t.Error(err)
			}
			if m := missing(&r.Header, g.game.Rules()); len(m) > 0 {
				t.Errorf("header lacks %v: %+v", m, r.Header)
			}
		})
	}
}

// missing lists what a whole game's header recorded under the rules
// version rules lacks of the fields the format documents.
func missing(h *replay.Header, rules string) []string {
	var out []string
	need := func(ok bool, field string) {
		if !ok {
			out = append(out, field)
		}
	}
	need(h.Game != "" && strings.HasPrefix(rules, h.Game+"/"), "game")
	need(h.Rules == rules, "rules")
	need(h.Build != "", "build")
	need(len(h.Config) > 0 && json.Valid(h.Config), "config")
	need(h.SeedKnown && h.Viewer == replay.WholeGame, "seed")
	need(len(h.Seats) >= 2, "seats")
	for i, s := range h.Seats {
		named := s.Name != "" && (s.Kind == replay.Human || s.Kind == replay.Remote || s.Kind == replay.Phone ||
			s.Kind == replay.Bot && s.Bot != "")
		need(named, fmt.Sprintf("seats[%d]", i))
	}
	need(!h.Date.IsZero(), "date")
	need(h.Result.Over && len(h.Result.Winners) > 0, "result.winners")
	need(len(h.Result.Scores) == len(h.Seats), "result.scores")
	return out
}

// TestMissingFindsIncompleteHeaders: the check of the goldens' headers
// names each field a header lacks.
func TestMissingFindsIncompleteHeaders(t *testing.T) {
	r, err := golden[0].play()
	if err != nil {
		t.Fatal(err)
	}
	if m := missing(&r.Header, golden[0].game.Rules()); len(m) > 0 {
		t.Fatalf("a replay just played lacks %v", m)
	}
	tests := []struct {
		field string
		cut   func(h *replay.Header)
	}{
		{"game", func(h *replay.Header) { h.Game = "" }},
		{"rules", func(h *replay.Header) { h.Rules = "thatsmine/0" }},
		{"build", func(h *replay.Header) { h.Build = "" }},
		{"config", func(h *replay.Header) { h.Config = nil }},
		{"seed", func(h *replay.Header) { h.SeedKnown = false }},
		{"seats", func(h *replay.Header) { h.Seats = h.Seats[:1]; h.Result.Scores = h.Result.Scores[:1] }},
		{"seats[1]", func(h *replay.Header) { h.Seats[1].Name = "" }},
		{"date", func(h *replay.Header) { h.Date = time.Time{} }},
		{"result.winners", func(h *replay.Header) { h.Result.Winners = nil }},
		{"result.scores", func(h *replay.Header) { h.Result.Scores = nil }},
	}
	for _, tt := range tests {
		h := r.Header
		h.Seats = append([]replay.Seat(nil), h.Seats...)
		tt.cut(&h)
		if m := missing(&h, golden[0].game.Rules()); !slices.Equal(m, []string{tt.field}) {
			t.Errorf("without %s: missing says %v", tt.field, m)
		}
	}
}
