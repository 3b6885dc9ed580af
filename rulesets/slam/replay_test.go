package slam

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// recorded is a game played and recorded, with the public hash after every
// tick as the live game had it.
type recorded struct {
	rep    *Replay
	final  State
	hashes []uint64 // hashes[t]: the public hash after t+1 ticks
}

// recordLocal plays a local game of bots (one per seat, levels by seat)
// and records it.
func recordLocal(tb testing.TB, cfg Config, seed uint64) recorded {
	tb.Helper()
	s, err := New(cfg, seed)
	if err != nil {
		tb.Fatal(err)
	}
	start := StartFor(&s, PublicSeed(seed))
	bots := make([]Bot, cfg.Players)
	for i := range bots {
		bots[i] = NewBot(i, Difficulty(i%int(Adaptive+1)), seed)
	}
	rec := NewRecorder(0)
	var out recorded
	for !s.Over() {
		if s.Tick() > 200_000 {
			tb.Fatal("the game does not end")
		}
		f := rulesets.Frame{Tick: s.Tick()}
		for i := range bots {
			bots[i].Act(&s, &f)
		}
		s.Step(&f)
		rec.Record(&f, &s)
		out.hashes = append(out.hashes, s.PublicHash())
	}
	out.rep, out.final = rec.Replay(start, &s), s
	return out
}

// recordPublic plays a game as a network host does: a public state and a
// dealer apart, whose deal goes into each tick's frame; the recording is
// what every peer of the match saw.
func recordPublic(tb testing.TB, cfg Config, public, secret uint64) recorded {
	tb.Helper()
	s, err := NewPublic(cfg, public)
	if err != nil {
		tb.Fatal(err)
	}
	d, err := NewDealer(cfg, secret)
	if err != nil {
		tb.Fatal(err)
	}
	start := StartFor(&s, public)
	bots := make([]Bot, cfg.Players)
	for i := range bots {
		bots[i] = NewBot(i, Medium, public)
	}
	rec := NewRecorder(0)
	var out recorded
	for !s.Over() {
		if s.Tick() > 200_000 {
			tb.Fatal("the game does not end")
		}
		f := rulesets.Frame{Tick: s.Tick(), Deal: d.Deal(&s, s.Tick())}
		for i := range bots {
			bots[i].Act(&s, &f)
		}
		s.Step(&f)
		rec.Record(&f, &s)
		out.hashes = append(out.hashes, s.Hash())
	}
	out.rep, out.final = rec.Replay(start, &s), s
	return out
}

// roundTrip writes rep and reads it back.
func roundTrip(tb testing.TB, rep *Replay) *Replay {
	tb.Helper()
	data, err := rep.AppendBinary(nil)
	if err != nil {
		tb.Fatal(err)
	}
	back, err := DecodeReplay(data)
	if err != nil {
		tb.Fatal(err)
	}
	return back
}

var variants = []struct {
	name string
	cfg  func() Config
}{
	{"classic", func() Config { return DefaultConfig(4) }},
	{"last-one-loses", func() Config { c := DefaultConfig(5); c.Mode = LastOneLoses; return c }},
	{"winner-flips", func() Config { c := DefaultConfig(3); c.WinnerFlips = true; return c }},
	{"void-no-decider", func() Config {
		c := DefaultConfig(8)
		c.DeadHeat, c.Decider, c.OneTry = DeadHeatVoid, false, false
		return c
	}},
}

func TestReplayRoundTripLocal(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			g := recordLocal(t, v.cfg(), 77)
			rep := roundTrip(t, g.rep)
			end, err := Verify(rep)
			if err != nil {
				t.Fatal(err)
			}
			if end.Hash() != g.final.PublicHash() || !end.Over() {
				t.Errorf("the re-run ends elsewhere than the game (over: %v)", end.Over())
			}
			if err := VerifyDealer(rep, 77); err != nil {
				t.Errorf("the seed's dealer: %v", err)
			}
			if err := VerifyDealer(rep, 78); err == nil {
				t.Error("another seed passes as the game's")
			}
		})
	}
}

