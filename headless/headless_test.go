//go:build !js

package headless

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// duel is a tiny turn-based ruleset for testing the tools: each seat in
// turn names a symbol; after both have, the round is scored; first to
// three round wins takes the game.
type duel struct {
	Picks  [2]rulesets.Symbol `json:"picks"`
	Wins   [2]int             `json:"wins"`
	Turn   int                `json:"turn"`
	events []string
}

func (d *duel) Seats() int   { return 2 }
func (d *duel) Over() bool   { return d.Wins[0] == 3 || d.Wins[1] == 3 }
func (d *duel) Hash() uint64 { var h rulesets.Hasher; h.Int(d.Turn); return h.Sum() }
func (d *duel) ToAct(dst []int) []int {
	if d.Over() {
		return dst
	}
	return append(dst, d.Turn)
}
func (d *duel) Legal(seat int, dst []rulesets.Symbol) []rulesets.Symbol {
	if d.Over() || seat != d.Turn {
		return dst
	}
	return append(dst, rulesets.Symbols[:]...)
}
func (d *duel) Apply(seat int, a rulesets.Symbol) error {
	if d.Over() || seat != d.Turn {
		return fmt.Errorf("seat %d may not act now", seat)
	}
	if !a.Valid() {
		return fmt.Errorf("%v is not a symbol", a)
	}
	d.Picks[seat] = a
	d.events = append(d.events, fmt.Sprintf("seat %d picks", seat))
	if seat == 0 {
		d.Turn = 1
		return nil
	}
	switch rulesets.Compare(d.Picks[0], d.Picks[1]) {
	case 1:
		d.Wins[0]++
	case -1:
		d.Wins[1]++
	}
	d.Turn = 0
	return nil
}
func (d *duel) Winners(dst []int) []int {
	for s, w := range d.Wins {
		if w == 3 {
			dst = append(dst, s)
		}
	}
	return dst
}
func (d *duel) Scores(dst []int) []int { return append(dst, d.Wins[:]...) }
func (d *duel) Events() []string       { return d.events }
func (d *duel) ClearEvents()           { d.events = d.events[:0] }
func (d *duel) Check() error           { return nil }

// duelView is a seat's view of a duel: its bots need no more than the
// seat.
type duelView struct{ Seat int }

type duelBot struct {
	name string
	rng  rulesets.Rand
}

// Choose: "rock" always plays Rock; "random" plays uniformly.
func (b *duelBot) Choose(v *duelView) rulesets.Symbol {
	if b.name == "rock" {
		return rulesets.Rock
	}
	return rulesets.Symbols[b.rng.IntN(3)]
}

func duelRuleset() rulesets.Ruleset[*duel, duelView, rulesets.Symbol, string] {
	return rulesets.Ruleset[*duel, duelView, rulesets.Symbol, string]{
		Name: "duel", Title: "Duel", MinSeats: 2, MaxSeats: 2,
		New: func(players int, config []byte, seed uint64) (*duel, error) { return &duel{}, nil },
		Decode: func(data []byte) (*duel, error) {
			var d duel
			if err := json.Unmarshal(data, &d); err != nil {
				return nil, err
			}
			return &d, nil
		},
		Encode: func(d *duel) ([]byte, error) { return json.Marshal(d) },
		Clone:  func(d *duel) *duel { c := *d; return &c },
		View:   func(d *duel, seat int) duelView { return duelView{Seat: seat} },
		DecodeAction: func(data []byte) (rulesets.Symbol, error) {
			var s rulesets.Symbol
			err := json.Unmarshal(data, &s)
			return s, err
		},
		BotNames: []string{"random", "rock"},
		NewBot: func(name string, seat int, seed uint64) (rulesets.Bot[duelView, rulesets.Symbol], error) {
			if name != "random" && name != "rock" {
				return nil, errors.New("no such bot")
			}
			return &duelBot{name: name, rng: rulesets.Derive(seed, 7)}, nil
		},
	}
}

func catalog() map[string]Tool { return map[string]Tool{"duel": Turns(duelRuleset())} }

