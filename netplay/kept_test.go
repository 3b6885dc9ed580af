package netplay

import (
	"testing"
	"time"
)

// TestJoinerWhoMissedTheStartKeepsTheHostsFirstMessages: a joiner's
// start message is lost, and the host's match begins; its first update
// reaches the joiner's Join, still waiting for the start. The join keeps
// it for the match (Join.Transport), so the client has its first view as
// soon as it starts, though a host reached over a stream sends each
// message once. When the join dropped it, the view came only with the
// resend, streamResend later.
func TestJoinerWhoMissedTheStartKeepsTheHostsFirstMessages(t *testing.T) {
	net := NewMemNetwork(LinkConfig{Delay: 10 * time.Millisecond}, 1)
	hostEnd, joinEnd := net.Endpoint(), net.Endpoint()
	lobby := NewLobbyHost(hostEnd, 9, "x/1", "host", SeatsOf(1), func(Joiner) []byte { return nil })
	join := NewJoin(joinEnd, hostEnd.LocalAddr(), 9, "x/1", 1, "Bo", Ticket{})
	step := func() {
		net.Advance(TickDuration)
	}
	for !join.Update(net.Now()).Done {
		lobby.Update(net.Now())
		step()
		if net.Now() > time.Second {
			t.Fatal("no welcome")
		}
	}
	joinEnd.Cut(true) // the start is lost
	if err := lobby.Start(func(Joiner) []byte { return []byte("start") }); err != nil {
		t.Fatal(err)
	}
	joinEnd.Cut(false)
	tr, err := lobby.Handoff(net.Now)
	if err != nil {
		t.Fatal(err)
	}
	game := newSecrets(2, 4)
	host, err := NewHost(secretsHostConfig(9, []Remote{{Addr: joinEnd.LocalAddr(), Seats: SeatsOf(1), Stream: true}}), tr, game)
	if err != nil {
		t.Fatal(err)
	}
	var client *Client
	for client == nil {
		if err := host.Update(net.Now()); err != nil {
			t.Fatal(err)
		}
		if r := join.Update(net.Now()); r.Started {
			client = NewClient(join.Transport(), hostEnd.LocalAddr(), 9, r.Seats)
		}
		step()
		if net.Now() > time.Second {
			t.Fatal("the joiner never heard the start")
		}
	}
	started := net.Now()
	for len(client.Update(net.Now())) == 0 {
		if err := host.Update(net.Now()); err != nil {
			t.Fatal(err)
		}
		step()
		if net.Now()-started > 5*time.Second {
			t.Fatal("the client never had a view")
		}
	}
	if waited := net.Now() - started; waited > 100*time.Millisecond {
		t.Errorf("the client's first view came %v after it started, want at once", waited)
	}
}

// TestKeptComesFirstAndIsBounded: a Kept hands out what it keeps, in
// order, before its transport's packets, and keeps no more than maxKept.
func TestKeptComesFirstAndIsBounded(t *testing.T) {
	net := NewMemNetwork(LinkConfig{}, 1)
	a, b := net.Endpoint(), net.Endpoint()
	if err := a.Send(b.LocalAddr(), []byte("later")); err != nil {
		t.Fatal(err)
	}
	k := &Kept{Transport: b}
	for i := range maxKept + 5 {
		k.Keep(a.LocalAddr(), []byte{byte(i)})
	}
	buf := make([]byte, MaxWireSize)
	for i := range maxKept {
		n, from, ok := k.Receive(buf)
		if !ok || from != a.LocalAddr() || n != 1 || buf[0] != byte(i) {
			t.Fatalf("packet %d: %q from %v (ok %v), want the kept %d", i, buf[:n], from, ok, i)
		}
	}
	if n, _, ok := k.Receive(buf); !ok || string(buf[:n]) != "later" {
		t.Fatalf("after the kept packets: %q (ok %v), want the transport's", buf[:n], ok)
	}
	if _, _, ok := k.Receive(buf); ok {
		t.Error("a packet more than kept and sent")
	}
}
