package elevensuitstable

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// match is what the table needs of the game: the whole game (*es.State)
// on the couch, the host's game through netplay.Host on a network host,
// and one seat's view of it on a network client.
type match interface {
	Seats() int
	Config() es.Config
	Phase() es.Phase
	Over() bool
	View(seat int) es.View
	ToAct(dst []int) []int
	Apply(seat int, a es.Action) error
	Events() []es.Event
	ClearEvents()
	Scores(dst []int) []int
	Winners(dst []int) []int
}

// RulesVersion is the version of the rules a network match checks.
const RulesVersion = "elevensuits/1"

// Network returns Eleven Suits' network lobby: each machine plays one
// seat, the host runs the game and every other machine sees only what its
// seat may: the backs of every card, its own hand's faces and the cards it
// has seen.
func Network() netlobby.Config {
	return netlobby.Config{
		Title: "Eleven Suits", Rules: RulesVersion, MinPlayers: 2, MaxPlayers: es.MaxPlayers, LocalSeats: 1,
		Blurb: "The host's machine deals and judges; every other machine is told only its own hand's faces and the cards it has seen.",
		Game:  netlobby.Seeded(),
		Start: netlobby.Replace(NewNetTable),
	}
}

// netRules is Eleven Suits as a hidden-hand network game; the variant
// settings travel as the ruleset's JSON config.
var netRules = netlobby.Rules[*es.State, es.Action, es.Event, es.View]{
	New: func(players int, seed uint64, config json.RawMessage) (*es.State, error) {
		return es.Definition().New(players, config, seed)
	},
	View:         (*es.State).View,
	Audience:     func(e es.Event) rulesets.Audience { return e.Audience },
	DecodeAction: es.Definition().DecodeAction,
	ViewOf:       func(v *es.View) (int, int) { return v.Seat, v.Config.Players },
}

// NetTable is the Eleven Suits table of a network match. On the host it
// runs the game under a netplay.Host; on a client it sends its seat's
// actions, animates the events the host sends and draws its seat's view,
// and builds its table once the first view arrives.
type NetTable struct {
	*Table // nil on a client until the host's first view
	d      *scenes.Director
	m      netlobby.Match
	side   *netlobby.Side[*es.State, es.Action, es.Event, es.View]
	clock  func() time.Duration
}

// NewNetTable starts the match m from the network lobby; the table owns
// m.Transport from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	side, err := netlobby.OpenSide(d, m, netRules)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	nt := &NetTable{d: d, m: m, side: side, clock: func() time.Duration { return time.Since(start) }}
	if h := side.Hosted; h != nil {
		return nt, nt.seat(&hostedGame{h}, h.Game())
	}
	return nt, nil
}

// seat builds the table proper: this machine's seat is its couch's, the
// others are played elsewhere.
func (nt *NetTable) seat(g match, state *es.State) error {
	s := lobby.Seating{Router: nt.side.Router, Seats: make([]lobby.Seat, g.Seats())}
	s.Seats[nt.side.Seat] = lobby.Seat{Kind: lobby.Human, Device: netlobby.RightKeys}
	t, err := newTable(nt.d, Options{Rules: g.Config(), Seating: s, Seed: nt.side.Seed}, g, state)
	if err != nil {
		return err
	}
	t.networked = true
	nt.Table = t
	return nil
}

// Name implements scenes.Scene.
func (nt *NetTable) Name() string { return "elevensuits" }

// Update implements scenes.Scene: the network first (whatever the couch
// does, the other machines must hear from this one), then the table.
func (nt *NetTable) Update(ctx *scenes.Context) error {
	if nt.side.LeaveAsked(ctx, false) {
		nt.m.Close()
		ctx.Pop(scenes.Backward)
		return nil
	}
	news, err := nt.side.Update(nt.clock())
	if err != nil {
		return fmt.Errorf("elevensuitstable: %w", err)
	}
	switch {
	case news.First: // the table starts from this view: its events are in it
		if err := nt.seat(&remoteGame{nt.side.Remote, nt.side.Players}, nil); err != nil {
			return err
		}
	case nt.Table != nil && len(news.Events) > 0:
		nt.schedule(news.Events)
	}
	if nt.Table == nil {
		return nil
	}
	if news.Refused != "" {
		nt.err, nt.errAt = "The host refused: "+news.Refused, nt.tick
	}
	if err := nt.takeOver(news.Taken); err != nil || nt.side.Paused() {
		return err
	}
	over := nt.Table.ended
	err = nt.Table.Update(ctx)
	nt.side.Adopt()
	if !over && nt.Table.ended {
		nt.m.Close() // the results replaced the table
	}
	return err
}

