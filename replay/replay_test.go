package replay

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// sample returns a small replay with binary and JSON step data.
func sample() *Replay {
	return &Replay{
		Header: Header{Game: "toy", Rules: "toy/1", Build: "test", Config: json.RawMessage(`{"x":1}`),
			Seed: 1<<63 + 5, SeedKnown: true, Viewer: WholeGame,
			Seats:  []Seat{{Kind: Human, Name: "Ann"}, {Kind: Bot, Name: "Player 2", Bot: "hard"}},
			Date:   time.Date(2026, 11, 24, 5, 40, 0, 0, time.UTC),
			Result: Result{Over: true, Winners: []int{1}, Scores: []int{3, 7}}},
		Steps: []Step{{At: 0, Seat: -1, Data: []byte{}}, {At: 3, Seat: 0, Data: []byte(`{"card":"rock"}`)},
			{At: 3, Seat: 1, Data: []byte{0xff, 0}}, {At: 900, Seat: 7, Data: []byte("x")}},
		Checkpoints: []Checkpoint{{At: 0, Hash: 1}, {At: 600, Hash: 1<<64 - 1}},
	}
}

func TestRoundTrip(t *testing.T) {
	want := sample()
	data, err := Encode(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded\n%+v\nwant\n%+v", got, want)
	}
	data[len(data)/2] ^= 0xff // the decoded replay shares no memory with the file
	if !reflect.DeepEqual(got, want) {
		t.Error("changing the file changed the decoded replay")
	}
}

func TestEmptyRoundTrip(t *testing.T) {
	data, err := Encode(&Replay{Header: Header{Game: "toy", Seats: []Seat{}}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Header.Game != "toy" || len(got.Steps) != 0 || len(got.Checkpoints) != 0 {
		t.Errorf("decoded %+v", got)
	}
}

func TestEncodeRefusesTimeGoingBack(t *testing.T) {
	for _, r := range []*Replay{
		{Steps: []Step{{At: 5}, {At: 4}}},
		{Steps: []Step{{At: -1}}},
		{Checkpoints: []Checkpoint{{At: 5}, {At: 4}}},
		{Steps: []Step{{At: maxAt + 1}}},
	} {
		if _, err := Encode(r); err == nil {
			t.Errorf("Encode(%+v) succeeded", r)
		}
	}
}

// reframe returns body (a file without its checksum) with its length
// and checksum made right again, as a writer with a bug would make it.
func reframe(body []byte) []byte {
	b := append([]byte(nil), body...)
	binary.LittleEndian.PutUint32(b[5:], uint32(len(b)+4))
	return binary.LittleEndian.AppendUint32(b, crc(b))
}

// frame returns body as a file of format: magic, format, length, body
// and checksum.
func frame(format uint64, body []byte) []byte {
	b := binary.AppendUvarint([]byte(magic), format)
	return reframe(append(append(b, 0, 0, 0, 0), body...))
}

// deflate returns b deflated, as Encode deflates a body.
func deflate(t *testing.T, b []byte) []byte {
	t.Helper()
	var z bytes.Buffer
	zw, err := flate.NewWriter(&z, flate.DefaultCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return z.Bytes()
}

// TestDecodesThePlainFormat: a file of the first format, whose body is
// not deflated, as builds before Format 2 wrote them, still decodes.
func TestDecodesThePlainFormat(t *testing.T) {
	body, err := encodeBody(sample())
	if err != nil {
		t.Fatal(err)
	}
	r, err := Decode(frame(plainFormat, body))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r, sample()) {
		t.Errorf("decoded %+v, want %+v", r, sample())
	}
	if _, err := Decode(frame(plainFormat, deflate(t, body))); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a deflated body read as the plain format: %v, want it corrupt", err)
	}
}

// TestEncodeDeflates: a client's replay, each step a whole view much like
// the one before, is written in a fraction of its plain size.
func TestEncodeDeflates(t *testing.T) {
	r := sample()
	view := []byte(`{"view":{"hand":["rock-1","paper-2","scissors-3"],"piles":[[1,2,3],[4,5],[6]],"round":`)
	r.Steps = nil
	for i := range 200 {
		r.Steps = append(r.Steps, Step{At: int64(i), Seat: 1, Data: fmt.Appendf(bytes.Clone(view), "%d}}", i%9)})
	}
	body, err := encodeBody(r)
	if err != nil {
		t.Fatal(err)
	}
	file, err := Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(file) > len(body)/10 {
		t.Errorf("the file has %d bytes, its plain body %d: want a tenth or less", len(file), len(body))
	}
	again, err := Decode(file)
	if err != nil || !reflect.DeepEqual(again, r) {
		t.Errorf("round trip: %v", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	good, err := Encode(sample())
	if err != nil {
		t.Fatal(err)
	}
	format3 := append([]byte(nil), good...)
	format3[4] = 3
	flipped := append([]byte(nil), good...)
	flipped[20] ^= 1
	long := append(append([]byte(nil), good...), 0)
	extra := reframe(append(append([]byte(nil), good[:len(good)-4]...), 9))
	body, err := encodeBody(sample())
	if err != nil {
		t.Fatal(err)
	}
	notDeflated := frame(Format, body)
	unread := frame(Format, deflate(t, append(body, 9)))
	bomb := frame(Format, deflate(t, make([]byte, MaxSize+1)))
	for _, tc := range []struct {
		name string
		data []byte
		is   error
		msg  string
	}{
		{"empty", nil, ErrNotReplay, "replay: not a replay"},
		{"text", []byte("hello, world"), ErrNotReplay, "replay: not a replay"},
		{"magic only", []byte("JKRP"), ErrTruncated, "replay: truncated at byte 4"},
		{"format 3", format3, nil, "replay format 3, this build reads 1 and 2"},
		{"half", good[:len(good)/2], ErrTruncated, "truncated at byte 50 of 100"},
		{"flipped bit", flipped, ErrChecksum, "replay: checksum mismatch"},
		{"byte after", long, ErrCorrupt, "1 bytes follow the replay's"},
		{"bytes after the deflated body", extra, ErrCorrupt, "1 bytes follow the deflated body"},
		{"body not deflated", notDeflated, ErrCorrupt, "the body does not inflate"},
		{"unread bytes", unread, ErrCorrupt, "unread bytes"},
		{"deflate bomb", bomb, ErrCorrupt, "inflates past the 67108864 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "half" {
				tc.msg = fmt.Sprintf("truncated at byte %d of %d", len(good)/2, len(good))
			}
			r, err := Decode(tc.data)
			if err == nil || r != nil {
				t.Fatalf("Decode = %v, %v; want an error", r, err)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q is not %q", err, tc.is)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not say %q", err, tc.msg)
			}
		})
	}
	var fe *FormatError
	if _, err := Decode(format3); !errors.As(err, &fe) || fe.Got != 3 {
		t.Errorf("format 3: %v is not a *FormatError of 3", err)
	}
}

