//go:build !js

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/replaytest"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
)

// TestReplayVerifyEveryCardGame runs "janken replay verify" on a game of
// each card game the arcade lists, and on one whose action was changed.
func TestReplayVerifyEveryCardGame(t *testing.T) {
	var replays []*replay.Replay
	for _, play := range []func() (*replay.Replay, error){
		func() (*replay.Replay, error) { return replaytest.Play(tm.Definition(), "thatsmine/1", 4, nil, 3) },
		func() (*replay.Replay, error) { return replaytest.Play(ninjan.Definition(), "ninjan/1", 5, nil, 3) },
		func() (*replay.Replay, error) {
			return replaytest.Play(es.Definition(), "elevensuits/1", 3, []byte(`{"twoPiece":true,"advanced":true}`), 3)
		},
	} {
		r, err := play()
		if err != nil {
			t.Fatal(err)
		}
		replays = append(replays, r)
	}
	for _, r := range replays {
		g, ok := arcade.Find(r.Header.Game)
		if !ok || g.Replay == nil || g.Replay.Rules() != r.Header.Rules {
			t.Fatalf("the arcade's %s plays rules %v", r.Header.Game, g.Replay)
		}
		path := writeReplay(t, r)
		var stdout, stderr strings.Builder
		if code, ok := runHeadless([]string{"replay", "verify", path}, arcade, &stdout, &stderr); !ok || code != 0 {
			t.Errorf("%s: exit %d: %s", r.Header.Game, code, stderr.String())
		}
		r.Steps[len(r.Steps)/2].Seat = (r.Steps[len(r.Steps)/2].Seat + 1) % len(r.Header.Seats)
		stdout.Reset()
		stderr.Reset()
		if code, _ := runHeadless([]string{"replay", "verify", writeReplay(t, r)}, arcade, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "replay diverges at action") {
			t.Errorf("%s, an action moved to another seat: exit %d: %s", r.Header.Game, code, stderr.String())
		}
	}
}

func writeReplay(t *testing.T, r *replay.Replay) string {
	t.Helper()
	data, err := replay.Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), r.Header.Game+".jrp")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReplayArgument: "janken FILE.jrp" reads a replay the arcade can
// show, and refuses another rules version or a damaged file, saying why,
// before any window opens.
func TestReplayArgument(t *testing.T) {
	r, err := replaytest.Play(ninjan.Definition(), "ninjan/1", 3, nil, 9)
	if err != nil {
		t.Fatal(err)
	}
	good := writeReplay(t, r)
	if got, err := readReplay(good, arcade); err != nil || len(got.Steps) != len(r.Steps) {
		t.Fatalf("readReplay = %v, %v", got, err)
	}
	r.Header.Rules = "ninjan/9"
	if _, err := readReplay(writeReplay(t, r), arcade); err == nil || !strings.Contains(err.Error(), "rules version ninjan/9, this build plays ninjan/1") {
		t.Errorf("another rules version: %v", err)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(t.TempDir(), "cut.jrp")
	if err := os.WriteFile(cut, data[:len(data)-9], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readReplay(cut, arcade); err == nil || !strings.Contains(err.Error(), "truncated at byte") {
		t.Errorf("a truncated file: %v", err)
	}
}
