package thatsminetable

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// match is what the table needs of the game: the whole game (*tm.State)
// on the couch, the host's game through netplay.Host on a network host,
// and one seat's view of it on a network client.
type match interface {
	Seats() int
	Over() bool
	ToAct(dst []int) []int
	View(seat int) tm.View
	Apply(seat int, a tm.Action) error
	Events() []tm.Event
	ClearEvents()
	Scores(dst []int) []int
}

// RulesVersion is the version of the rules a network match checks.
const RulesVersion = "thatsmine/1"

// Network timing: after warnAfter without a word from a machine the
// table says so; after dropAfter the host gives its seat to a bot (a
// turn-based game cannot go on without the seat), and a client leaves.
const (
	warnAfter = time.Second
	dropAfter = 5 * time.Second
)

// Network returns That's Mine's network lobby: each machine plays one
// seat, the host runs the game and every other machine sees only its own
// seat's hand.
func Network() netlobby.Config {
	return netlobby.Config{
		Title: "That's Mine", Rules: RulesVersion, MinPlayers: tm.MinPlayers, MaxPlayers: tm.MaxPlayers, LocalSeats: 1,
		Blurb: "The host's machine deals and judges; every other machine is told only its own hand, so nobody can peek over the network.",
		Game: func(netplay.SeatSet) []byte {
			data, _ := json.Marshal(netSettings{Seed: rand.Uint64()})
			return data
		},
		Start: netlobby.Replace(NewNetTable),
	}
}

// netSettings is what the host tells every machine at the start.
type netSettings struct {
	Seed uint64 `json:"seed"`
}

// NetTable is the That's Mine table of a network match. On the host it
// runs the game under a netplay.Host; on a client it sends its seat's
// choices and draws the views and events the host sends, and builds its
// table once the first view arrives.
type NetTable struct {
	*Table // nil on a client until the host's first view
	d      *scenes.Director
	m      netlobby.Match
	local  int // this machine's seat
	router *input.Router
	clock  func() time.Duration

	host   *netplay.Host[*tm.State, tm.Action, tm.Event]
	hosted *hostedGame
	client *remoteGame

	notice  string
	gone    bool // the host is gone (client) : only leaving is left
	leaving bool
}

// NewNetTable starts the match m from the network lobby; the table owns
// m.Transport from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	peers, err := m.Peers(m.HostAddr)
	if err != nil {
		return nil, err
	}
	var all netplay.SeatSet
	for _, p := range peers {
		all |= p.Seats
	}
	n := all.Len()
	if m.Seats.Len() != 1 || all != netplay.SeatSet(1<<n-1) {
		return nil, fmt.Errorf("thatsminetable: seats %08b of %08b: one seat a machine, seats 1 to %d", m.Seats, all, n)
	}
	local := 0
	for !m.Seats.Has(local) {
		local++
	}
	router := input.NewRouter()
	if err := router.SetControls(d.Router().Controls()); err != nil {
		return nil, err
	}
	if err := router.Bind(local, input.Device{Kind: input.KeyZone, Index: 1}); err != nil {
		return nil, err
	}
	start := time.Now()
	nt := &NetTable{d: d, m: m, local: local, router: router, clock: func() time.Duration { return time.Since(start) }}
	if !m.Host {
		nt.client = &remoteGame{c: netplay.NewClient(m.Transport, m.HostAddr, m.Room, m.Seats), seat: local, players: n}
		return nt, nil
	}
	var set netSettings
	if err := json.Unmarshal(m.Game, &set); err != nil {
		return nil, fmt.Errorf("thatsminetable: the game's settings: %w", err)
	}
	state, err := tm.New(tm.Config{Players: n}, set.Seed)
	if err != nil {
		return nil, err
	}
	var remotes []netplay.Remote
	for _, p := range peers[1:] {
		remotes = append(remotes, netplay.Remote{Addr: p.Addr, Seats: p.Seats})
	}
	nt.host, err = netplay.NewHost(netplay.HostConfig[*tm.State, tm.Action, tm.Event]{
		Room: m.Room, Remotes: remotes,
		View:         func(g *tm.State, seat int) ([]byte, error) { return json.Marshal(g.View(seat)) },
		Audience:     func(e tm.Event) rulesets.Audience { return e.Audience },
		EncodeEvent:  func(e tm.Event) ([]byte, error) { return json.Marshal(e) },
		DecodeAction: tm.Definition().DecodeAction,
	}, m.Transport, state)
	if err != nil {
		return nil, err
	}
	nt.hosted = &hostedGame{h: nt.host}
	if err := nt.seat(nt.hosted, state, set.Seed); err != nil {
		return nil, err
	}
	return nt, nil
}

// seat builds the table proper: this machine's seat is its couch's, the
// others are played elsewhere.
func (nt *NetTable) seat(g match, state *tm.State, seed uint64) error {
	s := lobby.Seating{Router: nt.router, Seats: make([]lobby.Seat, g.Seats())}
	s.Seats[nt.local] = lobby.Seat{Kind: lobby.Human, Device: nt.router.Device(nt.local)}
	t, err := newTable(nt.d, s, g, state, seed)
	if err != nil {
		return err
	}
	t.networked = true
	nt.Table = t
	return nil
}

