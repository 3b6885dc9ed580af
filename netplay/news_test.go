package netplay

import (
	"testing"
	"time"
)

// TestHostTellsTheNews: the host's news reaches every client but the one
// it is about, changes, and clears; a client back on a new connection
// hears the news again.
func TestHostTellsTheNews(t *testing.T) {
	tb := newSecretsTable(t, 4, LinkConfig{Delay: 10 * time.Millisecond}, 3)
	settle := func() {
		for range 10 {
			if err := tb.host.Update(tb.now()); err != nil {
				t.Fatal(err)
			}
			for _, c := range tb.clients[1:] {
				c.Update(tb.now())
			}
			tb.next()
		}
	}
	check := func(when string, want ...News) {
		t.Helper()
		for s, c := range tb.clients[1:] {
			if got := c.News(); got != want[s] {
				t.Errorf("%s: seat %d's client hears %+v, want %+v", when, s+1, got, want[s])
			}
		}
	}
	settle()
	var none News
	check("before any news", none, none, none)
	wait := News{Text: "Waiting for Bo's browser: a bot plays in 28 s…"}
	tb.host.Tell(wait, SeatsOf(2))
	settle()
	check("a wait for seat 2", wait, none, wait)
	wait = News{Text: "Waiting for Bo's browser: a bot plays in 27 s…"}
	tb.host.Tell(wait, SeatsOf(2))
	settle()
	check("a second later", wait, none, wait)

	fresh := tb.net.Endpoint()
	if err := tb.host.Rejoin(tb.rec[3].Transport.LocalAddr(), fresh.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	tb.rec[3] = &recorder{Transport: fresh}
	tb.clients[3] = newRecordedClient(tb.rec[3], tb.clients[3].host, 9, SeatsOf(3))
	settle()
	check("seat 3 on a new connection", wait, none, wait)

	left := News{Text: "Bo left: a bot plays for them.", Kind: NewsPassing}
	tb.host.Tell(left, SeatsOf(2))
	settle()
	check("news in passing", left, none, left)
	tb.host.Tell(News{Text: left.Text}, SeatsOf(2))
	settle()
	check("the same words, holding the game up", News{Text: left.Text}, none, News{Text: left.Text})
	aside := News{Text: "Bo: no word from their machine for 2 s…", Kind: NewsAside}
	tb.host.Tell(aside, SeatsOf(2))
	settle()
	check("news aside", aside, none, aside)

	tb.host.Tell(none, 0)
	settle()
	check("once the wait is over", none, none, none)
}

// TestHostLeavingTellsEveryClient: a host whose player leaves the match
// tells every client so at once, on a link that loses packets too, and
// a client already let go keeps its own reason.
func TestHostLeavingTellsEveryClient(t *testing.T) {
	tb := newSecretsTable(t, 4, lossyLAN, 5)
	for range 60 {
		tb.update(t)
	}
	for _, r := range tb.host.Remotes() {
		if r.Seats.Has(3) {
			if err := tb.host.TakeOver(r.Addr); err != nil {
				t.Fatal(err)
			}
		}
	}
	for range 30 {
		tb.update(t)
	}
	tb.host.Leave()
	for range 30 { // lossyLAN's round trip and then some; the host is gone
		for _, c := range tb.clients[1:] {
			c.Update(tb.now())
		}
		tb.next()
	}
	for s, want := range map[int]string{1: HostLeft, 2: HostLeft, 3: "its seats were taken over"} {
		if got := tb.clients[s].LetGo(); got != want {
			t.Errorf("seat %d's client was let go for %q, want %q", s, got, want)
		}
	}
}

// TestClientLeavingIsGivenUpAtOnce: a client whose player leaves tells the
// host, on a link that loses packets too, which gives up on it at once
// (rather than after its silence) and says why; the client sends nothing
// more.
func TestClientLeavingIsGivenUpAtOnce(t *testing.T) {
	tb := newSecretsTable(t, 3, lossyLAN, 6)
	for range 60 {
		tb.update(t)
	}
	tb.clients[1].Leave()
	if got := tb.clients[1].LetGo(); got != ClientLeft {
		t.Errorf("the client that left says it was let go for %q", got)
	}
	sent := tb.clients[1].Counter.PacketsSent
	for range 30 { // lossyLAN's round trip and then some
		if err := tb.host.Update(tb.now()); err != nil {
			t.Fatal(err)
		}
		tb.clients[1].Update(tb.now())
		tb.next()
	}
	for _, r := range tb.host.Remotes() {
		want := map[bool]string{true: ClientLeft, false: ""}[r.Seats.Has(1)]
		if r.Fault != want {
			t.Errorf("the host has seats %08b at fault %q, want %q", r.Seats, r.Fault, want)
		}
		if r.Seats.Has(1) && r.Silent > time.Second {
			t.Errorf("the host heard the leaving client %v ago", r.Silent)
		}
	}
	if n := tb.clients[1].Counter.PacketsSent - sent; n != 0 {
		t.Errorf("the client sent %d packets after it left", n)
	}
}
