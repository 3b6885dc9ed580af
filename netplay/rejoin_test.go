package netplay

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestHostRejoinMovesAClientToANewConnection replaces seat 1's client
// mid-game by a fresh one on another address, as a reloaded page would:
// after Rejoin the new client gets its seat's view, plays on, and the game
// ends with every seat's view agreeing; the old address is a stranger.
func TestHostRejoinMovesAClientToANewConnection(t *testing.T) {
	tb := newSecretsTable(t, 3, lossyLAN, 5)
	for range 30 {
		tb.update(t)
	}
	if tb.game.Over() {
		t.Fatal("the game ended before the rejoin")
	}
	old := tb.rec[1].Transport.LocalAddr()
	fresh := tb.net.Endpoint()
	if err := tb.host.Rejoin(old, tb.clients[2].tr.LocalAddr()); err == nil {
		t.Error("Rejoin moved seat 1 onto seat 2's address")
	}
	if err := tb.host.Rejoin(fresh.LocalAddr(), fresh.LocalAddr()); err == nil {
		t.Error("Rejoin moved a client that does not exist")
	}
	if err := tb.host.Rejoin(old, fresh.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	tb.rec[1] = &recorder{Transport: fresh}
	tb.clients[1] = newRecordedClient(tb.rec[1], tb.clients[1].host, 9, SeatsOf(1))
	tb.views[1], tb.sent[1] = secretView{}, ""
	for !tb.game.Over() || !tb.clientsSawEnd() {
		if tb.net.Now() > time.Minute {
			t.Fatalf("no end after the rejoin: hands %v", tb.game.hands)
		}
		tb.update(t)
		tb.checkTranscripts(t)
	}
	if tb.refused[1] != "" {
		t.Errorf("the rejoined seat's play was refused: %s", tb.refused[1])
	}
	for _, r := range tb.host.Remotes() {
		if r.Fault != "" {
			t.Errorf("client %v given up: %s", r.Addr, r.Fault)
		}
		if r.Addr == old {
			t.Errorf("the host still serves the old address %v", old)
		}
	}
}

// TestRejoinTellsTheOldConnectionItsSeatsMoved: when the old connection
// is still there after its seats moved (a duplicated browser tab holds
// the same ticket), it is told why it was let go (MovedAway), so that it
// neither takes the silence for a host gone nor claims its seats back;
// the new connection plays on.
func TestRejoinTellsTheOldConnectionItsSeatsMoved(t *testing.T) {
	tb := newSecretsTable(t, 3, lossyLAN, 5)
	for range 30 {
		tb.update(t)
	}
	fresh := tb.net.Endpoint()
	if err := tb.host.Rejoin(tb.rec[1].Transport.LocalAddr(), fresh.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	stale := tb.clients[1]
	tb.rec[1] = &recorder{Transport: fresh}
	tb.clients[1] = newRecordedClient(tb.rec[1], tb.clients[1].host, 9, SeatsOf(1))
	tb.views[1], tb.sent[1] = secretView{}, ""
	for start := tb.net.Now(); stale.LetGo() == ""; {
		if tb.net.Now()-start > 5*time.Second {
			t.Fatal("the old connection was not told in 5 s")
		}
		tb.update(t)
		stale.Update(tb.net.Now())
	}
	if why := stale.LetGo(); why != MovedAway {
		t.Errorf("the old connection was told %q, want %q", why, MovedAway)
	}
	for !tb.game.Over() || !tb.clientsSawEnd() {
		if tb.net.Now() > time.Minute {
			t.Fatalf("no end after the move: hands %v", tb.game.hands)
		}
		tb.update(t)
		stale.Update(tb.net.Now())
	}
	if why := tb.clients[1].LetGo(); why != "" {
		t.Errorf("the new connection was let go: %s", why)
	}
}

// TestHostRemembersFewMovedConnections: a client that moves again and
// again (a phone that keeps waking) leaves at most maxMoved old
// connections for the host to remember, the newest of them told why.
func TestHostRemembersFewMovedConnections(t *testing.T) {
	tb := newSecretsTable(t, 3, lossyLAN, 5)
	old := tb.rec[1].Transport.LocalAddr()
	var last *MemEndpoint
	for range 3 * maxMoved {
		last = tb.net.Endpoint()
		if err := tb.host.Rejoin(old, last.LocalAddr()); err != nil {
			t.Fatal(err)
		}
		old = last.LocalAddr()
	}
	if len(tb.host.taken) != maxMoved {
		t.Errorf("the host remembers %d connections let go, want %d", len(tb.host.taken), maxMoved)
	}
	newest := tb.host.taken[len(tb.host.taken)-1]
	if newest.fault != MovedAway || newest.Addr == last.LocalAddr() {
		t.Errorf("the newest remembered: %v, %q; the client is at %v", newest.Addr, newest.fault, last.LocalAddr())
	}
}

// TestHostReturnGivesTakenSeatsBack: a client whose seat the host took
// over (its link gone too long) comes back on a new connection with its
// ticket and takes the seat back (Return): the host's own play for it is
// refused from then on, the new client is sent its view, plays on to the
// end, and is never sent a card its seat may not see. A seat is given
// back once; a client whose player left, or one never taken over, is
// refused.
func TestHostReturnGivesTakenSeatsBack(t *testing.T) {
	tb := newSecretsTable(t, 3, lossyLAN, 7)
	for range 30 {
		tb.update(t)
	}
	old := tb.rec[1].Transport.LocalAddr()
	if _, err := tb.host.Return(old, tb.net.Endpoint().LocalAddr()); err == nil {
		t.Error("Return gave back the seat of a client still playing it")
	}
	if err := tb.host.TakeOver(old); err != nil {
		t.Fatal(err)
	}
	// The host plays seat 1 itself for a while; its client is gone.
	tb.rec[1].Transport.(*MemEndpoint).Cut(true)
	hostPlayed := 0
	for range 40 {
		if err := tb.host.Update(tb.now()); err != nil {
			t.Fatal(err)
		}
		if slices.Contains(tb.game.ToAct(nil), 1) {
			if err := tb.host.Apply(1, tb.game.hands[1][0]); err != nil {
				t.Fatalf("the host's play for the seat it took over: %v", err)
			}
			hostPlayed++
		}
		tb.next()
	}
	if hostPlayed == 0 || tb.game.Over() {
		t.Fatalf("the host played seat 1 %d times; game over %v", hostPlayed, tb.game.Over())
	}

	fresh := tb.net.Endpoint()
	seats, err := tb.host.Return(old, fresh.LocalAddr())
	if err != nil || seats != SeatsOf(1) {
		t.Fatalf("Return gave back %08b, %v; want seat 1", seats, err)
	}
	if _, err := tb.host.Return(old, tb.net.Endpoint().LocalAddr()); err == nil {
		t.Error("Return gave the seat back twice")
	}
	if err := tb.host.Apply(1, 0); err == nil || !strings.Contains(err.Error(), "belongs to") {
		t.Errorf("the host still plays the seat it gave back: %v", err)
	}
	tb.rec[1] = &recorder{Transport: fresh}
	tb.clients[1] = newRecordedClient(tb.rec[1], tb.clients[1].host, 9, SeatsOf(1))
	tb.views[1], tb.sent[1] = secretView{}, ""
	for !tb.game.Over() || !tb.clientsSawEnd() {
		if tb.net.Now() > 2*time.Minute {
			t.Fatalf("no end after the return: hands %v", tb.game.hands)
		}
		tb.update(t)
		tb.checkTranscripts(t)
	}
	if tb.refused[1] != "" {
		t.Errorf("the returned seat's play was refused: %s", tb.refused[1])
	}

	// A client whose player left does not come back.
	tb2 := newSecretsTable(t, 3, lossyLAN, 8)
	for range 30 {
		tb2.update(t)
	}
	tb2.clients[2].Leave()
	for range 10 {
		tb2.update(t)
	}
	addr := tb2.rec[2].Transport.LocalAddr()
	if err := tb2.host.TakeOver(addr); err != nil {
		t.Fatal(err)
	}
	if _, err := tb2.host.Return(addr, tb2.net.Endpoint().LocalAddr()); err == nil || !strings.Contains(err.Error(), "left") {
		t.Errorf("a client whose player left came back: %v", err)
	}
}