// Name implements scenes.Scene.
func (nt *NetTable) Name() string { return "thatsmine" }

// Update implements scenes.Scene: the network first (whatever the couch
// does, the other machines must hear from this one), then the table.
func (nt *NetTable) Update(ctx *scenes.Context) error {
	now := nt.clock()
	if nt.leaveAsked(ctx) {
		nt.m.Close()
		ctx.Pop(scenes.Backward)
		return nil
	}
	if nt.host != nil {
		if err := nt.updateHost(ctx, now); err != nil {
			return err
		}
	} else if err := nt.updateClient(ctx, now); err != nil {
		return err
	}
	if nt.Table == nil || nt.leaving || nt.gone {
		return nil
	}
	over := nt.Table.ended
	err := nt.Table.Update(ctx)
	if !over && nt.Table.ended {
		nt.m.Close() // the results replaced the table
	}
	return err
}

// updateHost takes in the clients' choices and shows what they caused;
// a client silent for too long has its seat taken over by a bot.
func (nt *NetTable) updateHost(ctx *scenes.Context, now time.Duration) error {
	if err := nt.host.Update(now); err != nil {
		return fmt.Errorf("thatsminetable: %w", err)
	}
	if evs := nt.host.Events(); len(evs) > 0 {
		nt.reveal(ctx, evs)
	}
	nt.notice = ""
	for _, r := range nt.host.Remotes() {
		seat := 0
		for !r.Seats.Has(seat) {
			seat++
		}
		switch {
		case r.Silent >= dropAfter:
			if err := nt.host.TakeOver(r.Addr); err != nil {
				return err
			}
			bot, err := tm.NewBot("medium", nt.seed^uint64(seat+1)*0xbf58476d1ce4e5b9)
			if err != nil {
				return err
			}
			nt.bots[seat] = bot
			nt.seating.Seats[seat] = lobby.Seat{Kind: lobby.Bot, Bot: "medium"}
			nt.botDue[seat] = nt.now + 30
			nt.show.log = append(nt.show.log, fmt.Sprintf("%s left: a bot plays for them.", nt.seatName(seat)))
		case r.Silent >= warnAfter:
			nt.notice = fmt.Sprintf("%s: no word from their machine for %.0f s…", nt.seatName(seat), r.Silent.Seconds())
		}
	}
	return nil
}

// updateClient sends the seat's choice, takes in the host's views and
// events, and builds the table on the first view.
func (nt *NetTable) updateClient(ctx *scenes.Context, now time.Duration) error {
	c := nt.client
	for _, u := range c.c.Update(now) {
		evs, err := c.take(u)
		if err != nil {
			return fmt.Errorf("thatsminetable: from the host: %w", err)
		}
		if nt.Table == nil && c.have {
			if err := nt.seat(c, nil, 0); err != nil {
				return err
			}
			continue // the table starts from this view: its events are in it
		}
		if nt.Table != nil && len(evs) > 0 {
			nt.reveal(ctx, evs)
		}
		if u.Refused != "" {
			nt.show.log = append(nt.show.log, "The host refused: "+u.Refused)
		}
	}
	switch silent := c.c.Silent(); {
	case silent >= dropAfter:
		nt.gone, nt.notice = true, "The host's machine is gone. Enter: leave"
	case silent >= warnAfter:
		nt.notice = fmt.Sprintf("No word from the host for %.0f s…", silent.Seconds())
	default:
		nt.notice = ""
	}
	return nil
}

// reveal plays events that arrived from the network, as the table plays
// those of its own seats' choices.
func (nt *NetTable) reveal(ctx *scenes.Context, evs []tm.Event) {
	nt.show.push(evs)
	nt.show.step(nt.now, &nt.board, 1)
	ctx.Play(assets.Slam)
}

// leaveAsked works the "leave the match?" prompt: Esc or the Menu button
// opens and closes it, Enter leaves. The game goes on meanwhile (it
// cannot pause for one machine).
func (nt *NetTable) leaveAsked(ctx *scenes.Context) bool {
	nav := ctx.Nav()
	menu := nav.Click && nt.Table != nil && nt.hits.menu.contains(nav.PointerX, nav.PointerY)
	switch {
	case (nt.leaving || nt.gone) && nav.Confirm:
		return true
	case nav.Back || menu:
		nt.leaving = !nt.leaving
	}
	return false
}

// Draw implements scenes.Scene.
func (nt *NetTable) Draw(c *scenes.Canvas) {
	pal := nt.d.Palette()
	center := scenes.TextStyle{Size: 26, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter}
	if nt.Table == nil {
		c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, pal.BackdropDeep)
		c.Text("Waiting for the host to deal…", scenes.ScreenWidth/2, scenes.ScreenHeight/2, center)
	} else {
		nt.Table.Draw(c)
	}
	c.Text(nt.connection(), netStatsX, netStatsY, scenes.TextStyle{Size: 15, Color: pal.TextDim, Align: text.AlignEnd, VAlign: text.AlignEnd})
	msg := nt.notice
	if nt.leaving {
		msg = "Leave the match? Enter: leave    Esc: stay"
	}
	if msg != "" {
		c.RoundRect(240, 300, 800, 80, 16, pal.Panel)
		c.Text(msg, scenes.ScreenWidth/2, 340, center)
	}
}

