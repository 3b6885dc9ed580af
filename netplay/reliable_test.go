package netplay

import (
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
		sender.onAck(now+50*ms, receiver.expect)
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