func TestSimIndependentOfWorkers(t *testing.T) {
	var outs []string
	for _, workers := range []string{"1", "2", "5"} {
		var out, errOut bytes.Buffer
		code := Main([]string{"sim", "-game", "duel", "-games", "300", "-seed", "9", "-bots", "random", "-workers", workers}, catalog(), &out, &errOut)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		if !strings.Contains(errOut.String(), "300/300 games") {
			t.Errorf("no progress line on stderr: %q", errOut.String())
		}
		// Think times vary run to run; compare the win columns only.
		var rows []string
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(line, "seat") || strings.HasPrefix(line, "mean") {
				rows = append(rows, line[:min(len(line), 60)])
			}
		}
		outs = append(outs, strings.Join(rows, "\n"))
	}
	if outs[0] != outs[1] || outs[1] != outs[2] {
		t.Errorf("results depend on the worker count:\n%s\n--\n%s\n--\n%s", outs[0], outs[1], outs[2])
	}
}

func TestStandingsRotate(t *testing.T) {
	opts := SimOptions{Players: 2, Games: 400, Seed: 1, Bots: []string{"rock", "random"}, Rotate: true, Workers: 2}
	tool := Turns(duelRuleset()).(turnsTool[*duel, duelView, rulesets.Symbol, string])
	results, err := Tournament(opts, nil, func(i int, seed uint64) (GameResult, error) { return tool.play(opts, i, seed) })
	if err != nil {
		t.Fatal(err)
	}
	st := Standings(opts, results)
	if st[0].Games != 400 || st[1].Games != 400 {
		t.Fatalf("games per bot: %d, %d", st[0].Games, st[1].Games)
	}
	if got := st[0].Wins + st[1].Wins; got != 400 {
		t.Errorf("wins add up to %v, want 400", got)
	}
	// Always-rock against uniform random is an even match.
	if r := st[0].WinRate(); r < 0.4 || r > 0.6 {
		t.Errorf("rock bot win rate %.2f, want about 0.5", r)
	}
	if !(st[0].Low < st[0].WinRate() && st[0].WinRate() < st[0].High) {
		t.Errorf("interval [%v,%v] does not hold %v", st[0].Low, st[0].High, st[0].WinRate())
	}
}

func TestWilson(t *testing.T) {
	low, high := Wilson(80, 100)
	if low < 0.71 || low > 0.72 || high < 0.866 || high > 0.867 {
		t.Errorf("Wilson(80,100) = [%.4f, %.4f], want about [0.7112, 0.8666]", low, high)
	}
}

func TestRules(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	state := write("state.json", `{"picks":["none","none"],"wins":[2,0],"turn":0}`)
	tests := []struct {
		name, actions string
		code          int
		out, errOut   string
	}{
		{"wins", `[{"seat":0,"action":"rock"},{"seat":1,"action":"scissors"}]`, 0, `"wins": [`, ""},
		{"illegal seat", `[{"seat":1,"action":"rock"}]`, 2, "", "action 0 (seat 1): seat 1 may not act now"},
		{"bad action", `[{"seat":0,"action":"lizard"}]`, 2, "", "unknown symbol"},
		{"malformed", `[{"seat":0,`, 2, "", "want a JSON array"},
		{"missing seat", `[{"action":"rock"}]`, 2, "", "needs both"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			actions := write(tt.name+".json", tt.actions)
			var out, errOut bytes.Buffer
			code := Main([]string{"rules", "-game", "duel", "-state", state, "-actions", actions}, catalog(), &out, &errOut)
			if code != tt.code || !strings.Contains(out.String(), tt.out) || !strings.Contains(errOut.String(), tt.errOut) {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
			}
			if tt.code != 0 && out.Len() != 0 {
				t.Errorf("an error still printed a result: %q", out.String())
			}
		})
	}
	var out, errOut bytes.Buffer
	Main([]string{"rules", "-game", "duel", "-state", state, "-actions", write("ok.json", `[{"seat":0,"action":"rock"},{"seat":1,"action":"scissors"}]`)}, catalog(), &out, &errOut)
	var got rulesOutput[string]
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	var d duel
	if err := json.Unmarshal(got.State, &d); err != nil || d.Wins != [2]int{3, 0} || len(got.Events) != 2 {
		t.Errorf("state %s, events %v", got.State, got.Events)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "-game", "chess"},
		{"sim", "-game", "duel", "-players", "3", "-bots", "random,rock"},
		{"sim", "-game", "duel", "-players", "3"},
		{"sim", "-game", "duel", "-bots", "genius"},
		{"rules", "-game", "duel"},
		{"sim", "-nope"},
	} {
		var out, errOut bytes.Buffer
		if code := Main(args, catalog(), &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}
