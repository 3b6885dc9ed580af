package netplay

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/jankenarcade/janken/rulesets/elevensuits"
)

// randomBytes returns n bytes that do not compress.
func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.UintN(256))
	}
	return b
}

// TestDeflateStreamRoundTrip sends streams of messages through one
// deflater, as a host does for all its connections, and an inflater per
// connection: each message comes out as it went in, however long the
// streams, however they interleave, whatever the messages' sizes.
func TestDeflateStreamRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	view := []byte(strings.Repeat(`{"Suit":-1,"Card":"none","Up":false,"KnownBy":0},`, 90))
	cases := []struct {
		name string
		msgs func(i int) []byte // the i-th message sent
		n    int
	}{
		{"empty messages", func(int) []byte { return nil }, 5},
		{"one byte", func(i int) []byte { return []byte{byte(i)} }, 200},
		{"a view changing a little", func(i int) []byte {
			v := bytes.Clone(view)
			copy(v[i%len(v):], fmt.Sprint(i))
			return v
		}, 300},
		{"noise at the limit", func(int) []byte { return randomBytes(rng, MaxMessageSize-64) }, 4},
		{"sizes of every kind", func(i int) []byte {
			return append(randomBytes(rng, rng.IntN(2*window)), bytes.Repeat(view, i%3)...)
		}, 60},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d deflater
			var last [3][]byte // each connection's message before
			var f [3]inflater
			for i := range c.n {
				conn := i * i % 3 // uneven turns
				msg := c.msgs(i)
				packed, err := d.deflate(last[conn], msg)
				if err != nil {
					t.Fatal(err)
				}
				last[conn] = msg
				got, err := f[conn].inflate(packed)
				if err != nil {
					t.Fatalf("message %d: %v", i, err)
				}
				if !bytes.Equal(got, msg) {
					t.Fatalf("message %d of %d bytes came out as %d bytes", i, len(msg), len(got))
				}
			}
		})
	}
}

// TestDeflateShrinksRepeatedViews: a view that repeats the last one but
// for a few bytes costs a few bytes.
func TestDeflateShrinksRepeatedViews(t *testing.T) {
	g, err := elevensuits.New(elevensuits.Config{Players: 3}, 5)
	if err != nil {
		t.Fatal(err)
	}
	view, err := json.Marshal(g.View(1))
	if err != nil {
		t.Fatal(err)
	}
	var d deflater
	first, err := d.deflate(nil, view)
	if err != nil {
		t.Fatal(err)
	}
	if len(first)*4 > len(view) {
		t.Errorf("a %d-byte view deflated to %d bytes", len(view), len(first))
	}
	again, err := d.deflate(view, view)
	if err != nil {
		t.Fatal(err)
	}
	if len(again)*20 > len(view) {
		t.Errorf("the same %d-byte view again deflated to %d bytes", len(view), len(again))
	}
}

// TestInflateRefusesBadStreams: what a faulty or hostile host could send
// in a message's place is refused with an error, never inflated past
// MaxMessageSize; and once the stream cannot be followed, a good message
// after it is refused too.
func TestInflateRefusesBadStreams(t *testing.T) {
	rawDeflate := func(msg []byte, final bool) []byte {
		var b bytes.Buffer
		w, _ := flate.NewWriter(&b, flate.BestCompression)
		w.Write(msg)
		if final {
			w.Close()
			return b.Bytes()
		}
		w.Flush()
		return bytes.TrimSuffix(b.Bytes(), syncMarker)
	}
	good := rawDeflate([]byte("a message"), false)
	cases := []struct {
		name, want string
		packed     []byte
	}{
		{"not deflate", "corrupt", []byte{0xff, 0xff, 0xff, 0xff}},
		{"cut short", "corrupt", rawDeflate(bytes.Repeat([]byte("abc"), 1000), false)[:20]},
		{"a bomb", "more than", rawDeflate(make([]byte, 4*MaxMessageSize), false)},
		{"bytes after the stream's end", "after the message", append(rawDeflate([]byte("end"), true), 1, 2, 3)},
		{"a reference before the stream", "corrupt", referenceBeyond(bytes.Repeat([]byte("0123456789"), 100))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var f inflater
			if _, err := f.inflate(good); err != nil {
				t.Fatalf("a good message: %v", err)
			}
			_, err := f.inflate(c.packed)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got error %v, want one saying %q", err, c.want)
			}
			if _, err := f.inflate(good); err == nil {
				t.Error("a good message after a broken one was taken")
			}
		})
	}
}

