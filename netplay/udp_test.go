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
)

// udpGame is a game the two-process test can play: a fresh state, a
// player's presses on the state it sees, and its end.
type udpGame[S any] struct {
	initial func() S
	press   func(s *S, seat int, rng *rulesets.Rand) rulesets.Buttons
	over    func(s *S) bool
}

var raceUDP = udpGame[race]{
	initial: func() race { return newRace(5, 25) },
	press: func(s *race, seat int, rng *rulesets.Rand) rulesets.Buttons {
		if s.target != 0 && rng.IntN(8) == 0 {
			return s.target
		}
		return 0
	},
	over: func(s *race) bool { return s.Over() },
}

// udpResult is what a peer reports: the tick its settled game ended on and
// the hash of the state then.
type udpResult struct {
	End  int64
	Hash uint64
}

// playUDP plays one side of a game over UDP in real time, a tick every
// millisecond or so (faster than 60 Hz, to keep the test short), and keeps
// running for a second after the game ends so the other side gets our
// last inputs.
func playUDP[S any, P Sim[S]](g udpGame[S], tr Transport, self int, other netip.AddrPort) (udpResult, error) {
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
	rng := rulesets.NewRand(uint64(self) + 100)
	start := time.Now()
	var ended time.Time
	for {
		now := time.Since(start)
		if now > 60*time.Second {
			return res, fmt.Errorf("no end after %v (tick %d)", now, s.Tick())
		}
		var f rulesets.Frame
		f.Pressed[self] = g.press(s.State(), self, &rng)
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
	if testing.Short() {
		t.Skip("plays a whole game in real time")
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
	mine, err := playUDP[race](raceUDP, tr, 0, addr)
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
	if mine != theirs || mine.End < 100 {
		t.Errorf("the two processes ended differently: %+v and %+v", mine, theirs)
	}
	t.Logf("game over on tick %d in both processes, hash %#x", mine.End, mine.Hash)
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
	res, err := playUDP[race](raceUDP, tr, 1, addr)
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
