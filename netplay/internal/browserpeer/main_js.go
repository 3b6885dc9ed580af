package main

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"syscall/js"
	"time"

	"github.com/jankenarcade/janken/netplay"
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
	ws := url.URL{Scheme: "ws", Host: loc.Host, Path: "/netplay"}
	tr, err := netplay.DialWebSocket(context.Background(), ws.String())
	if err != nil {
		return err
	}
	state, err := slam.New(slam.DefaultConfig(2), seed)
	if err != nil {
		return err
	}
	done := ""
	cfg := netplay.Config[slam.State]{
		Room: netplay.RoomCode(room),
		Peers: []netplay.PeerConfig{
			{Addr: tr.Host(), Seats: netplay.SeatsOf(0)},
			{Seats: netplay.SeatsOf(1)},
		},
		Self: 1,
		OnSettled: func(f *rulesets.Frame, s *slam.State) {
			if f.Tick == ticks {
				done = fmt.Sprintf("done %d %d", f.Tick, s.Hash())
			}
		},
	}
	s, err := netplay.NewSession[slam.State](cfg, tr, state)
	if err != nil {
		return err
	}
	bot := slam.NewBot(1, slam.Hard, seed+1)
	start := time.Now()
	for {
		var f rulesets.Frame
		bot.Act(s.State(), &f)
		s.Update(time.Since(start), &f)
		for _, ev := range s.Events() {
			if ev.Kind == netplay.EventDesync || ev.Kind == netplay.EventFault {
				return fmt.Errorf("%v at tick %d", ev.Kind, ev.Tick)
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