// TestHeadersNoBuildWritesAreRefused: a replay can come from anywhere (a
// file picked or dropped on the page), and its names are drawn. A header
// no build writes (an unknown kind of seat, too many seats, a name too
// long or holding a character the game cannot draw) is refused by Decode
// as corrupt, and by Encode; the longest names the game writes pass.
func TestHeadersNoBuildWritesAreRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(h *Header)
		msg    string // "" for a header that must pass
	}{
		{"a couch's long name", func(h *Header) { h.Seats[0].Name = strings.Repeat("Ŵ", 16) + " 2" }, ""},
		{"a bot's seat", func(h *Header) { h.Seats[1] = Seat{Kind: Bot, Name: "Player 8 (adaptive bot)", Bot: "adaptive"} }, ""},
		{"nine seats", func(h *Header) { h.Seats = slices.Repeat(h.Seats[:1], 9) }, "9 seats"},
		{"an unknown kind", func(h *Header) { h.Seats[1].Kind = "banana" }, `seat 2 is of kind "banana"`},
		{"no kind", func(h *Header) { h.Seats[0].Kind = "" }, `seat 1 is of kind ""`},
		{"a long name", func(h *Header) { h.Seats[0].Name = strings.Repeat("W", 49) }, "seat 1's name"},
		{"a bidirectional override", func(h *Header) { h.Seats[0].Name = "\u202eAnn" }, "seat 1's name"},
		{"a line break", func(h *Header) { h.Seats[1].Name = "Ann\nBo" }, "seat 2's name"},
		{"a letter no font here has", func(h *Header) { h.Seats[0].Name = "李" }, "seat 1's name"},
		{"not UTF-8", func(h *Header) { h.Seats[0].Name = "Ann\xff" }, "seat 1's name"},
		{"a long bot level", func(h *Header) { h.Seats[1].Bot = strings.Repeat("hard", 5) }, "seat 2's bot level"},
		{"a control character in the game", func(h *Header) { h.Game = "toy\x07" }, "the game"},
		{"a long build", func(h *Header) { h.Build = strings.Repeat("v", 65) }, "the build"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sample()
			tc.change(&r.Header)
			body, err := encodeBody(r)
			if err != nil {
				t.Fatal(err)
			}
			got, decodeErr := Decode(frame(Format, deflate(t, body)))
			_, encodeErr := Encode(r)
			if tc.msg == "" {
				if decodeErr != nil || encodeErr != nil || !reflect.DeepEqual(got, r) {
					t.Fatalf("Decode: %v; Encode: %v; want the header taken", decodeErr, encodeErr)
				}
				return
			}
			if !errors.Is(decodeErr, ErrCorrupt) || !strings.Contains(decodeErr.Error(), tc.msg) || got != nil {
				t.Errorf("Decode: %v, want it corrupt, saying %q", decodeErr, tc.msg)
			}
			if encodeErr == nil || !strings.Contains(encodeErr.Error(), tc.msg) {
				t.Errorf("Encode: %v, want an error saying %q", encodeErr, tc.msg)
			}
		})
	}
}

