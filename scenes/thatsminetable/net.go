package thatsminetable

import (
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// match is what the table needs of the game: the whole game (*tm.State)
// on the couch, the host's game through netplay.Host on a network host,
// and its seats' views of it on a network client.
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
// seat or, chosen in the lobby, several passing the keys behind a
// curtain; the host runs the game and every other machine sees only its
// own seats' hands.
func Network() netlobby.Config {
	return netlobby.Config{
		Title: "That's Mine", Rules: RulesVersion, MinPlayers: tm.MinPlayers, MaxPlayers: tm.MaxPlayers, LocalSeats: 1, MaxLocalSeats: tm.MaxPlayers,
		Blurb: "The host's machine deals and judges; every other machine is told only its own hand, so nobody can peek over the network.",
		Game:  netlobby.Seeded(),
		Start: netlobby.Replace(NewNetTable),
	}
}

// netRules is That's Mine as a hidden-hand network game.
var netRules = netlobby.Rules[*tm.State, tm.Action, tm.Event, tm.View]{
	New: func(players int, _ json.RawMessage, seed uint64) (*tm.State, error) {
		return tm.New(tm.Config{Players: players}, seed)
	},
	View:         (*tm.State).View,
	Audience:     func(e tm.Event) rulesets.Audience { return e.Audience },
	DecodeAction: tm.Definition().DecodeAction,
	ViewOf:       func(v *tm.View) (int, int) { return v.Seat, v.Players },
}

// NetTable is the That's Mine table of a network match. On the host it
// runs the game under a netplay.Host; on a client it sends its seat's
// choices, draws the views and events the host sends, and builds its
// table once the first view arrives.
type NetTable struct {
	*Table // nil on a client until the host's first view
	*netlobby.Play[*tm.State, tm.Action, tm.Event, tm.View]
}

// NewNetTable starts the match m from the network lobby; the table owns
// m.Transport from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	nt := &NetTable{}
	p, err := netlobby.OpenPlay(d, m, netRules, func(side *netlobby.Side[*tm.State, tm.Action, tm.Event, tm.View]) (netlobby.Seated[tm.Event], error) {
		return nt.seat(d, side)
	})
	if err != nil {
		return nil, err
	}
	nt.Play = p
	nt.LineX, nt.LineY = netStatsX, netStatsY
	return nt, nil
}

// seat builds the table proper, of the whole game on the host and of the
// seat's view on a client.
func (nt *NetTable) seat(d *scenes.Director, side *netlobby.Side[*tm.State, tm.Action, tm.Event, tm.View]) (netlobby.Seated[tm.Event], error) {
	var g match = &remoteGame{side.Remote, side.Players}
	var state *tm.State
	if h := side.Hosted; h != nil {
		g, state = &hostedGame{h}, h.Game()
	}
	t, err := newTable(d, side.Seating(), g, state, side.Seed)
	if err != nil {
		return nil, err
	}
	t.networked = true
	nt.Table = t
	return t, nil
}

// Name implements scenes.Scene.
func (nt *NetTable) Name() string { return "thatsmine" }

// Update implements scenes.Scene.
func (nt *NetTable) Update(ctx *scenes.Context) error { return nt.Play.Update(ctx) }

// Draw implements scenes.Scene.
func (nt *NetTable) Draw(c *scenes.Canvas) { nt.Play.Draw(c) }

// Show starts revealing the network's events (netlobby.Seated).
func (t *Table) Show(ctx *scenes.Context, evs []tm.Event) {
	t.show.push(evs)
	t.show.step(t.now, &t.board, 1)
	ctx.Play(assets.Slam)
}

// Refused shows why the host refused this seat's choice.
func (t *Table) Refused(reason string) { t.show.log = append(t.show.log, "The host refused: "+reason) }

// TakeOver gives the seat of a machine gone for good to a bot.
func (t *Table) TakeOver(seat int) error {
	bot, err := tm.NewBot("medium", t.seed^uint64(seat+1)*0xbf58476d1ce4e5b9)
	if err != nil {
		return err
	}
	t.bots[seat], t.botDue[seat] = bot, t.now+30
	t.seating.Seats[seat] = lobby.Seat{Kind: lobby.Bot, Bot: "medium"}
	t.show.log = append(t.show.log, fmt.Sprintf("%s left: a bot plays for them.", t.seatName(seat)))
	return nil
}

// Ended reports whether the results have replaced the table.
func (t *Table) Ended() bool { return t.ended }

// MenuClicked reports a click on the table's Menu button.
func (t *Table) MenuClicked(nav *scenes.Nav) bool {
	return nav.Click && t.hits.menu.contains(nav.PointerX, nav.PointerY)
}

// Where the connection line ends: bottom right of the table, left of the
// log.
const netStatsX, netStatsY = 975, 712

// hostedGame is the host's game as the table sees it.
type hostedGame struct {
	*netlobby.Hosted[*tm.State, tm.Action, tm.Event]
}

func (g *hostedGame) Seats() int             { return g.Game().Seats() }
func (g *hostedGame) Over() bool             { return g.Game().Over() }
func (g *hostedGame) ToAct(dst []int) []int  { return g.Game().ToAct(dst) }
func (g *hostedGame) View(seat int) tm.View  { return g.Game().View(seat) }
func (g *hostedGame) Scores(dst []int) []int { return g.Game().Scores(dst) }

// remoteGame is a client's game: its seats' latest views from the host,
// with their choices once sent.
type remoteGame struct {
	*netlobby.Remote[tm.Action, tm.Event, tm.View]
	players int
}

func (g *remoteGame) Seats() int { return g.players }
func (g *remoteGame) Over() bool { return g.Remote.View().Over }

// ToAct lists the seats still choosing, as far as this machine knows,
// its own not once their choices are sent.
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

// View returns one of this machine's seats' view, with the choices they
// sent; any other seat gets the public part.
func (g *remoteGame) View(seat int) tm.View {
	own := g.Remote.Seats.Has(seat)
	v := *g.Remote.View()
	if own {
		v = g.Remote.Views[seat]
	} else {
		v.Seat, v.Hand, v.Choice = seat, 0, tm.Action{}
	}
	for s := range g.players {
		if g.Remote.Seats.Has(s) && g.Sent[s] {
			v.Chosen[s] = true
		}
	}
	if own && g.Sent[seat] {
		v.Choice = g.Actions[seat]
		v.Hand &^= tm.CardSet(1) << g.Actions[seat].Card
	}
	return v
}

func (g *remoteGame) Scores(dst []int) []int {
	return append(dst, g.Remote.View().Tokens[:g.players]...)
}

// Apply sends the choice; the host's answer brings its events.
func (g *remoteGame) Apply(seat int, a tm.Action) error { return g.Act(seat, a) }

func (g *remoteGame) Events() []tm.Event { return nil }
func (g *remoteGame) ClearEvents()       {}
