package slam

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/rulesets"
)

// testRules is the rules version the tests' replays are recorded under.
const testRules = "slam/test"

// recorded is a game played and recorded, with the public hash after every
// tick as the live game had it.
type recorded struct {
	rep    *replay.Replay
	final  State
	hashes []uint64 // hashes[t]: the public hash after t+1 ticks
}

// header returns the replay header of a game of players seats.
func header(players int, seed uint64, known bool) replay.Header {
	h := replay.Header{Game: GameName, Rules: testRules, Seed: seed, SeedKnown: known, Viewer: replay.WholeGame}
	for range players {
		h.Seats = append(h.Seats, replay.Seat{Kind: replay.Bot, Name: "bot", Bot: "medium"})
	}
	return h
}

// recordLocal plays a local game of bots (levels by seat) and records it.
func recordLocal(tb testing.TB, cfg Config, seed uint64) recorded {
	tb.Helper()
	s, err := New(cfg, seed)
	if err != nil {
		tb.Fatal(err)
	}
	bots := make([]Bot, cfg.Players)
	for i := range bots {
		bots[i] = NewBot(i, Difficulty(i%int(Adaptive+1)), seed)
	}
	return playRecorded(tb, s, PublicSeed(seed), header(cfg.Players, seed, true), bots, nil)
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
	bots := make([]Bot, cfg.Players)
	for i := range bots {
		bots[i] = NewBot(i, Medium, public)
	}
	return playRecorded(tb, s, public, header(cfg.Players, 0, false), bots, &d)
}

// playRecorded plays s, whose public seed is public, to its end with
// bots, recording it under h; d deals it, unless it deals itself.
func playRecorded(tb testing.TB, s State, public uint64, h replay.Header, bots []Bot, d *Dealer) recorded {
	tb.Helper()
	rec, err := NewRecorder(h, &s, public)
	if err != nil {
		tb.Fatal(err)
	}
	var out recorded
	for !s.Over() {
		if s.Tick() > 200_000 {
			tb.Fatal("the game does not end")
		}
		f := rulesets.Frame{Tick: s.Tick()}
		if d != nil {
			f.Deal = d.Deal(&s, s.Tick())
		}
		for i := range bots {
			bots[i].Act(&s, &f)
		}
		s.Step(&f)
		rec.Record(&f, &s)
		out.hashes = append(out.hashes, s.PublicHash())
	}
	out.rep, out.final = rec.Finish(&s), s
	return out
}

// roundTrip writes rep to a file's bytes, reads it back and opens it.
func roundTrip(tb testing.TB, rep *replay.Replay) *Recording {
	tb.Helper()
	rec, err := Open(fileTrip(tb, rep))
	if err != nil {
		tb.Fatal(err)
	}
	return rec
}

// fileTrip writes rep to a file's bytes and reads it back.
func fileTrip(tb testing.TB, rep *replay.Replay) *replay.Replay {
	tb.Helper()
	data, err := replay.Encode(rep)
	if err != nil {
		tb.Fatal(err)
	}
	back, err := replay.Decode(data)
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
	{"last-one-loses-winner-flips", func() Config {
		c := DefaultConfig(2)
		c.Mode, c.WinnerFlips = LastOneLoses, true
		return c
	}},
	{"void-no-decider", func() Config {
		c := DefaultConfig(8)
		c.DeadHeat, c.Decider, c.OneTry = DeadHeatVoid, false, false
		return c
	}},
}

func TestReplayRoundTripLocal(t *testing.T) {
	game := ReplayGame(testRules)
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			g := recordLocal(t, v.cfg(), 77)
			back := fileTrip(t, g.rep)
			if err := game.Verify(back); err != nil {
				t.Fatal(err)
			}
			rec, err := Open(back)
			if err != nil {
				t.Fatal(err)
			}
			end, err := Verify(rec)
			if err != nil {
				t.Fatal(err)
			}
			if end.Hash() != g.final.PublicHash() || !end.Over() {
				t.Errorf("the re-run ends elsewhere than the game (over: %v)", end.Over())
			}
			if err := VerifyDealer(rec, 78); err == nil {
				t.Error("another seed passes as the game's")
			}
		})
	}
}

