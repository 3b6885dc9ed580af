package main

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"syscall/js"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

func main() {
	if err := run(); err != nil {
		setTitle("error " + err.Error())
	}
	select {} // keep the page's Go alive for the test to read the title
}

func setTitle(s string) { js.Global().Get("document").Set("title", s) }

func run() error {
	loc, err := url.Parse(js.Global().Get("location").Get("href").String())
	if err != nil {
		return err
	}
	q := loc.Query()
	room, _ := strconv.ParseUint(q.Get("room"), 10, 32)
	ticks, _ := strconv.ParseInt(q.Get("ticks"), 10, 64)
	seed, _ := strconv.ParseUint(q.Get("seed"), 10, 64)
	players, _ := strconv.Atoi(q.Get("players"))
	if players < 2 {
		players = 2
	}
	ws := url.URL{Scheme: "ws", Host: loc.Host, Path: "/netplay"}
	conn, err := netplay.DialWebSocket(context.Background(), ws.String())
	if err != nil {
		return err
	}
	// Sealed with the room's code, as the game's lobby seals a browser's.
	code := netplay.RoomCode(room)
	tr, err := secure.Wrap(conn, secure.Config{Key: []byte(code.String()), Plain: netplay.IsAnnouncement, Prefix: netplay.SealPrefix(code)})
	if err != nil {
		return err
	}
	state, err := slam.New(slam.DefaultConfig(players), seed)
	if err != nil {
		return err
	}
	// The host is peer 0, each other desktop peer a seat reached through
	// it, and this browser the last seat.
	self := players - 1
	peers := []netplay.PeerConfig{{Addr: conn.Host(), Seats: netplay.SeatsOf(0)}}
	for seat := 1; seat < self; seat++ {
		peers = append(peers, netplay.PeerConfig{Seats: netplay.SeatsOf(seat)})
	}
	peers = append(peers, netplay.PeerConfig{Seats: netplay.SeatsOf(self), HostOnly: true})
	done := ""
	var presses presses
	cfg := netplay.Config[slam.State]{
		Room: code, Peers: peers, Self: self,
		AdaptDelay: q.Get("adapt") == "1",
		OnSettled: func(f *rulesets.Frame, s *slam.State) {
			presses.add(f, self)
			if f.Tick == ticks {
				done = fmt.Sprintf("done %d %d %d %d", f.Tick, s.Hash(), presses.n, presses.sum)
			}
		},
	}
	s, err := netplay.NewSession[slam.State](cfg, tr, state)
	if err != nil {
		return err
	}
	bot := slam.NewBot(self, slam.Hard, seed+uint64(self))
	start := time.Now()
	for {
		var f rulesets.Frame
		bot.Act(s.State(), &f)
		s.Update(time.Since(start), &f)
		for _, ev := range s.Events() {
			if err := eventError(ev); err != nil {
				return err
			}
		}
		if done != "" {
			setTitle(done)
			done = ""
		}
		if time.Since(start) > 2*time.Minute {
			return fmt.Errorf("timed out at tick %d", s.Tick())
		}
		time.Sleep(netplay.TickDuration)
	}
}

// presses sums up the settled presses of a seat, for the test to compare
// with what the other peers settled: how many, and a checksum of their
// ticks and buttons.
type presses struct{ n, sum uint64 }

func (p *presses) add(f *rulesets.Frame, seat int) {
	if b := f.Pressed[seat]; b != 0 {
		p.n++
		p.sum = p.sum*31 + uint64(f.Tick)<<16 + uint64(b)
	}
}
