package netplay

import (
	"strings"
	"testing"
	"time"
)

// TestClientLearnsItWasLetGo: a client the host gives up on, or whose
// seats it takes over, is told so and why, and stops sending; a word of
// it that was lost is said again when the client is next heard; a word
// from anyone but the host changes nothing.
func TestClientLearnsItWasLetGo(t *testing.T) {
	const ms = time.Millisecond
	t.Run("given up", func(t *testing.T) {
		// The client's page stops running (a background tab) for longer
		// than the host waits; when it runs again it reads, behind the
		// host's news, that the host gave up on it. Without that word it
		// would hear the news, count the host as heard just now, and learn
		// nothing for DropAfter.
		tb := newSecretsTable(t, 2, LinkConfig{Delay: 20 * ms}, 3)
		tb.update(t)
		stop := tb.net.Now()
		for tb.net.Now()-stop < 6*time.Second {
			if err := tb.host.Update(tb.net.Now()); err != nil {
				t.Fatal(err)
			}
			tb.net.Advance(TickDuration)
		}
		if f := tb.host.Remotes()[0].Fault; !strings.Contains(f, "acknowledged nothing") {
			t.Fatalf("the host's fault for the stopped client: %q", f)
		}
		c := tb.clients[1]
		c.Update(tb.net.Now())
		if why := c.LetGo(); !strings.Contains(why, "acknowledged nothing for 5s") {
			t.Fatalf("the woken client was let go for %q, want the host's reason", why)
		}
		sent := c.Counter.PacketsSent
		for range 30 {
			tb.net.Advance(TickDuration)
			c.Update(tb.net.Now())
		}
		if c.Counter.PacketsSent != sent {
			t.Errorf("the client let go sent %d packets more", c.Counter.PacketsSent-sent)
		}
	})
	t.Run("taken over, the word lost", func(t *testing.T) {
		tb := newSecretsTable(t, 3, LinkConfig{Delay: 20 * ms}, 4)
		for range 10 {
			tb.update(t)
		}
		end := tb.clients[2].tr.(*recorder).Transport.(*MemEndpoint)
		end.Cut(true)
		if err := tb.host.TakeOver(end.LocalAddr()); err != nil {
			t.Fatal(err)
		}
		for range 10 {
			tb.update(t)
		}
		if why := tb.clients[2].LetGo(); why != "" {
			t.Fatalf("let go for %q through a cut link", why)
		}
		end.Cut(false)
		for range 30 { // a keep-alive, and the host's answer
			tb.update(t)
		}
		if why := tb.clients[2].LetGo(); why != "its seats were taken over" {
			t.Errorf("let go for %q, want that its seats were taken over", why)
		}
		if why := tb.clients[1].LetGo(); why != "" {
			t.Errorf("the client kept was let go for %q", why)
		}
	})
	t.Run("forged", func(t *testing.T) {
		tb := newSecretsTable(t, 2, LinkConfig{Delay: 20 * ms}, 5)
		tb.update(t)
		end := tb.clients[1].tr.(*recorder).Transport.(*MemEndpoint)
		stranger := tb.net.Endpoint().LocalAddr()
		word := (&reject{Reason: "forged"}).append(appendHeader(nil, KindReject, 9))
		end.Inject(stranger, word)
		garbled := append(appendHeader(nil, KindReject, 9), 0xff) // a length with no bytes
		end.Inject(tb.host.tr.LocalAddr(), garbled)
		unknown, malformed := tb.clients[1].Counter.Dropped.UnknownPeer, tb.clients[1].Counter.Dropped.Malformed
		tb.update(t)
		c := tb.clients[1]
		if why := c.LetGo(); why != "" {
			t.Fatalf("let go for %q by a stranger's word", why)
		}
		if c.Counter.Dropped.UnknownPeer != unknown+1 || c.Counter.Dropped.Malformed != malformed+1 {
			t.Errorf("drops %+v, want one more from an unknown peer and one more malformed", c.Counter.Dropped)
		}
	})
}
