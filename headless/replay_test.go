package headless

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/replaytest"
	"github.com/jankenarcade/janken/rulesets/ninjan"
)

// replayFile writes a recorded Ninjan game, changed by change (nil: as
// played), and returns its path.
func replayFile(t *testing.T, change func(r *replay.Replay)) string {
	t.Helper()
	r, err := replaytest.Play(ninjan.Definition(), "ninjan/1", 3, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	if change != nil {
		change(r)
	}
	data, err := replay.Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.jrp")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var replayGames = map[string]replay.Game{"ninjan": replay.Turns(ninjan.Definition(), "ninjan/1")}

func TestReplayCommand(t *testing.T) {
	good := replayFile(t, nil)
	var want replay.Divergence
	diverged := replayFile(t, func(r *replay.Replay) {
		c := &r.Checkpoints[3]
		want = replay.Divergence{Unit: "action", At: c.At, Want: c.Hash ^ 1, Got: c.Hash}
		c.Hash ^= 1
	})
	other := replayFile(t, func(r *replay.Replay) { r.Header.Rules = "ninjan/0" })
	unknown := replayFile(t, func(r *replay.Replay) { r.Header.Game = "chess" })
	garbage := filepath.Join(t.TempDir(), "x.jrp")
	if err := os.WriteFile(garbage, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		args     []string
		code     int
		out, err string
	}{
		{"verify", []string{"verify", good}, 0, "verified: ", ""},
		{"diverges", []string{"verify", diverged}, 1, "", want.Error()},
		{"other rules", []string{"verify", other}, 1, "", "rules version ninjan/0, this build plays ninjan/1"},
		{"unknown game", []string{"verify", unknown}, 2, "", `a replay of "chess"`},
		{"not a replay", []string{"verify", garbage}, 2, "", "not a replay"},
		{"missing", []string{"info", garbage + "-not"}, 2, "", "no such file"},
		{"info", []string{"info", good}, 0, "game      ninjan, rules ninjan/1\n", ""},
		{"info of the format", []string{"info", good}, 0, fmt.Sprintf("format    %d, ", replay.Format), ""},
		{"info of a plain file", []string{"info", filepath.Join("..", "replay", "testdata", "ninjan.jrp")}, 0, "format    1, ", ""},
		{"info other rules", []string{"info", other}, 0, "(this build plays ninjan/1)", ""},
		{"json", []string{"json", good}, 0, `"hash": "`, ""},
		{"usage", []string{"play", good}, 2, "", "usage"},
		{"no file", []string{"verify"}, 2, "", "usage"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := ReplayMain(tc.args, replayGames, &stdout, &stderr)
			if code != tc.code || !strings.Contains(stdout.String(), tc.out) || !strings.Contains(stderr.String(), tc.err) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, %q in stdout, %q in stderr",
					code, stdout.String(), stderr.String(), tc.code, tc.out, tc.err)
			}
		})
	}
}
