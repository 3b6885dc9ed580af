package slam

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// goldenGame plays a fixed game: seed 2026, a Novice, a Medium, an Expert
// and an Adaptive bot, in Classic or Last One Loses, and returns the final
// state.
func goldenGame(t *testing.T, mode Mode) State {
	cfg := DefaultConfig(4)
	cfg.Mode = mode
	s, err := New(cfg, 2026)
	if err != nil {
		t.Fatal(err)
	}
	bots := []Bot{NewBot(0, Novice, 7), NewBot(1, Medium, 7), NewBot(2, Expert, 7), NewBot(3, Adaptive, 8)}
	if err := PlayBots(&s, bots, 1_000_000, (*State).Check); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGoldenHash pins the final hash of a fixed game. It must pass natively
// and under GOOS=js GOARCH=wasm: the same seed and presses give the same
// game on every platform.
func TestGoldenHash(t *testing.T) {
	want := map[Mode]uint64{Classic: 0xc575065d19253417, LastOneLoses: 0x82e3661c05fc9ca6}
	for mode, w := range want {
		s := goldenGame(t, mode)
		if got := s.Hash(); got != w {
			t.Errorf("%v: final hash %#x after %d ticks, scores %v; want %#x", mode, got, s.Tick(), s.Scores(nil), w)
		}
	}
}

func TestJSONRoundTripMidGame(t *testing.T) {
	for _, mode := range []Mode{Classic, LastOneLoses} {
		cfg := DefaultConfig(5)
		cfg.Mode = mode
		s, _ := New(cfg, 11)
		bots := make([]Bot, 5)
		for i := range bots {
			bots[i] = NewBot(i, Difficulty(i%4), 3)
		}
		// Stop at several moments, round-trip, and check both copies stay
		// identical for a while.
		for stop := int64(50); stop < 5000; stop += 397 {
			PlayBots(&s, bots, stop, nil)
			data, err := Encode(&s)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Decode(data)
			if err != nil {
				t.Fatalf("tick %d: %v\n%s", s.Tick(), err, data)
			}
			if back.Hash() != s.Hash() {
				t.Fatalf("tick %d: hash changed by the round trip\n%s", s.Tick(), data)
			}
			a, b := s, back
			ba, bb := bots, append([]Bot(nil), bots...)
			PlayBots(&a, ba, stop+300, nil)
			PlayBots(&b, bb, stop+300, nil)
			if a.Hash() != b.Hash() {
				t.Fatalf("tick %d: the decoded copy plays differently", s.Tick())
			}
		}
	}
}

func TestDecodeNewGameFromSeed(t *testing.T) {
	s, err := Decode([]byte(`{"config": {"players": 3, "mode": "last-one-loses"}, "seed": 5}`))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := New(func() Config { c := DefaultConfig(3); c.Mode = LastOneLoses; return c }(), 5)
	if s.Hash() != want.Hash() {
		t.Error("a seed position differs from New")
	}
}

func TestDecodeRejectsBadPositions(t *testing.T) {
	s, _ := New(DefaultConfig(2), 1)
	good, _ := Encode(&s)
	var base map[string]any
	json.Unmarshal(good, &base)
	tests := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"no seed nor deck", func(m map[string]any) { delete(m, "deck") }, "seed"},
		{"too many players", func(m map[string]any) { m["config"] = map[string]any{"players": 9} }, "players"},
		{"duplicate card", func(m map[string]any) { d := m["deck"].([]any); d[1] = d[0] }, "places"},
		{"missing card", func(m map[string]any) { m["deck"] = m["deck"].([]any)[1:] }, "places"},
		{"hidden beyond the deck", func(m map[string]any) { m["hidden"] = 55 }, "hidden"},
		{"public and dealt", func(m map[string]any) { m["unseen"] = m["deck"]; m["deck"] = []any{} }, "public"},
		{"bad card", func(m map[string]any) { m["deck"].([]any)[0] = "RRR/RR" }, "each colour once"},
		{"bad phase", func(m map[string]any) { m["phase"] = "dancing" }, "phase"},
		{"racing without card", func(m map[string]any) { m["phase"] = "racing" }, "card"},
		{"piles count", func(m map[string]any) { m["piles"] = []any{} }, "piles"},
		{"unknown field", func(m map[string]any) { m["colour"] = 1 }, "unknown field"},
		{"bad flipper", func(m map[string]any) { m["flipper"] = 2 }, "flipper"},
		{"bad mode", func(m map[string]any) { m["config"] = map[string]any{"players": 2, "mode": "fast"} }, "mode"},
	}
	for _, tt := range tests {
		m := map[string]any{}
		json.Unmarshal(good, &m)
		tt.edit(m)
		data, _ := json.Marshal(m)
		_, err := Decode(data)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
	if _, err := Decode([]byte(`{"config":`)); err == nil {
		t.Error("truncated JSON accepted")
	}
}

func TestCopyIsRollback(t *testing.T) {
	s, _ := New(DefaultConfig(8), 4)
	bots := make([]Bot, 8)
	for i := range bots {
		bots[i] = NewBot(i, Hard, 1)
	}
	PlayBots(&s, bots, 2000, nil)
	saved := s
	savedBots := append([]Bot(nil), bots...)
	PlayBots(&s, bots, 2500, nil)
	after := s.Hash()
	s = saved
	copy(bots, savedBots)
	PlayBots(&s, bots, 2500, nil)
	if s.Hash() != after {
		t.Error("restoring a copy and re-simulating gives a different state")
	}
}

func FuzzStep(f *testing.F) {
	f.Add(uint64(1), uint8(2), uint8(0), []byte{0, 1, 2, 3, 255, 17})
	f.Add(uint64(9), uint8(8), uint8(1), []byte("rock paper scissors clap"))
	f.Fuzz(func(t *testing.T, seed uint64, players, mode uint8, presses []byte) {
		cfg := DefaultConfig(2 + int(players)%7)
		cfg.Mode = Mode(mode % 2)
		cfg.WinnerFlips = mode&2 != 0
		cfg.FlipDelayMin, cfg.FlipDelayMax, cfg.Timeout = 1, 3, 20
		s, err := New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		// Each byte is one tick: bits 0-2 the seat, bits 3-7 the buttons
		// (gestures, confirm and junk included).
		for _, b := range presses {
			var f rulesets.Frame
			f.Pressed[int(b&7)] = rulesets.Buttons(b>>3) << 7
			s.Step(&f)
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func FuzzDecode(f *testing.F) {
	s, _ := New(DefaultConfig(3), 1)
	bots := []Bot{NewBot(0, Hard, 1), NewBot(1, Easy, 1), NewBot(2, Medium, 1)}
	for _, stop := range []int64{0, 70, 400, 3000} {
		PlayBots(&s, bots, stop, nil)
		data, _ := Encode(&s)
		f.Add(data)
	}
	f.Add([]byte(`{"config": {"players": 2}, "seed": 7}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode(data)
		if err != nil {
			return
		}
		// A position that decodes is valid, survives a round trip and can
		// be played on.
		if err := s.Check(); err != nil {
			t.Fatalf("decoded an invalid position: %v", err)
		}
		again, err := Encode(&s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(again)
		if err != nil || back.Hash() != s.Hash() {
			t.Fatalf("round trip: %v", err)
		}
		var fr rulesets.Frame
		for i := 0; i < 200 && !s.Over(); i++ {
			fr.Pressed[i%s.Seats()] = rulesets.ButtonRock << (i % 4)
			s.Step(&fr)
			if err := s.Check(); err != nil {
				t.Fatalf("tick %d: %v", i, err)
			}
		}
	})
}
