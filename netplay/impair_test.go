//go:build !js

package netplay

import (
	"encoding/binary"
	"math"
	"runtime"
	"testing"
	"time"
)

// TestImpairedUDP sends numbered packets between two real UDP sockets on
// loopback through an Impaired link, and checks the link's troubles
// arrive: about the share lost and duplicated, packets overtaking others,
// and none sooner than the delay. The link runs on a simulated clock, a
// packet sent every 100 µs of it, and the test waits for every packet the
// link let through before it sends the next, so that a busy machine
// changes nothing: no packet is lost because the receiver fell behind.
func TestImpairedUDP(t *testing.T) {
	const n = 2000
	link := LinkConfig{Delay: 5 * time.Millisecond, Jitter: 2 * time.Millisecond, Loss: 0.2, Duplicate: 0.1, Reorder: 0.1}
	a, err := ListenUDP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := ListenUDP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var now time.Duration
	clock := func() time.Duration { return now }
	tr := Impair(a, link, 1, clock)

	sentAt := make([]time.Duration, n)
	seen := make([]int, n)
	var got, overtaken int
	last := -1
	early := time.Duration(math.MaxInt64)
	marked := false // the unimpaired packet numbered n arrived
	buf := make([]byte, MaxPacketSize)
	receive := func() {
		for {
			k, _, ok := b.Receive(buf)
			if !ok {
				return
			}
			i := int(binary.LittleEndian.Uint32(buf[:k]))
			if i == n {
				marked = true
				continue
			}
			got++
			seen[i]++
			early = min(early, clock()-sentAt[i])
			if i < last {
				overtaken++
			}
			last = max(last, i)
		}
	}
	// settle receives until a packet marked n, sent unimpaired after all
	// the link sent, arrives: loopback keeps the order of one socket's
	// packets.
	settle := func() {
		if err := a.Send(b.LocalAddr(), binary.LittleEndian.AppendUint32(nil, n)); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(hang); ; {
			receive()
			if marked {
				marked = false
				return
			}
			if time.Now().After(deadline) {
				t.Fatal("a packet sent on loopback never arrived")
			}
			runtime.Gosched()
		}
	}
	for i := range n {
		sentAt[i] = clock()
		if err := tr.Send(b.LocalAddr(), binary.LittleEndian.AppendUint32(nil, uint32(i))); err != nil {
			t.Fatal(err)
		}
		settle()
		now += 100 * time.Microsecond
	}
	for range 50 {
		now += time.Millisecond
		tr.Receive(buf) // sends what is due
		settle()
	}
	lost, twice := 0, 0
	for _, c := range seen {
		switch c {
		case 0:
			lost++
		case 2:
			twice++
		}
	}
	t.Logf("%d sent, %d received: %d lost, %d twice, %d overtaken; earliest after %v", n, got, lost, twice, overtaken, early)
	share := func(k int) float64 { return float64(k) / n }
	if s := share(lost); s < 0.15 || s > 0.25 {
		t.Errorf("lost %.2f, want about %.2f", s, link.Loss)
	}
	if s := share(twice); s < 0.05 || s > 0.12 {
		t.Errorf("duplicated %.2f, want about %.2f of those not lost", s, link.Duplicate*(1-link.Loss))
	}
	if overtaken == 0 {
		t.Error("no packet overtook another")
	}
	if early < link.Delay-link.Jitter {
		t.Errorf("a packet arrived after %v, sooner than the link's least delay %v", early, link.Delay-link.Jitter)
	}
}