// Where the connection line ends: bottom right of the table, left of the
// log.
const netStatsX, netStatsY = 975, 712

// connection describes the link: how long ago each machine was last
// heard (they speak at least four times a second) and, on a client, the
// packets that crossed.
func (nt *NetTable) connection() string {
	if nt.client != nil {
		cn := nt.client.c.Counter
		return fmt.Sprintf("Network · host heard %d ms ago · packets %d in, %d out",
			nt.client.c.Silent().Milliseconds(), cn.PacketsRecv, cn.PacketsSent)
	}
	out := "Network · hosting"
	for _, r := range nt.host.Remotes() {
		seat := 0
		for !r.Seats.Has(seat) {
			seat++
		}
		out += fmt.Sprintf(" · P%d heard %d ms ago", seat+1, r.Silent.Milliseconds())
	}
	return out
}

// hostedGame is the host's game as the table sees it: its own seat's
// choices go through the Host, which tells the clients what they may see.
type hostedGame struct {
	h      *netplay.Host[*tm.State, tm.Action, tm.Event]
	events []tm.Event
}

func (g *hostedGame) Seats() int             { return g.h.Game().Seats() }
func (g *hostedGame) Over() bool             { return g.h.Game().Over() }
func (g *hostedGame) ToAct(dst []int) []int  { return g.h.Game().ToAct(dst) }
func (g *hostedGame) View(seat int) tm.View  { return g.h.Game().View(seat) }
func (g *hostedGame) Scores(dst []int) []int { return g.h.Game().Scores(dst) }
func (g *hostedGame) Events() []tm.Event     { return g.events }
func (g *hostedGame) ClearEvents()           { g.events = g.events[:0] }
func (g *hostedGame) Apply(seat int, a tm.Action) error {
	n := len(g.h.Events())
	if err := g.h.Apply(seat, a); err != nil {
		return err
	}
	g.events = append(g.events, g.h.Events()[n:]...)
	return nil
}

// remoteGame is a client's game: its seat's latest view from the host.
// A choice is sent to the host and counts as made until the host answers.
type remoteGame struct {
	c       *netplay.Client
	seat    int
	players int
	view    tm.View
	have    bool      // a view has arrived
	sent    bool      // a choice is on its way
	choice  tm.Action // and what it is
}

// take reads a seat update: its events, oldest first, and the new view.
func (g *remoteGame) take(u netplay.SeatUpdate) ([]tm.Event, error) {
	if u.Refused != "" {
		g.sent = false
		return nil, nil
	}
	evs := make([]tm.Event, len(u.Events))
	for i, data := range u.Events {
		if err := json.Unmarshal(data, &evs[i]); err != nil {
			return nil, fmt.Errorf("event: %w", err)
		}
	}
	var v tm.View
	if err := json.Unmarshal(u.View, &v); err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	if v.Seat != g.seat || v.Players != g.players {
		return nil, fmt.Errorf("a view of seat %d of %d for seat %d of %d", v.Seat, v.Players, g.seat, g.players)
	}
	g.view, g.have, g.sent = v, true, false
	return evs, nil
}

func (g *remoteGame) Seats() int { return g.players }
func (g *remoteGame) Over() bool { return g.view.Over }

// ToAct lists the seats still choosing, as far as this seat knows, its
// own not once its choice is sent.
func (g *remoteGame) ToAct(dst []int) []int {
	if g.view.Over {
		return dst
	}
	for seat := range g.players {
		if !g.view.Chosen[seat] && !(seat == g.seat && g.sent) {
			dst = append(dst, seat)
		}
	}
	return dst
}

// View returns the seat's view, with its choice once sent; any other seat
// gets the public part.
func (g *remoteGame) View(seat int) tm.View {
	v := g.view
	switch {
	case seat != g.seat:
		v.Seat, v.Hand, v.Choice = seat, 0, tm.Action{}
	case g.sent:
		v.Chosen[seat], v.Choice = true, g.choice
		v.Hand &^= tm.CardSet(1) << g.choice.Card
	}
	return v
}

func (g *remoteGame) Scores(dst []int) []int { return append(dst, g.view.Tokens[:g.players]...) }

// Apply sends the choice; the host's answer brings its events.
func (g *remoteGame) Apply(seat int, a tm.Action) error {
	if seat != g.seat || g.sent {
		return fmt.Errorf("thatsminetable: seat %d cannot choose now", seat)
	}
	data, err := json.Marshal(a)
	if err != nil {
		return err
	}
	if err := g.c.Act(seat, data); err != nil {
		return err
	}
	g.sent, g.choice = true, a
	return nil
}

func (g *remoteGame) Events() []tm.Event { return nil }
func (g *remoteGame) ClearEvents()       {}
