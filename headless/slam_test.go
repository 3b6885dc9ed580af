//go:build !js

package headless

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// firstFlip returns the tick and correct gesture of the first card of the
// seed-7 two-player game.
func firstFlip(t *testing.T) (int64, string) {
	s, err := slam.New(slam.DefaultConfig(2), 7)
	if err != nil {
		t.Fatal(err)
	}
	for s.Phase() != slam.PhaseRacing {
		s.Step(&rulesets.Frame{})
	}
	return s.Card().FlipTick, s.Card().Correct.String()
}

func writeFile(t *testing.T, name, data string) string {
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSlamRulesEarlierPressWins(t *testing.T) {
	flip, gesture := firstFlip(t)
	state := writeFile(t, "pos.json", `{"config": {"players": 2}, "seed": 7}`)
	// Seat 0 is listed first but presses a tick later.
	script := writeFile(t, "script.json", fmt.Sprintf(
		`[{"tick": %d, "seat": 0, "press": [%q]}, {"tick": %d, "seat": 1, "press": [%q]}]`,
		flip+32, gesture, flip+31, gesture))
	var out bytes.Buffer
	if err := (SlamTool{}).Rules(state, script, &out); err != nil {
		t.Fatal(err)
	}
	var res struct {
		State struct {
			Piles [][]string `json:"piles"`
		} `json:"state"`
		Hash   string           `json:"hash"`
		Events []map[string]any `json:"events"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("%v\n%s", err, out.Bytes())
	}
	if len(res.State.Piles[1]) != 1 || len(res.State.Piles[0]) != 0 || res.Hash == "" {
		t.Errorf("piles %v: the tick-%d press should have won\n%s", res.State.Piles, flip+31, out.Bytes())
	}
	won := false
	for _, e := range res.Events {
		won = won || (e["kind"] == "won" && e["seat"] == 1.0)
	}
	if !won {
		t.Errorf("no won event for seat 1: %v", res.Events)
	}
}

func TestSlamRulesBadInput(t *testing.T) {
	good := writeFile(t, "pos.json", `{"config": {"players": 2}, "seed": 7}`)
	goodScript := writeFile(t, "s.json", `[{"tick": 5, "seat": 0, "press": ["rock"]}]`)
	tests := []struct {
		name, state, script, want string
	}{
		{"missing file", filepath.Join(t.TempDir(), "none.json"), goodScript, "read position"},
		{"corrupt position", writeFile(t, "p.json", `{"config": {"players": 2}, "deck": ["XYZ/RR"]}`), goodScript, "card"},
		{"malformed script", good, writeFile(t, "s.json", `[{"tick": 5, "seat": 0, "press": "rock"}]`), "JSON array"},
		{"unknown button", good, writeFile(t, "s.json", `[{"tick": 5, "seat": 0, "press": ["lizard"]}]`), "lizard"},
		{"bad seat", good, writeFile(t, "s.json", `[{"tick": 5, "seat": 2, "press": ["rock"]}]`), "seat 2 of 2"},
		{"no tick", good, writeFile(t, "s.json", `[{"seat": 0, "press": ["rock"]}]`), "no \"tick\""},
		{"tick in the past", good, writeFile(t, "s.json", `[{"tick": -1, "seat": 0, "press": ["rock"]}]`), "before"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := (SlamTool{}).Rules(tt.state, tt.script, &out)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
		if out.Len() != 0 {
			t.Errorf("%s: printed output despite the error", tt.name)
		}
	}
	var out, errOut bytes.Buffer
	code := Main([]string{"rules", "-game", "slam", "-state", good, "-actions", writeFile(t, "s.json", `{`)},
		map[string]Tool{"slam": SlamTool{}}, &out, &errOut)
	if code != 2 || errOut.Len() == 0 {
		t.Errorf("Main exit %d, stderr %q", code, errOut.String())
	}
}

func TestSlamSim(t *testing.T) {
	opts := SimOptions{Players: 3, Games: 12, Seed: 5, Bots: []string{"hard", "easy", "medium"}, Workers: 2}
	var a, b bytes.Buffer
	if err := (SlamTool{}).Sim(opts, &a, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	opts.Workers = 1
	if err := (SlamTool{}).Sim(opts, &b, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("results depend on the workers:\n%s\n%s", a.String(), b.String())
	}
	for _, want := range []string{"seat 1 (hard)", "median", "ms", "95% interval", "held", "mistakes", "f-starts"} {
		if !strings.Contains(a.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, a.String())
		}
	}
	opts.Bots = []string{"superhuman"}
	if err := (SlamTool{}).Sim(opts, &a, &bytes.Buffer{}); err == nil {
		t.Error("unknown bot accepted")
	}
}

// TestSlamSimReactions: the median reaction counts every correct press,
// late ones included (the 700 ms player always presses after the 450 ms
// one has won the card), and no level prints NaN, even one that never
// wins a card.
func TestSlamSimReactions(t *testing.T) {
	var out bytes.Buffer
	opts := SimOptions{Players: 2, Games: 2, Seed: 1, Bots: []string{"script:450", "script:700"}, Workers: 1}
	if err := (SlamTool{}).Sim(opts, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"(script:450)", "450 ms", "(script:700)", "700 ms", "100.0%"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	for _, level := range slam.BotNames {
		out.Reset()
		opts.Bots = []string{"script:200", level}
		if err := (SlamTool{}).Sim(opts, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), "NaN") {
			t.Errorf("%s:\n%s", level, out.String())
		}
	}
}

func TestSlamSimBadPlayers(t *testing.T) {
	for _, name := range []string{"script:", "script:fast", "script:5", "script:99999", "superhuman"} {
		opts := SimOptions{Players: 2, Games: 1, Seed: 1, Bots: []string{name}, Workers: 1}
		if err := (SlamTool{}).Sim(opts, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("%q accepted", name)
		}
	}
}

func TestSlamSyncTest(t *testing.T) {
	var out bytes.Buffer
	if err := (SlamTool{}).SyncTest(3000, 4, 1, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "ok") {
		t.Errorf("output %q", out.String())
	}
}
