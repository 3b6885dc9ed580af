package netplay

import (
	"fmt"
	"testing"
	"time"
)

// TestHostSendsOnceOverAStream plays hosted games whose clients are
// reached over slow streams, as browsers are over WebSocket on a poor
// connection: nothing is lost or reordered, so the host must send every
// fragment once, and keep every client to the end; the clients
// (Client.OverStream) may send a fragment again only when its answer is
// long in coming. The host once resent
// as on a lossy link: the stream's queue held its messages past the
// resend timeout, and each resend lengthened the queue, until at bot
// speed the host sent several times the bytes needed and gave up on
// clients below about 15 kB/s. At 3 kB/s a large message takes longer
// than the host's stall limit to arrive whole, so the host must count
// its fragments' arrival as progress.
//
// A slower link must not make a game much longer: the views a bot's
// quick play brings repeat each other, and go deflated. Sent plain, at
// 3 kB/s Eleven Suits took 6.7 times as long as at 30 kB/s.
func TestHostSendsOnceOverAStream(t *testing.T) {
	fastest := map[string]time.Duration{} // each game's length at the first rate
	for _, rate := range []int{30_000, 12_000, 6_000, 4_000, 3_000} {
		hn := hostedNet{link: LinkConfig{Delay: 20 * time.Millisecond, Rate: rate}, stream: true}
		t.Run(fmt.Sprint(rate/1000, " kB/s"), func(t *testing.T) {
			for game, tally := range map[string]hostedTally{
				"That's Mine":  hostThatsMine(t, 4, 7, hn),
				"Eleven Suits": hostElevenSuits(t, 3, 7, hn),
				"Ninjan":       hostNinjan(t, 3, 7, hn),
			} {
				if fastest[game] == 0 {
					fastest[game] = tally.took
				} else if tally.took > 3*fastest[game] {
					t.Errorf("%s: the game took %v, against %v at 30 kB/s", game, tally.took.Round(time.Millisecond), fastest[game].Round(time.Millisecond))
				}
				if tally.host.again > 0 {
					t.Errorf("%s: the host sent %d of its %d fragments again", game, tally.host.again, tally.host.sent)
				}
				// A client's action is acknowledged by the host's packets,
				// which queue behind the host's views: at a few kB/s the
				// answer can take longer than streamResend, and the client
				// sends the one fragment again. Resending as on a lossy
				// link, it sent almost every fragment again, many times.
				if tally.clients.again*2 > tally.clients.sent {
					t.Errorf("%s: the clients sent %d of their %d fragments again", game, tally.clients.again, tally.clients.sent)
				}
			}
		})
	}
}
