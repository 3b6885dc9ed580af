package thatsminetable

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

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

	hosted *hostedGame // on the host
	client *remoteGame // on a client

	netlobby.Shell
}

// NewNetTable starts the match m from the network lobby; the table owns
// m.Transport from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	n, err := m.Players()
	if err != nil {
		return nil, err
	}
	router := input.NewRouter()
	if err := router.SetControls(d.Router().Controls()); err != nil {
		return nil, err
	}
	start := time.Now()
	nt := &NetTable{d: d, m: m, router: router, clock: func() time.Duration { return time.Since(start) }}
	if !m.Host {
		r, err := netlobby.NewRemote[tm.Action, tm.Event, tm.View](m)
		if err != nil {
			return nil, err
		}
		nt.client, nt.local = &remoteGame{r, n}, r.Seat
		return nt, router.Bind(nt.local, rightKeys)
	}
	if m.Seats != netplay.SeatsOf(0) {
		return nil, fmt.Errorf("thatsminetable: the host plays %08b, not seat 1 alone", m.Seats)
	}
	var set netSettings
	if err := json.Unmarshal(m.Game, &set); err != nil {
		return nil, fmt.Errorf("thatsminetable: the game's settings: %w", err)
	}
	state, err := tm.New(tm.Config{Players: n}, set.Seed)
	if err != nil {
		return nil, err
	}
	cfg, err := netlobby.HostConfig(m, func(g *tm.State, seat int) any { return g.View(seat) },
		func(e tm.Event) rulesets.Audience { return e.Audience }, tm.Definition().DecodeAction)
	if err != nil {
		return nil, err
	}
	h, err := netplay.NewHost(cfg, m.Transport, state)
	if err != nil {
		return nil, err
	}
	nt.hosted = &hostedGame{netlobby.Hosted[*tm.State, tm.Action, tm.Event]{Host: h}}
	if err := router.Bind(nt.local, rightKeys); err != nil {
		return nil, err
	}
	return nt, nt.seat(nt.hosted, state, set.Seed)
}

