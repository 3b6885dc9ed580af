//go:build !js

package secure_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"net/netip"
	"testing"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/rulesets/ninjan"
)

// sizeRecorder notes the largest packet sent through it.
type sizeRecorder struct {
	netplay.Transport
	largest int
}

func (r *sizeRecorder) Send(to netip.AddrPort, p []byte) error {
	r.largest = max(r.largest, len(p))
	return r.Transport.Send(to, p)
}

// TestFullSizeFragmentsCrossSealedUDP: a host's view too large for one
// packet goes out in full-size reliable fragments, which sealed reach
// netplay.MaxPacketSize; over sealed loopback sockets the client still
// gets the whole view.
func TestFullSizeFragmentsCrossSealedUDP(t *testing.T) {
	ends := listenUDP(t, 2)
	rec := &sizeRecorder{Transport: ends[0]}
	var now time.Duration
	conns := sealAll(t, []netplay.Transport{rec, ends[1]}, func() time.Duration { return now })

	def := ninjan.Definition()
	g, err := def.New(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	// Noise, which the host's deflate cannot shrink below three packets.
	noise := make([]byte, 3*netplay.MaxPacketSize)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(rng.UintN(256))
	}
	pad := base64.StdEncoding.EncodeToString(noise)
	view := func(g *ninjan.State, seat int) ([]byte, error) {
		return json.Marshal(struct {
			View ninjan.View
			Pad  string
		}{def.View(g, seat), pad})
	}
	host := newNinjanHost(t, conns, g, view)
	client := netplay.NewClient(conns[1], conns[0].LocalAddr(), room, netplay.SeatsOf(1))
	want, err := view(g, 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	for step := 0; !bytes.Equal(got, want); step++ {
		if step == 2000 {
			t.Fatalf("the client never got the %d-byte view; largest packet sent %d bytes", len(want), rec.largest)
		}
		if err := host.Update(now); err != nil {
			t.Fatal(err)
		}
		for _, u := range client.Update(now) {
			if u.View != nil {
				got = bytes.Clone(u.View)
			}
		}
		now += netplay.TickDuration
		loopbackPause()
	}
	// A full fragment fills all but its headers (some 30 bytes) of a
	// netplay packet.
	if plain := rec.largest - secure.Overhead; plain < netplay.MaxPacketSize-32 {
		t.Errorf("the largest packet was %d bytes before sealing: the fragments were not full-size", plain)
	}
}