// TestReplayEveryTick: the re-run's state equals the live game's public
// state after every tick, not only at the checkpoints.
func TestReplayEveryTick(t *testing.T) {
	for _, g := range []recorded{recordLocal(t, DefaultConfig(6), 5), recordPublic(t, DefaultConfig(3), 9, 10)} {
		rep := roundTrip(t, g.rep)
		s, err := rep.Start.State()
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(rep)
		var f rulesets.Frame
		for i := 0; !r.Done(); i++ {
			if err := r.Next(&f); err != nil {
				t.Fatal(err)
			}
			s.Step(&f)
			if s.Hash() != g.hashes[i] {
				t.Fatalf("tick %d: the re-run differs from the game", i)
			}
		}
		if len(g.hashes) != int(rep.Ticks) {
			t.Errorf("%d ticks replayed, %d played", rep.Ticks, len(g.hashes))
		}
	}
}

// TestPublicReplayHoldsNoSecret: a network peer's replay verifies, holds
// no seed, and every deal in it is of a card that was flipped: no undealt
// card, nor the deck's order, is in it.
func TestPublicReplayHoldsNoSecret(t *testing.T) {
	const secret = 0x5eed_5eed_5eed_5eed
	g := recordPublic(t, DefaultConfig(4), 3, secret)
	data, err := g.rep.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := roundTrip(t, g.rep)
	if _, err := Verify(rep); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, binary.LittleEndian.AppendUint64(nil, secret)) || bytes.Contains(data, binary.AppendUvarint(nil, secret)) {
		t.Error("the secret seed is in the replay")
	}
	if rep.Start.TopBack != nil {
		t.Error("a peer's replay starts with the top back shown")
	}
	if err := VerifyDealer(rep, secret); err == nil {
		t.Error("a peer's replay checks against a seed")
	}
	flipped := map[Card]bool{}
	fins, err := Finishes(rep)
	if err != nil {
		t.Fatal(err)
	}
	for _, fin := range fins {
		flipped[fin.Record.Card] = true
	}
	r := NewReader(rep)
	var f rulesets.Frame
	deals := 0
	for !r.Done() {
		if err := r.Next(&f); err != nil {
			t.Fatal(err)
		}
		if f.Deal == 0 {
			continue
		}
		deals++
		if front, _, ok := decodeDeal(f.Deal); ok && front != NoCard && !flipped[front] {
			t.Errorf("tick %d: the replay deals %v, which never flipped", f.Tick, front)
		}
	}
	if deals < len(fins) || len(fins) == 0 {
		t.Errorf("%d deals for %d flips", deals, len(fins))
	}
}

// TestVerifyFindsTheDivergentTick: a replay whose winning press is turned
// into a wrong one fails at the first checkpoint after that press.
func TestVerifyFindsTheDivergentTick(t *testing.T) {
	rep := roundTrip(t, recordLocal(t, DefaultConfig(4), 12).rep)
	fins, err := Finishes(rep)
	if err != nil {
		t.Fatal(err)
	}
	var seat int
	var at int64 = -1
	for _, fin := range fins[3:] {
		if r := fin.Record; r.Outcome == OutcomeWon {
			seat, at = int(r.Taker), r.Presses[r.Taker].Tick
			break
		}
	}
	if at < 0 {
		t.Fatal("no card won")
	}
	tampered := reencode(t, rep, func(f *rulesets.Frame) {
		if f.Tick == at {
			f.Pressed[seat] = rulesets.Gestures &^ f.Pressed[seat] & (f.Pressed[seat]<<1 | rulesets.ButtonRock)
		}
	})
	_, err = Verify(tampered)
	want := fmt.Sprintf("diverges by tick %d:", (at/int64(rep.Every)+1)*int64(rep.Every))
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("a wrong press for the win at tick %d: %v, want %q", at, err, want)
	}
}