// TestReplayEveryTick: the re-run's state equals the live game's public
// state after every tick, not only at the checkpoints.
func TestReplayEveryTick(t *testing.T) {
	for _, g := range []recorded{recordLocal(t, DefaultConfig(6), 5), recordPublic(t, DefaultConfig(3), 9, 10)} {
		rec := roundTrip(t, g.rep)
		s, err := rec.Start.State()
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(rec)
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
		if len(g.hashes) != int(rec.Ticks) {
			t.Errorf("%d ticks replayed, %d played", rec.Ticks, len(g.hashes))
		}
	}
}

// TestPublicReplayHoldsNoSecret: a network peer's replay verifies, holds
// no seed, and every deal in it is of a card that was flipped: no undealt
// card, nor the deck's order, is in it.
func TestPublicReplayHoldsNoSecret(t *testing.T) {
	const secret = 0x5eed_5eed_5eed_5eed
	g := recordPublic(t, DefaultConfig(4), 3, secret)
	data, err := replay.Encode(g.rep)
	if err != nil {
		t.Fatal(err)
	}
	for _, form := range [][]byte{binary.LittleEndian.AppendUint64(nil, secret), binary.AppendUvarint(nil, secret), []byte(fmt.Sprint(secret))} {
		if bytes.Contains(data, form) {
			t.Errorf("the secret seed is in the replay as % x", form)
		}
	}
	if err := ReplayGame(testRules).Verify(fileTrip(t, g.rep)); err != nil {
		t.Fatal(err)
	}
	rec := roundTrip(t, g.rep)
	if rec.Start.TopBack != nil {
		t.Error("a peer's replay starts with the top back shown")
	}
	if err := VerifyDealer(rec, secret); err == nil {
		t.Error("a peer's replay checks against a seed")
	}
	fins, err := Finishes(rec)
	if err != nil {
		t.Fatal(err)
	}
	flipped := map[Card]bool{}
	for _, fin := range fins {
		flipped[fin.Record.Card] = true
	}
	r := NewReader(rec)
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
	rec := roundTrip(t, recordLocal(t, DefaultConfig(4), 12).rep)
	fins, err := Finishes(rec)
	if err != nil {
		t.Fatal(err)
	}
	step := -1
	for _, fin := range fins[3:] {
		if r := fin.Record; r.Outcome == OutcomeWon {
			step = slicesIndex(rec.Steps, r.Presses[r.Taker].Tick, int(r.Taker))
			break
		}
	}
	if step < 0 {
		t.Fatal("no card won")
	}
	at := rec.Steps[step].At
	b, _ := unpackButtons(rec.Steps[step].Data[0])
	rec.Steps[step].Data = []byte{packButtons(rulesets.Gestures &^ b & (b<<1 | rulesets.ButtonRock))}
	_, err = Verify(rec)
	var d *replay.Divergence
	if !errors.As(err, &d) || d.At != (at/CheckEvery+1)*CheckEvery || d.Err != nil {
		t.Fatalf("a wrong press for the win at tick %d: %v, want a divergence at the next checkpoint", at, err)
	}
}

// slicesIndex returns the index of seat's step at tick at, or -1.
func slicesIndex(steps []replay.Step, at int64, seat int) int {
	for i, s := range steps {
		if s.At == at && s.Seat == seat {
			return i
		}
	}
	return -1
}

