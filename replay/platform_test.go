package replay_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

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
		return replaytest.Play(tm.Definition(), "thatsmine/1", 5, nil, 11)
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
		})
	}
}
