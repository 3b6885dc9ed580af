//go:build !js

package secure_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
)

// seatBot plays one seat of a hosted Ninjan from the views it receives.
type seatBot struct {
	seat  int
	bot   rulesets.Bot[ninjan.View, ninjan.Action]
	view  []byte // the latest view received
	acted bool   // an action answers the latest view
}

func (b *seatBot) update(t *testing.T, c *netplay.Client, ups []netplay.SeatUpdate) {
	for _, u := range ups {
		if u.Refused != "" {
			t.Fatalf("seat %d: action refused: %s", b.seat, u.Refused)
		}
		if u.View != nil {
			b.view, b.acted = bytes.Clone(u.View), u.Unanswered > 0
		}
	}
	if b.view == nil || b.acted {
		return
	}
	var v ninjan.View
	if err := json.Unmarshal(b.view, &v); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(v.ToAct(nil), b.seat) {
		return
	}
	a, err := json.Marshal(b.bot.Choose(&v))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Act(b.seat, a); err != nil {
		t.Fatal(err)
	}
	b.acted = true
}

// newNinjanHost hosts g on conns[0] for a client at each other conn (its
// index the seat), seats seeing what view encodes.
func newNinjanHost(t *testing.T, conns []*secure.Conn, g *ninjan.State, view func(*ninjan.State, int) ([]byte, error)) *netplay.Host[*ninjan.State, ninjan.Action, ninjan.Event] {
	t.Helper()
	var remotes []netplay.Remote
	for seat, c := range conns[1:] {
		remotes = append(remotes, netplay.Remote{Addr: c.LocalAddr(), Seats: netplay.SeatsOf(seat + 1)})
	}
	host, err := netplay.NewHost(netplay.HostConfig[*ninjan.State, ninjan.Action, ninjan.Event]{
		Room: room, Remotes: remotes, View: view,
		Audience:     func(e ninjan.Event) rulesets.Audience { return e.Audience },
		EncodeEvent:  func(e ninjan.Event) ([]byte, error) { return json.Marshal(e) },
		DecodeAction: ninjan.Definition().DecodeAction,
	}, conns[0], g)
	if err != nil {
		t.Fatal(err)
	}
	return host
}

// TestHostedNinjanOverSealedImpairedUDP plays a whole hosted Ninjan, the
// host and two clients on sealed loopback sockets with loss, delay,
// duplication and reordering, and checks that each client ends with the
// host's last view of its seat.
func TestHostedNinjanOverSealedImpairedUDP(t *testing.T) {
	const players = 3
	conns, now, tick := impairedUDP(t, players)

	def := ninjan.Definition()
	g, err := def.New(players, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	view := func(g *ninjan.State, seat int) ([]byte, error) { return json.Marshal(def.View(g, seat)) }
	host := newNinjanHost(t, conns, g, view)
	var clients []*netplay.Client
	var bots []*seatBot
	for seat := 0; seat < players; seat++ {
		bot, err := def.NewBot("easy", seat, uint64(seat))
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, &seatBot{seat: seat, bot: bot})
		if seat > 0 {
			clients = append(clients, netplay.NewClient(conns[seat], conns[0].LocalAddr(), room, netplay.SeatsOf(seat)))
		}
	}
	caughtUp := func() bool {
		for seat := 1; seat < players; seat++ {
			want, _ := view(g, seat)
			if !bytes.Equal(bots[seat].view, want) {
				return false
			}
		}
		return true
	}
	for step := 0; !g.Over() || !caughtUp(); step++ {
		if step == 20_000 {
			t.Fatalf("the hosted game did not finish: over %v", g.Over())
		}
		if slices.Contains(g.ToAct(nil), 0) {
			v := def.View(g, 0)
			if err := host.Apply(0, bots[0].bot.Choose(&v)); err != nil {
				t.Fatal(err)
			}
		}
		if err := host.Update(now()); err != nil {
			t.Fatal(err)
		}
		for i, c := range clients {
			bots[i+1].update(t, c, c.Update(now()))
		}
		tick()
	}
	for i, c := range conns {
		if d := c.Stats().Dropped; d.Forged+d.Unsealed+d.Malformed != 0 {
			t.Errorf("end %d dropped %+v on an honest network", i, d)
		}
	}
	t.Logf("winners %v after %v of simulated time; host sent %d packets", g.Winners(nil), now(), host.Counter.PacketsSent)
}