// referenceBeyond returns msg deflated as if the stream had sent msg
// before: its matches refer further back than a short stream goes.
func referenceBeyond(msg []byte) []byte {
	var b bytes.Buffer
	w, _ := flate.NewWriterDict(&b, flate.BestCompression, msg)
	w.Write(msg)
	w.Flush()
	return bytes.TrimSuffix(b.Bytes(), syncMarker)
}

// TestHostDeflatesItsMessages plays whole hosted games and weighs what the
// host sent against the messages its clients read: views repeat each
// other, so the wire carries a fraction of them. Sent plain, the wire
// carried more than the messages (headers and acknowledgements on top).
func TestHostDeflatesItsMessages(t *testing.T) {
	hn := hostedNet{link: LinkConfig{Delay: 20 * time.Millisecond}}
	for _, c := range []struct {
		game string
		play func(t *testing.T, players int, seed uint64, hn hostedNet) hostedTally
		// shrink is the least factor by which the wire is smaller.
		players, shrink int
	}{
		{"Eleven Suits", hostElevenSuits, 3, 6},
		{"That's Mine", hostThatsMine, 4, 2},
		{"Ninjan", hostNinjan, 3, 2},
	} {
		t.Run(c.game, func(t *testing.T) {
			tally := c.play(t, c.players, 7, hn)
			if tally.wire*int64(c.shrink) > tally.read {
				t.Errorf("the host sent %d bytes for %d bytes of messages: want it %d times smaller", tally.wire, tally.read, c.shrink)
			}
			t.Logf("%d bytes on the wire for %d bytes of messages (%.1f×)", tally.wire, tally.read, float64(tally.read)/float64(tally.wire))
		})
	}
}

// elevenSuitsViews returns the JSON views of seat 1 over a game of Eleven
// Suits played by random bots.
func elevenSuitsViews(b *testing.B) [][]byte {
	def := elevensuits.Definition()
	g, err := def.New(3, nil, 5)
	if err != nil {
		b.Fatal(err)
	}
	var views [][]byte
	for !g.Over() {
		view, err := json.Marshal(g.View(1))
		if err != nil {
			b.Fatal(err)
		}
		views = append(views, view)
		seat := g.ToAct(nil)[0]
		bot, err := def.NewBot("random", seat, uint64(len(views)))
		if err != nil {
			b.Fatal(err)
		}
		v := def.View(g, seat)
		if err := g.Apply(seat, bot.Choose(&v)); err != nil {
			b.Fatal(err)
		}
	}
	return views
}

// BenchmarkDeflateView deflates a game's views of a seat, in turn, as a
// host sends them: nothing is allocated once the compressor exists.
func BenchmarkDeflateView(b *testing.B) {
	views := elevenSuitsViews(b)
	var d deflater
	if _, err := d.deflate(nil, views[0]); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := d.deflate(views[(i+len(views)-1)%len(views)], views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInflateView inflates them, as a client reads them: one
// allocation, the message handed out.
func BenchmarkInflateView(b *testing.B) {
	views := elevenSuitsViews(b)
	var d deflater
	packed := make([][]byte, len(views))
	var prev []byte
	for i, v := range views {
		p, err := d.deflate(prev, v)
		prev = v
		if err != nil {
			b.Fatal(err)
		}
		packed[i] = bytes.Clone(p)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; {
		var f inflater
		for _, p := range packed {
			if _, err := f.inflate(p); err != nil {
				b.Fatal(err)
			}
			if i++; i == b.N {
				break
			}
		}
	}
}