// rightKeys is what a network player plays with: the arrows and Enter.
var rightKeys = input.Device{Kind: input.KeyZone, Index: 1}

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
	nav := ctx.Nav()
	menu := nav.Click && nt.Table != nil && nt.hits.menu.contains(nav.PointerX, nav.PointerY)
	if nt.LeaveAsked(ctx, menu) {
		nt.m.Close()
		ctx.Pop(scenes.Backward)
		return nil
	}
	if nt.hosted != nil {
		if err := nt.updateHost(ctx, now); err != nil {
			return err
		}
	} else if err := nt.updateClient(ctx, now); err != nil {
		return err
	}
	if nt.Table == nil || nt.Paused() {
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
// a client gone for good has its seat taken over by a bot.
func (nt *NetTable) updateHost(ctx *scenes.Context, now time.Duration) error {
	evs, notice, taken, err := nt.hosted.Update(now)
	if err != nil {
		return fmt.Errorf("thatsminetable: %w", err)
	}
	nt.Notice = notice
	if len(evs) > 0 {
		nt.reveal(ctx, evs)
	}
	for seat := range nt.game.Seats() {
		if !taken.Has(seat) {
			continue
		}
		bot, err := tm.NewBot("medium", nt.seed^uint64(seat+1)*0xbf58476d1ce4e5b9)
		if err != nil {
			return err
		}
		nt.bots[seat], nt.botDue[seat] = bot, nt.now+30
		nt.seating.Seats[seat] = lobby.Seat{Kind: lobby.Bot, Bot: "medium"}
		nt.show.log = append(nt.show.log, fmt.Sprintf("%s left: a bot plays for them.", nt.seatName(seat)))
	}
	return nil
}

// updateClient takes in the host's views and events, and builds the
// table on the first view.
func (nt *NetTable) updateClient(ctx *scenes.Context, now time.Duration) error {
	r := nt.client.Remote
	first := !r.Have
	evs, refused, err := r.Update(now)
	if err != nil {
		return fmt.Errorf("thatsminetable: %w", err)
	}
	if v := r.View; r.Have && (v.Seat != r.Seat || v.Players != nt.client.players) {
		return fmt.Errorf("thatsminetable: the host sent seat %d of %d a view of seat %d of %d", r.Seat, nt.client.players, v.Seat, v.Players)
	}
	switch {
	case first && r.Have:
		// The table starts from this view: its events are in it.
		if err := nt.seat(nt.client, nil, 0); err != nil {
			return err
		}
	case nt.Table != nil && len(evs) > 0:
		nt.reveal(ctx, evs)
	}
	if refused != "" && nt.Table != nil {
		nt.show.log = append(nt.show.log, "The host refused: "+refused)
	}
	nt.Notice, nt.Gone = r.Notice()
	return nil
}

// reveal plays events that arrived from the network, as the table plays
// those of its own seats' choices.
func (nt *NetTable) reveal(ctx *scenes.Context, evs []tm.Event) {
	nt.show.push(evs)
	nt.show.step(nt.now, &nt.board, 1)
	ctx.Play(assets.Slam)
}

// Draw implements scenes.Scene.
func (nt *NetTable) Draw(c *scenes.Canvas) {
	pal := nt.d.Palette()
	line := ""
	if nt.client != nil {
		line = nt.client.Connection()
	} else {
		line = netlobby.HostConnection(nt.hosted.Host)
	}
	if nt.Table == nil {
		netlobby.DrawWaiting(c, pal)
	} else {
		nt.Table.Draw(c)
	}
	nt.Shell.Draw(c, pal, line, netStatsX, netStatsY)
}

// Where the connection line ends: bottom right of the table, left of the
// log.
const netStatsX, netStatsY = 975, 712

// hostedGame is the host's game as the table sees it.
type hostedGame struct {
	netlobby.Hosted[*tm.State, tm.Action, tm.Event]
}

func (g *hostedGame) Seats() int             { return g.Game().Seats() }
func (g *hostedGame) Over() bool             { return g.Game().Over() }
func (g *hostedGame) ToAct(dst []int) []int  { return g.Game().ToAct(dst) }
func (g *hostedGame) View(seat int) tm.View  { return g.Game().View(seat) }
func (g *hostedGame) Scores(dst []int) []int { return g.Game().Scores(dst) }

// remoteGame is a client's game: its seat's latest view from the host,
// with its choice once sent.
type remoteGame struct {
	*netlobby.Remote[tm.Action, tm.Event, tm.View]
	players int
}

func (g *remoteGame) Seats() int { return g.players }
func (g *remoteGame) Over() bool { return g.Remote.View.Over }

// ToAct lists the seats still choosing, as far as this seat knows, its
// own not once its choice is sent.
func (g *remoteGame) ToAct(dst []int) []int {
	v := g.View(g.Seat)
	if v.Over {
		return dst
	}
	for seat := range g.players {
		if !v.Chosen[seat] {
			dst = append(dst, seat)
		}
	}
	return dst
}

// View returns the seat's view, with its choice once sent; any other seat
// gets the public part.
func (g *remoteGame) View(seat int) tm.View {
	v := g.Remote.View
	switch {
	case seat != g.Seat:
		v.Seat, v.Hand, v.Choice = seat, 0, tm.Action{}
	case g.Sent:
		v.Chosen[seat], v.Choice = true, g.Action
		v.Hand &^= tm.CardSet(1) << g.Action.Card
	}
	return v
}

func (g *remoteGame) Scores(dst []int) []int { return append(dst, g.Remote.View.Tokens[:g.players]...) }

// Apply sends the choice; the host's answer brings its events.
func (g *remoteGame) Apply(seat int, a tm.Action) error { return g.Act(seat, a) }

func (g *remoteGame) Events() []tm.Event { return nil }
func (g *remoteGame) ClearEvents()       {}