// TestEveryTruncationIsRefused cuts the file at every length and flips
// every byte: each gives an error, never a replay or a panic.
func TestEveryTruncationIsRefused(t *testing.T) {
	good, err := Encode(sample())
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(good) {
		if r, err := Decode(good[:n]); err == nil {
			t.Fatalf("%d of %d bytes decoded: %+v", n, len(good), r)
		} else if n > 4 && !errors.Is(err, ErrTruncated) {
			t.Errorf("%d of %d bytes: %v, not truncated", n, len(good), err)
		}
	}
	for i := range good {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0x10
		if _, err := Decode(bad); err == nil {
			t.Errorf("byte %d flipped decoded", i)
		}
	}
}

func TestExportJSON(t *testing.T) {
	data, err := ExportJSON(sample())
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Format int
		Header Header
		Steps  []struct {
			At     int64
			Seat   int
			JSON   json.RawMessage
			Base64 string
		}
		Checkpoints []struct {
			At   int64
			Hash string
		}
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%v in\n%s", err, data)
	}
	if f.Format != Format || f.Header.Seed != 1<<63+5 || len(f.Steps) != 4 {
		t.Errorf("exported %s", data)
	}
	var action bytes.Buffer
	if err := json.Compact(&action, f.Steps[1].JSON); err != nil || action.String() != `{"card":"rock"}` || f.Steps[2].Base64 != "/wA=" {
		t.Errorf("steps exported as %+v", f.Steps)
	}
	if f.Checkpoints[1].Hash != "ffffffffffffffff" || f.Checkpoints[0].Hash != "0000000000000001" {
		t.Errorf("checkpoints exported as %+v", f.Checkpoints)
	}
}

func TestRecorder(t *testing.T) {
	want := sample()
	rec := NewRecorder(want.Header)
	for _, s := range want.Steps {
		data := append([]byte(nil), s.Data...)
		rec.Step(s.At, s.Seat, data)
		clear(data) // the recorder copied it
	}
	for _, c := range want.Checkpoints {
		rec.Checkpoint(c.At, c.Hash)
	}
	got := rec.Finish(want.Header.Result)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("recorded\n%+v\nwant\n%+v", got, want)
	}
	rec.Step(1000, 0, []byte("more"))
	if len(got.Steps) != len(want.Steps) || !bytes.Equal(got.Steps[3].Data, []byte("x")) {
		t.Error("recording on changed a finished replay")
	}
	rec.Reset(Header{Game: "other"})
	if rec.Len() != 0 || rec.Header().Game != "other" || len(rec.Finish(Result{}).Checkpoints) != 0 {
		t.Error("Reset kept the old match")
	}
}

// TestRecorderFrom: a recorder started from a replay records on after
// it, and the replay it began from does not change.
func TestRecorderFrom(t *testing.T) {
	draft := sample()
	draft.Header.Result = Result{}
	rec := RecorderFrom(draft)
	rec.Step(901, 2, []byte("more"))
	rec.Checkpoint(901, 42)
	got := rec.Finish(Result{Over: true})
	want := sample()
	want.Header.Result = Result{Over: true}
	want.Steps = append(want.Steps, Step{At: 901, Seat: 2, Data: []byte("more")})
	want.Checkpoints = append(want.Checkpoints, Checkpoint{At: 901, Hash: 42})
	if !reflect.DeepEqual(got, want) {
		t.Errorf("recorded\n%+v\nwant\n%+v", got, want)
	}
	if len(draft.Steps) != 4 || len(draft.Checkpoints) != 2 {
		t.Errorf("recording on changed the draft: %d steps, %d checkpoints", len(draft.Steps), len(draft.Checkpoints))
	}
}

// TestRecorderAllocatesNothing: recording allocates nothing once its buffers have grown.
func TestRecorderAllocatesNothing(t *testing.T) {
	rec := NewRecorder(Header{})
	press := []byte{1, 2, 3}
	record := func() {
		for at := range int64(1000) {
			rec.Step(at, int(at%8), press)
			if at%60 == 0 {
				rec.Checkpoint(at, uint64(at))
			}
		}
	}
	record()
	if n := testing.AllocsPerRun(10, func() {
		rec.Reset(Header{})
		record()
	}); n != 0 {
		t.Errorf("recording 1000 steps allocates %v times", n)
	}
}

func BenchmarkRecorderStep(b *testing.B) {
	rec := NewRecorder(Header{})
	press := []byte(`{"card":"rock"}`)
	const match = 1 << 16 // steps in a match; then the buffers are reused
	for i := range match {
		rec.Step(int64(i), 0, press)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%match == 0 {
			rec.Reset(Header{})
		}
		rec.Step(int64(i), i%8, press)
		if i%60 == 0 {
			rec.Checkpoint(int64(i), uint64(i))
		}
	}
}

func FuzzDecode(f *testing.F) {
	good, err := Encode(sample())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("JKRP\x01"))
	if body, err := encodeBody(sample()); err == nil {
		f.Add(frame(plainFormat, body))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			return
		}
		again, err := Encode(r)
		if err != nil {
			t.Fatalf("a decoded replay does not encode: %v", err)
		}
		if _, err := Decode(again); err != nil {
			t.Fatalf("a re-encoded replay does not decode: %v", err)
		}
	})
}