func TestOpenRefusesBadHeaders(t *testing.T) {
	g := recordLocal(t, DefaultConfig(3), 4)
	tests := []struct {
		name string
		edit func(r *replay.Replay)
		want string
	}{
		{"another game", func(r *replay.Replay) { r.Header.Game = "ninjan" }, `"ninjan"`},
		{"bad config", func(r *replay.Replay) { r.Header.Config = []byte(`{"config":{"players":9}}`) }, "players"},
		{"unknown field", func(r *replay.Replay) { r.Header.Config = []byte(`{"colour":1}`) }, "unknown field"},
		{"seats", func(r *replay.Replay) { r.Header.Seats = r.Header.Seats[:2] }, "2 seats for 3 players"},
		{"no end", func(r *replay.Replay) { r.Checkpoints = nil }, "no checkpoint"},
		{"endless", func(r *replay.Replay) { r.Checkpoints[len(r.Checkpoints)-1].At = MaxTicks + 1 }, "more than"},
	}
	for _, tt := range tests {
		r := fileTrip(t, g.rep)
		tt.edit(r)
		_, err := Open(r)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
	r := fileTrip(t, g.rep)
	r.Header.Rules = "slam/1"
	var re *replay.RulesError
	if err := ReplayGame(testRules).Verify(r); !errors.As(err, &re) || !strings.Contains(err.Error(), "slam/1") || !strings.Contains(err.Error(), testRules) {
		t.Errorf("a replay of other rules: %v", err)
	}
}

func TestVerifyRefusesBadSteps(t *testing.T) {
	players := 2
	s, _ := NewPublic(DefaultConfig(players), 1)
	rec, err := NewRecorder(header(players, 0, false), &s, 1)
	if err != nil {
		t.Fatal(err)
	}
	base := rec.Finish(&s)
	idle := s // ten ticks without input: the end every case claims
	for range 10 {
		idle.Step(&rulesets.Frame{})
	}
	tests := []struct {
		name  string
		steps []replay.Step
		want  string
	}{
		{"seat out of play", []replay.Step{{At: 1, Seat: 2, Data: []byte{1}}}, "seat 2"},
		{"junk buttons", []replay.Step{{At: 1, Seat: 0, Data: []byte{0x40}}}, "buttons"},
		{"no buttons", []replay.Step{{At: 1, Seat: 0, Data: []byte{0}}}, "buttons"},
		{"two bytes", []replay.Step{{At: 1, Seat: 0, Data: []byte{1, 1}}}, "buttons"},
		{"twice", []replay.Step{{At: 1, Seat: 0, Data: []byte{1}}, {At: 1, Seat: 0, Data: []byte{2}}}, "buttons"},
		{"zero deal", []replay.Step{{At: 1, Seat: -1, Data: []byte{0}}}, "bad deal"},
		{"two deals", []replay.Step{{At: 1, Seat: -1, Data: []byte{1}}, {At: 1, Seat: -1, Data: []byte{1}}}, "bad deal"},
		{"after the end", []replay.Step{{At: 20, Seat: 0, Data: []byte{1}}}, "after the end"},
	}
	for _, tt := range tests {
		r := *base
		r.Steps = tt.steps
		r.Checkpoints = []replay.Checkpoint{{At: 10, Hash: idle.Hash()}}
		rec, err := Open(&r)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Verify(rec)
		var d *replay.Divergence
		if !errors.As(err, &d) || d.Err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want a divergence mentioning %q", tt.name, err, tt.want)
		}
		if _, err := Finishes(rec); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Finishes: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
		// Unreadable steps are what Verify reports, whatever the
		// checkpoint at the end says (FuzzVerify's f4bc8ccd996a4ffc: a
		// step at the end of a replay of no tick).
		rec.Checks[0].Hash++
		if _, err := Verify(rec); !errors.As(err, &d) || d.Err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s, with a wrong last checkpoint: error %v, want a divergence mentioning %q", tt.name, err, tt.want)
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
// nothing once the recorder's buffers have grown.
func TestRecordAllocatesNothing(t *testing.T) {
	s, rec, f := busyRecorder(t)
	tick := func() {
		s.Step(&f)
		rec.Record(&f, &s)
	}
	for range 5000 {
		tick() // the buffers grow to a long game's size
	}
	h := rec.rec.Header()
	rec.rec.Reset(h)
	if allocs := testing.AllocsPerRun(4000, tick); allocs != 0 {
		t.Errorf("%v allocations a tick", allocs)
	}
}

// FuzzVerify feeds Open, Verify, Finishes and a Timeline replays of any
// start and any steps (past the file's checksum, which would stop almost
// every mutation): none may panic, and they agree on what they can read.
// Each step is four bytes: ticks since the last step (0..15), seat (-1 the
// deal, 0..8), and its data (a press's one byte, or a deal's two).
func FuzzVerify(f *testing.F) {
	// The first 400 ticks of a game, with flips, presses and checkpoints.
	s, err := New(DefaultConfig(2), 2)
	if err != nil {
		f.Fatal(err)
	}
	rec, err := NewRecorder(header(2, 2, true), &s, PublicSeed(2))
	if err != nil {
		f.Fatal(err)
	}
	bots := []Bot{NewBot(0, Expert, 2), NewBot(1, Novice, 2)}
	for s.Tick() < 400 {
		fr := rulesets.Frame{Tick: s.Tick()}
		for i := range bots {
			bots[i].Act(&s, &fr)
		}
		s.Step(&fr)
		rec.Record(&fr, &s)
	}
	r := rec.Finish(&s)
	var steps []byte
	last := int64(0)
	for _, st := range r.Steps {
		data := append(st.Data, 0)
		steps = append(steps, byte(st.At-last), byte(st.Seat+1), data[0], data[1])
		last = st.At
	}
	f.Add([]byte(r.Header.Config), steps, uint16(400))
	f.Fuzz(func(t *testing.T, start, steps []byte, end uint16) {
		r := &replay.Replay{Header: replay.Header{Game: GameName, Rules: testRules, Config: start},
			Checkpoints: []replay.Checkpoint{{At: int64(end)}}}
		at := int64(0)
		for ; len(steps) >= 4; steps = steps[4:] {
			at += int64(steps[0] % 16)
			st := replay.Step{At: at, Seat: int(steps[1]%10) - 1, Data: steps[2:3]}
			if st.Seat < 0 {
				st.Data = steps[2:4]
			}
			r.Steps = append(r.Steps, st)
		}
		rec, err := Open(r)
		if err != nil {
			return
		}
		_, verr := Verify(rec)
		var d *replay.Divergence
		unreadable := errors.As(verr, &d) && d.Err != nil
		if _, ferr := Finishes(rec); (ferr != nil) && !unreadable {
			t.Fatalf("Finishes fails (%v) where Verify reads every step (%v)", ferr, verr)
		}
		if _, terr := NewTimeline(rec, 0); terr == nil {
			t.Fatal("a timeline of a replay whose last checkpoint is wrong")
		}
		rec.Checks[0].Hash = func() uint64 { end, _ := walk(rec, nil); return end.State.Hash() }()
		tl, terr := NewTimeline(rec, 0)
		if terr != nil {
			if !unreadable {
				t.Fatalf("no timeline (%v) of a replay whose steps all read", terr)
			}
			return
		}
		var p Position
		for _, tick := range []int64{rec.Ticks, rec.Ticks / 2, 0, -1, rec.Ticks + 1} {
			tl.Goto(tick, &p)
			if want := max(0, min(tick, rec.Ticks)); p.State.Tick() != want {
				t.Fatalf("Goto(%d) reaches %d", tick, p.State.Tick())
			}
		}
	})
}

// TestReplayGolden pins a fixed game's replay: its file's bytes (through
// their hash) and its last checkpoint. It must pass natively and under
// GOOS=js GOARCH=wasm, so a replay recorded in the browser verifies on
// the desktop and back. The file's bytes are compress/flate's output
// (replay format 2), so a Go release that deflates differently changes
// the file hash, and the pin with it.
func TestReplayGolden(t *testing.T) {
	want := map[string][2]uint64{"classic": {0xfc8d75932952c045, 0x3ece0ac60fa470e}, "last-one-loses": {0xda79538bfbfef222, 0xc34a90c1436e6651}}
	for _, v := range variants[:2] {
		g := recordLocal(t, v.cfg(), 2026)
		data, err := replay.Encode(g.rep)
		if err != nil {
			t.Fatal(err)
		}
		var h rulesets.Hasher
		h.Bytes(data)
		last := g.rep.Checkpoints[len(g.rep.Checkpoints)-1]
		if got := [2]uint64{h.Sum(), last.Hash}; got != want[v.name] {
			t.Errorf("%s: file hash %#x, last checkpoint %#x at tick %d; want %#x", v.name, got[0], got[1], last.At, want[v.name])
		}
	}
}

// busyRecorder returns an eight-seat game stepped once, its recorder, and
// a frame of every seat pressing.
func busyRecorder(tb testing.TB) (State, *Recorder, rulesets.Frame) {
	s, err := New(DefaultConfig(8), 1)
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := NewRecorder(header(8, 1, true), &s, PublicSeed(1))
	if err != nil {
		tb.Fatal(err)
	}
	var f rulesets.Frame
	for seat := range f.Pressed {
		f.Pressed[seat] = rulesets.ButtonRock << (seat % 4)
	}
	s.Step(&f)
	return s, rec, f
}
