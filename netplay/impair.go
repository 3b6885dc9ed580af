package netplay

import (
	"cmp"
	"net/netip"
	"slices"
	"time"

	"github.com/jankenarcade/janken/rulesets"
)

// Impaired is a Transport whose outgoing packets behave as on a bad link:
// lost, delayed with jitter, duplicated and reordered as a LinkConfig
// says. It wraps a real socket on loopback, where packets otherwise
// arrive at once and in order, so that tests over real sockets meet the
// networks players have. Its dice are seeded; the timing of real sockets
// is not, so a run is not exactly reproducible.
//
// A delayed packet goes out on the first Send or Receive after its time,
// so the session's every-tick Update carries it on time.
type Impaired struct {
	Transport
	link  LinkConfig
	rng   rulesets.Rand
	clock func() time.Duration
	held  []heldPacket
	seq   int64
	busy  linkQueues
}

type heldPacket struct {
	at   time.Duration
	seq  int64 // breaks ties in time by sending order
	to   netip.AddrPort
	data []byte
}

// Impair wraps tr in link's troubles, drawn from seed; clock tells the
// time (e.g. time.Since of the start).
func Impair(tr Transport, link LinkConfig, seed uint64, clock func() time.Duration) *Impaired {
	return &Impaired{Transport: tr, link: link, rng: rulesets.NewRand(seed), clock: clock}
}

// Send implements Transport.
func (t *Impaired) Send(to netip.AddrPort, p []byte) error {
	if len(p) > MaxWireSize {
		return ErrOversized
	}
	now := t.clock()
	t.flush(now)
	if chance(&t.rng, t.link.Loss) {
		return nil
	}
	copies := 1
	if chance(&t.rng, t.link.Duplicate) {
		copies = 2
	}
	sent := t.busy.transmit(t.link, now, t.LocalAddr(), to, len(p))
	for range copies {
		t.seq++
		t.held = append(t.held, heldPacket{at: sent + latency(&t.rng, t.link), seq: t.seq, to: to, data: append([]byte(nil), p...)})
	}
	t.flush(now)
	return nil
}

// Receive implements Transport, first sending what is due.
func (t *Impaired) Receive(buf []byte) (int, netip.AddrPort, bool) {
	t.flush(t.clock())
	return t.Transport.Receive(buf)
}

// flush sends the held packets due by now, earliest first.
func (t *Impaired) flush(now time.Duration) {
	slices.SortFunc(t.held, func(a, b heldPacket) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.seq, b.seq))
	})
	n := 0
	for ; n < len(t.held) && t.held[n].at <= now; n++ {
		_ = t.Transport.Send(t.held[n].to, t.held[n].data) // lost, as on any network
	}
	t.held = append(t.held[:0], t.held[n:]...)
}

// chance draws true with probability p.
func chance(rng *rulesets.Rand, p float64) bool {
	return p > 0 && rng.IntN(1_000_000) < int(p*1_000_000)
}

// latency draws one packet's delivery delay on link.
func latency(rng *rulesets.Rand, link LinkConfig) time.Duration {
	d := link.Delay
	if j := link.Jitter; j > 0 {
		d += time.Duration(rng.IntN(int(2*j)+1)) - j
	}
	if chance(rng, link.Reorder) && link.Delay > 0 {
		d += time.Duration(rng.IntN(int(link.Delay) + 1))
	}
	return max(d, 0)
}
