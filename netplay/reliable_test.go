package netplay

import (
	"bytes"
	"testing"
	"time"
)

// TestRoundTripLeavesOutWaitsBehindALoss: a message that arrives behind a
// lost one is acknowledged only when that one is resent and arrives, so
// its wait is not a round trip and must not be measured as one.
func TestRoundTripLeavesOutWaitsBehindALoss(t *testing.T) {
	const ms = time.Millisecond
	var sender, receiver channel
	var wire []fragment
	send := func(f *fragment) { wire = append(wire, *f) }
	deliver := func(now time.Duration, seqs ...uint32) {
		for _, f := range wire {
			for _, s := range seqs {
				if f.Seq == s {
					receiver.receive(now, &f)
				}
			}
		}
		ack := receiver.ack()
		sender.onAck(now+50*ms, ack.Next, ack.Have)
	}
	// A clean round trip: sent at 0, arrived at 50 ms, acknowledged at 100.
	if err := sender.queue([]byte("first")); err != nil {
		t.Fatal(err)
	}
	sender.flush(0, 100*ms, send)
	deliver(50*ms, 0)
	if sender.rtt != 100*ms {
		t.Fatalf("round trip %v after a clean exchange, want 100ms", sender.rtt)
	}
	// Two messages; the first is lost, the second arrives and waits.
	wire = wire[:0]
	for _, m := range []string{"lost", "waits"} {
		if err := sender.queue([]byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	sender.flush(time.Second, 100*ms, send)
	deliver(time.Second+50*ms, 2)
	// The lost one is resent once its timeout has passed, and arrives.
	wire = wire[:0]
	sender.flush(time.Second+200*ms, 100*ms, send)
	deliver(time.Second+250*ms, 1)
	if sender.acked != 3 {
		t.Fatalf("acknowledged up to %d, want 3", sender.acked)
	}
	if sender.rtt != 100*ms {
		t.Errorf("round trip %v after the second message waited behind a loss, want still 100ms", sender.rtt)
	}
}

// TestResendCarriesOnlyMissingFragments: of a five-fragment message one
// fragment is lost; the receiver's acknowledgement says which it holds, so
// the resend is that fragment alone, and it completes the message.
func TestResendCarriesOnlyMissingFragments(t *testing.T) {
	const ms = time.Millisecond
	var sender, receiver channel
	msg := make([]byte, 4*fragmentSize+fragmentSize/2)
	for i := range msg {
		msg[i] = byte(i * 7)
	}
	if err := sender.queue(msg); err != nil {
		t.Fatal(err)
	}
	var wire []fragment
	send := func(f *fragment) { wire = append(wire, *f) }
	sender.flush(0, 100*ms, send)
	if len(wire) != 5 {
		t.Fatalf("first send: %d fragments, want 5", len(wire))
	}
	var acks []ackMsg
	ack := func(m *ackMsg) { acks = append(acks, *m) }
	for _, f := range wire {
		if f.Index == 2 {
			continue // lost
		}
		p := f.append(nil)
		var got fragment
		if msgs, ok := receiver.take(50*ms, KindMessage, p, &got, ack); !ok || len(msgs) != 0 {
			t.Fatalf("fragment %d: delivered %d messages (ok %v), want none yet", f.Index, len(msgs), ok)
		}
	}
	for _, a := range acks {
		var got ackMsg
		if err := got.decode(a.append(nil)); err != nil || got != a {
			t.Fatalf("acknowledgement %+v decodes as %+v (%v)", a, got, err)
		}
		sender.onAck(100*ms, got.Next, got.Have)
	}
	wire = wire[:0]
	sender.flush(300*ms, 100*ms, send)
	if len(wire) != 1 || wire[0].Index != 2 {
		var idx []int
		for _, f := range wire {
			idx = append(idx, f.Index)
		}
		t.Fatalf("resent fragments %v, want only [2]", idx)
	}
	var got fragment
	msgs, ok := receiver.take(350*ms, KindMessage, wire[0].append(nil), &got, ack)
	if !ok || len(msgs) != 1 || string(msgs[0]) != string(msg) {
		t.Fatalf("after the resend: %d messages (ok %v), want the whole message", len(msgs), ok)
	}
	if a := acks[len(acks)-1]; a.Next != 1 || a.Have != 0 {
		t.Errorf("last acknowledgement %+v, want {Next:1 Have:0}", a)
	}
}

// TestStreamResendsOnlyWhatNewsSaysIsLost: over a stream, a fragment
// dropped by a full queue is resent once the peer has acknowledged
// nothing new for streamResend, and nothing else ever is: not the
// fragments it holds, not the messages queued behind, however slowly
// the stream carries them.
func TestStreamResendsOnlyWhatNewsSaysIsLost(t *testing.T) {
	const ms = time.Millisecond
	sender, receiver := channel{stream: true}, channel{stream: true}
	for _, m := range [][]byte{make([]byte, fragmentSize+1), []byte("second"), []byte("third")} {
		if err := sender.queue(m); err != nil {
			t.Fatal(err)
		}
	}
	var wire []fragment
	send := func(f *fragment) { wire = append(wire, *f) }
	// deliver has the receiver take the wire's fragments at now, but
	// for those dropped, and the sender its acknowledgements at once.
	deliver := func(now time.Duration, dropped func(f fragment) bool) {
		for _, f := range wire {
			if dropped(f) {
				continue
			}
			receiver.receive(now, &f)
			ack := receiver.ack()
			sender.onAck(now, ack.Next, ack.Have)
		}
		wire = wire[:0]
	}
	sender.flush(0, 100*ms, send)
	if len(wire) != 4 {
		t.Fatalf("first send: %d fragments, want 4", len(wire))
	}
	nothingResent := func(at time.Duration) {
		t.Helper()
		sender.flush(at, 100*ms, send)
		if len(wire) != 0 {
			t.Fatalf("at %v: resent %d fragments, want none", at, len(wire))
		}
	}
	// The stream crawls: nothing arrives for a second and a half.
	sent := wire
	wire = nil
	nothingResent(200 * ms)
	nothingResent(time.Second)
	// Then all but the first message's second fragment, dropped by a
	// full queue; each is acknowledged, and only the first fragment is
	// news.
	wire = sent
	deliver(1500*ms, func(f fragment) bool { return f.Seq == 0 && f.Index == 1 })
	nothingResent(2100 * ms) // two seconds since it was sent, but not since the news
	nothingResent(3400 * ms)
	sender.flush(3500*ms, 100*ms, send)
	if len(wire) != 1 || wire[0].Seq != 0 || wire[0].Index != 1 {
		t.Fatalf("resent %+v after two seconds without news, want only message 0's fragment 1", wire)
	}
	deliver(3600*ms, func(fragment) bool { return false })
	if sender.acked != 3 || len(sender.unacked) != 0 {
		t.Fatalf("acknowledged up to %d with %d unacknowledged, want 3 and none", sender.acked, len(sender.unacked))
	}
}

// TestNewsIsOnlyOfFragmentsTheMessageHas: the host counts an
// acknowledged fragment as progress (Host's stall limit), so a peer
// that claims fragments one at a time could put off being given up; it
// can do so at most once for each fragment the message really has, not
// for every bit an acknowledgement can name.
func TestNewsIsOnlyOfFragmentsTheMessageHas(t *testing.T) {
	var c channel
	if err := c.queue(make([]byte, 2*fragmentSize+1)); err != nil { // three fragments
		t.Fatal(err)
	}
	c.flush(0, 100*time.Millisecond, func(*fragment) {})
	for _, tc := range []struct {
		at   time.Duration
		have uint64
		news time.Duration
	}{
		{time.Second, 1 << 1, time.Second},           // a fragment: news
		{2 * time.Second, 1 << 1, time.Second},       // the same again: none
		{3 * time.Second, 1 << 5, time.Second},       // a fragment it does not have: none
		{4 * time.Second, 1<<63 | 1<<3, time.Second}, // nor these
		{5 * time.Second, 1<<0 | 1<<1, 5 * time.Second},
	} {
		c.onAck(tc.at, 0, tc.have)
		if c.news != tc.news {
			t.Errorf("at %v, after %b: last news at %v, want %v", tc.at, tc.have, c.news, tc.news)
		}
	}
	if c.have != 0b011 {
		t.Errorf("held %b, want 11", c.have)
	}
}

// TestPadRoundTrip: every message, whatever bytes it ends with, pads to
// a whole number of blocks, at least one byte longer, and unpads to
// itself.
func TestPadRoundTrip(t *testing.T) {
	for n := range 3*padBlock + 2 {
		for _, last := range []byte{0, 0x80, 0xff} {
			msg := bytes.Repeat([]byte{last}, n)
			p := pad(nil, msg)
			if len(p)%padBlock != 0 || len(p) <= n || len(p) > n+padBlock || len(p) != paddedSize(n) {
				t.Fatalf("%d bytes of %#x padded to %d", n, last, len(p))
			}
			if got, ok := unpad(p); !ok || !bytes.Equal(got, msg) {
				t.Fatalf("%d bytes of %#x: unpadded to %d bytes, %v", n, last, len(got), ok)
			}
		}
	}
}

// TestUnpadRefuses what pad never makes.
func TestUnpadRefuses(t *testing.T) {
	withTail := func(tail byte) []byte {
		p := make([]byte, padBlock)
		p[padBlock-1] = tail
		return p
	}
	for _, tc := range []struct {
		name string
		p    []byte
	}{
		{"empty", nil},
		{"short of a block", pad(nil, []byte("act"))[:padBlock-1]},
		{"past a block", append(pad(nil, []byte("act")), 0)},
		{"all zeros", make([]byte, padBlock)},
		{"no marker", withTail(1)},
		{"a block of zeros after the marker", append([]byte{0x80}, make([]byte, 2*padBlock-1)...)},
	} {
		if got, ok := unpad(tc.p); ok {
			t.Errorf("%s: unpadded to %q", tc.name, got)
		}
	}
}
