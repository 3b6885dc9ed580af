//go:build !js

package netplay

import (
	"bufio"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// udpGame is a game the two-process test can play: a fresh state, a
// player for a seat (pressing from the state its screen shows), and the
// game's end.
type udpGame[S any] struct {
	initial func() S
	player  func(seat int) func(s *S) rulesets.Buttons
	over    func(s *S) bool
}

// slamUDP is a two-player Slam between two processes, a hard reflex bot
// playing on each.
var slamUDP = udpGame[slam.State]{
	initial: func() slam.State {
		s, err := slam.New(slam.DefaultConfig(2), 2026)
		if err != nil {
			panic(err)
		}
		return s
	},
	player: func(seat int) func(s *slam.State) rulesets.Buttons {
		bot := slam.NewBot(seat, slam.Hard, uint64(seat)+100)
		return func(s *slam.State) rulesets.Buttons {
			var f rulesets.Frame
			bot.Act(s, &f)
			return f.Pressed[seat]
		}
	},
	over: func(s *slam.State) bool { return s.Over() },
}

// udpResult is what a peer reports: the tick its settled game ended on and
// the hash of the state then.
type udpResult struct {
	End  int64
	Hash uint64
}

// udpLink is lossyLAN (150 ms round trip ±30 ms, 10% loss, duplication,
// reordering) on the clock of playUDP, whose ticks come about fifteen
// times faster than 60 Hz: the same link counted in ticks.
var udpLink = LinkConfig{Delay: lossyLAN.Delay / 15, Jitter: lossyLAN.Jitter / 15, Loss: lossyLAN.Loss, Duplicate: lossyLAN.Duplicate, Reorder: lossyLAN.Reorder}

// playUDP plays one side of a game over UDP in real time, a tick every
// millisecond or so (faster than 60 Hz, to keep the test short), what it
// sends impaired as udpLink says, and keeps running for a second after
// the game ends so the other side gets our last inputs.
func playUDP[S any, P Sim[S]](g udpGame[S], udp Transport, self int, other netip.AddrPort) (udpResult, error) {
	start := time.Now()
	tr := Impair(udp, udpLink, uint64(self)+7, func() time.Duration { return time.Since(start) })
	peers := make([]PeerConfig, 2)
	peers[self] = PeerConfig{Addr: tr.LocalAddr(), Seats: SeatsOf(self)}
	peers[1-self] = PeerConfig{Addr: other, Seats: SeatsOf(1 - self)}
	res := udpResult{End: -1}
	cfg := Config[S]{Room: 4242, Peers: peers, Self: self, DumpDir: os.TempDir()}
	cfg.OnSettled = func(f *rulesets.Frame, s *S) {
		if res.End < 0 && g.over(s) {
			res = udpResult{End: f.Tick, Hash: P(s).Hash()}
		}
	}
	s, err := NewSession[S, P](cfg, tr, g.initial())
	if err != nil {
		return res, err
	}
	player := g.player(self)
	var ended time.Time
	for {
		now := time.Since(start)
		if now > hang {
			return res, fmt.Errorf("no end after %v (tick %d)", now, s.Tick())
		}
		var f rulesets.Frame
		f.Pressed[self] = player(s.State())
		s.Update(now, &f)
		for _, ev := range s.Events() {
			if ev.Kind == EventDesync || ev.Kind == EventFault || ev.Kind == EventTimeout {
				return res, fmt.Errorf("session event %v at tick %d: %v", ev.Kind, ev.Tick, ev.Err)
			}
		}
		if res.End >= 0 && ended.IsZero() {
			ended = time.Now()
		}
		if !ended.IsZero() && time.Since(ended) > time.Second {
			return res, nil
		}
		time.Sleep(time.Millisecond)
	}
}

// The child side of TestUDPTwoProcesses runs in a second process of the
// test binary, told by the environment where the parent listens.
const udpChildEnv = "JANKEN_NETPLAY_UDP_PEER"

func TestUDPTwoProcesses(t *testing.T) {
	if parent := os.Getenv(udpChildEnv); parent != "" {
		udpChild(t, parent)
		return
	}
	tr, err := ListenUDP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestUDPTwoProcesses$", "-test.v")
	cmd.Env = append(os.Environ(), udpChildEnv+"="+tr.LocalAddr().String())
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	child := readLine(t, lines, "addr ")
	addr, err := netip.ParseAddrPort(child)
	if err != nil {
		t.Fatalf("child address %q: %v", child, err)
	}
	mine, err := playUDP[slam.State](slamUDP, tr, 0, addr)
	if err != nil {
		t.Fatal(err)
	}
	var theirs udpResult
	if _, err := fmt.Sscanf(readLine(t, lines, "result "), "%d %d", &theirs.End, &theirs.Hash); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v", err)
	}
	if mine != theirs || mine.End < 1000 {
		t.Errorf("the two processes ended differently: %+v and %+v", mine, theirs)
	}
	t.Logf("Slam over on tick %d in both processes, hash %#x, over a link losing %.0f%% and delaying %v ±%v", mine.End, mine.Hash, udpLink.Loss*100, udpLink.Delay, udpLink.Jitter)
}

func udpChild(t *testing.T, parent string) {
	addr, err := netip.ParseAddrPort(parent)
	if err != nil || !addr.Addr().IsLoopback() {
		t.Fatalf("parent address %q: %v", parent, err)
	}
	tr, err := ListenUDP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	fmt.Printf("\naddr %v\n", tr.LocalAddr())
	res, err := playUDP[slam.State](slamUDP, tr, 1, addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("\nresult %d %d\n", res.End, res.Hash)
}

// readLine returns the rest of the first line starting with prefix.
func readLine(t *testing.T, s *bufio.Scanner, prefix string) string {
	t.Helper()
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), prefix); ok {
			return rest
		}
	}
	t.Fatalf("child said no %q: %v", prefix, s.Err())
	return ""
}

// TestHostedOverUDP plays the hidden-hand secrets game at 60 Hz between a
// host and two clients on real UDP sockets on 127.0.0.1, every link
// lossyLAN through Impaired: the game ends with both clients caught up,
// no legal play refused, and no client ever received a card hidden from
// its seat.
func TestHostedOverUDP(t *testing.T) {
	start := time.Now()
	clock := func() time.Duration { return time.Since(start) }
	ends := make([]Transport, 3)
	for i := range ends {
		udp, err := ListenUDP("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer udp.Close()
		ends[i] = Impair(udp, lossyLAN, uint64(i)+1, clock)
	}
	tb := newSecretsTableOn(t, ends[0], ends[1:], 5, clock, func() { time.Sleep(TickDuration) })
	for !tb.game.Over() || !tb.clientsSawEnd() {
		if clock() > hang {
			t.Fatalf("no end after %v: hands %v", clock(), tb.game.hands)
		}
		tb.update(t)
		tb.checkTranscripts(t)
	}
	for s := 1; s < 3; s++ {
		if tb.refused[s] != "" {
			t.Errorf("seat %d: legal play refused: %s", s, tb.refused[s])
		}
	}
	t.Logf("game over after %v; host sent %d packets, received %d", clock().Round(time.Millisecond), tb.host.Counter.PacketsSent, tb.host.Counter.PacketsRecv)
}