// takeOver gives the seats of a machine gone for good to bots.
func (nt *NetTable) takeOver(seats netplay.SeatSet) error {
	for seat := range nt.game.Seats() {
		if !seats.Has(seat) {
			continue
		}
		bot, err := es.NewBot("medium", nt.opts.Seed*31+uint64(seat)+1)
		if err != nil {
			return err
		}
		nt.bots[seat] = bot
		nt.opts.Seating.Seats[seat] = lobby.Seat{Kind: lobby.Bot, Bot: "medium"}
		nt.addLog(fmt.Sprintf("%s left: a bot plays for them.", nt.seatLabel(seat)))
	}
	return nil
}

// Draw implements scenes.Scene.
func (nt *NetTable) Draw(c *scenes.Canvas) {
	var table func(*scenes.Canvas)
	if nt.Table != nil {
		table = nt.Table.Draw
	}
	nt.side.Draw(c, nt.d.Palette(), table, netStatsX, netStatsY)
}

// Where the connection line ends: bottom right of the table, left of the
// log.
const netStatsX, netStatsY = 960, 712

// hostedGame is the host's game as the table sees it.
type hostedGame struct {
	*netlobby.Hosted[*es.State, es.Action, es.Event]
}

func (g *hostedGame) Seats() int              { return g.Game().Seats() }
func (g *hostedGame) Config() es.Config       { return g.Game().Config() }
func (g *hostedGame) Phase() es.Phase         { return g.Game().Phase() }
func (g *hostedGame) Over() bool              { return g.Game().Over() }
func (g *hostedGame) View(seat int) es.View   { return g.Game().View(seat) }
func (g *hostedGame) ToAct(dst []int) []int   { return g.Game().ToAct(dst) }
func (g *hostedGame) Scores(dst []int) []int  { return g.Game().Scores(dst) }
func (g *hostedGame) Winners(dst []int) []int { return g.Game().Winners(dst) }

// remoteGame is a client's game: its seat's latest view from the host.
// Its action, once sent, shows when the host's events bring it.
type remoteGame struct {
	*netlobby.Remote[es.Action, es.Event, es.View]
	players int
}

func (g *remoteGame) Seats() int        { return g.players }
func (g *remoteGame) Config() es.Config { return g.Remote.View.Config }
func (g *remoteGame) Phase() es.Phase   { return g.Remote.View.Phase }
func (g *remoteGame) Over() bool        { return g.Remote.View.Phase == es.PhaseOver }

// View returns the seat's view; any other seat gets the spectator's part
// of it, the faces that are up to everyone.
func (g *remoteGame) View(seat int) es.View {
	v := g.Remote.View
	if seat == g.Seat {
		return v
	}
	v.Seat, v.OwnThrow = seat, rulesets.NoSymbol
	hide := func(sl *es.Slot, public bool) {
		if !public {
			sl.Card, sl.Up = es.NoCard, false
		}
	}
	for p := range g.players {
		for i := range v.Hands[p] {
			hide(&v.Hands[p][i], false)
		}
		for i := range v.Graves[p] {
			hide(&v.Graves[p][i], v.Config.OpenCasket)
		}
	}
	for i := range v.Deck {
		hide(&v.Deck[i], false)
	}
	for i := range v.Removed {
		hide(&v.Removed[i], false)
	}
	hide(&v.Attack, false)
	return v
}

// ToAct lists the seats that owe an action, as far as this seat knows,
// its own not once its action is sent.
func (g *remoteGame) ToAct(dst []int) []int {
	v := &g.Remote.View
	owes := func(seat int) bool { return !(seat == g.Seat && g.Sent) }
	switch v.Phase {
	case es.PhaseOpening:
		for seat := range g.players {
			if v.Contenders[seat] && !v.Thrown[seat] && owes(seat) {
				dst = append(dst, seat)
			}
		}
	case es.PhaseAttack, es.PhaseNaming:
		if owes(v.Attacker) {
			dst = append(dst, v.Attacker)
		}
	case es.PhaseDefend, es.PhasePenalty:
		if owes(v.Target) {
			dst = append(dst, v.Target)
		}
	}
	return dst
}

// Scores lists each seat's lives, as the game counts them.
func (g *remoteGame) Scores(dst []int) []int {
	for seat := range g.players {
		lives := es.GraveLimit - g.Remote.View.GraveLen[seat]
		if g.Remote.View.Out[seat] {
			lives = 0
		}
		dst = append(dst, lives)
	}
	return dst
}

func (g *remoteGame) Winners(dst []int) []int {
	for seat := range g.players {
		if g.Remote.View.Winners[seat] {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Apply sends the action; the host's answer brings its events.
func (g *remoteGame) Apply(seat int, a es.Action) error { return g.Act(seat, a) }

func (g *remoteGame) Events() []es.Event { return nil }
func (g *remoteGame) ClearEvents()       {}