// reencode returns rep with its frames passed through edit, and its
// checkpoints as they were.
func reencode(tb testing.TB, rep *Replay, edit func(*rulesets.Frame)) *Replay {
	s, err := rep.Start.State()
	if err != nil {
		tb.Fatal(err)
	}
	rec := NewRecorder(rep.Every)
	r := NewReader(rep)
	var f rulesets.Frame
	for !r.Done() {
		if err := r.Next(&f); err != nil {
			tb.Fatal(err)
		}
		edit(&f)
		s.Step(&f)
		rec.Record(&f, &s)
	}
	out := *rep
	out.Frames = rec.frames
	return &out
}

// TestDecodeReplayRejectsCorruption: every truncation and a corrupt byte
// in each part gives an error, never a panic nor a replay that verifies
// wrongly.
func TestDecodeReplayRejectsCorruption(t *testing.T) {
	g := recordLocal(t, DefaultConfig(3), 4)
	data, err := g.rep.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		if _, err := DecodeReplay(data[:n]); err == nil {
			t.Fatalf("a replay cut to %d of %d bytes decodes", n, len(data))
		}
	}
	tests := []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"version", func(b []byte) []byte { b[0] = 9; return b }, "body version 9"},
		{"start JSON", func(b []byte) []byte { b[2] = '['; return b }, "start"},
		{"trailing", func(b []byte) []byte { return append(b, 0) }, "after the frames"},
		{"players", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"players":3`), []byte(`"players":9`), 1)
		}, "players"},
	}
	for _, tt := range tests {
		_, err := DecodeReplay(tt.edit(append([]byte(nil), data...)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
}

func TestReaderRejectsBadFrames(t *testing.T) {
	start := StartFor(func() *State { s, _ := NewPublic(DefaultConfig(2), 1); return &s }(), 1)
	tests := []struct {
		name   string
		frames []byte
		want   string
	}{
		{"seat out of play", []byte{0, 0b100, 1}, "seat 2"},
		{"junk buttons", []byte{0, 0b1, 0x40}, "buttons"},
		{"no buttons", []byte{0, 0b1, 0}, "buttons"},
		{"empty entry", []byte{0, 0}, "empty entry"},
		{"truncated", []byte{0, 0b11, 1}, "truncated"},
		{"beyond the end", []byte{40, 0b1, 1}, "after the last tick"},
		{"zero deal", []byte{1, 0, 0}, "bad deal"},
		{"left over", []byte{0, 0b1, 1, 40}, "after the last tick"},
	}
	for _, tt := range tests {
		rep := &Replay{Start: start, Ticks: 10, Every: 60, Frames: tt.frames}
		_, err := Verify(rep)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
}

func TestPackButtons(t *testing.T) {
	for _, b := range []rulesets.Buttons{rulesets.ButtonRock, rulesets.ButtonPaper, rulesets.ButtonScissors,
		rulesets.ButtonClap, rulesets.ButtonConfirm, recordedButtons, rulesets.ButtonRock | rulesets.ButtonClap} {
		got, ok := unpackButtons(packButtons(b))
		if !ok || got != b {
			t.Errorf("%v comes back as %v (%v)", b, got, ok)
		}
	}
}

// TestRecordAllocatesNothing: recording a tick, busy or idle, allocates
// nothing once the recorder is made.
func TestRecordAllocatesNothing(t *testing.T) {
	s, err := New(DefaultConfig(8), 1)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(0)
	var f rulesets.Frame
	for seat := range f.Pressed {
		f.Pressed[seat] = rulesets.ButtonRock << (seat % 4)
	}
	allocs := testing.AllocsPerRun(5000, func() {
		s.Step(&f)
		rec.Record(&f, &s)
	})
	if allocs != 0 {
		t.Errorf("%v allocations a tick", allocs)
	}
}

func FuzzDecodeReplay(f *testing.F) {
	g := recordLocal(f, DefaultConfig(3), 2)
	data, _ := g.rep.AppendBinary(nil)
	f.Add(data)
	f.Add(data[:len(data)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := DecodeReplay(data)
		if err != nil {
			return
		}
		if rep.Ticks > 50_000 {
			return // long enough to be slow, and read like any other
		}
		_, verr := Verify(rep)
		if _, ferr := Finishes(rep); ferr != nil && verr == nil {
			t.Fatalf("Finishes fails on a replay that verifies: %v", ferr)
		}
	})
}
