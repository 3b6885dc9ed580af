package ninjantable

import (
	"encoding/json"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
)

// match is what the table needs of the game: the whole game
// (*ninjan.State) on the couch, the host's game through netplay.Host on a
// network host, and its seats' views of it on a network client.
type match interface {
	Seats() int
	Round() int
	Phase() ninjan.Phase
	Resolving() int
	Pile(p int) *ninjan.Pile
	Legal(seat int, dst []ninjan.Action) []ninjan.Action
	View(seat int) ninjan.View
	ToAct(dst []int) []int
	Apply(seat int, a ninjan.Action) error
	Events() []ninjan.Event
	ClearEvents()
	Scores(dst []int) []int
	Winners(dst []int) []int
}

// RulesVersion is the version of the rules a network match checks.
const RulesVersion = "ninjan/1"

// Network returns Ninjan's network lobby: each machine plays one seat or,
// chosen in the lobby, several passing the keys behind a curtain; the
// host runs the game and every other machine sees only its own seats'
// hands.
func Network() netlobby.Config {
	return netlobby.Config{
		Title: "Ninjan", Rules: RulesVersion, MinPlayers: ninjan.MinPlayers, MaxPlayers: ninjan.MaxPlayers,
		LocalSeats: 1, MaxLocalSeats: ninjan.MaxPlayers - 1, // at least one seat is another machine's
		Blurb: "The host's machine deals and judges; every other machine is told only its own players' hands and the cards once they are revealed.",
		Game:  netlobby.Seeded(),
		Start: netlobby.Replace(NewNetTable),
	}
}

// netRules is Ninjan as a hidden-hand network game.
var netRules = netlobby.Rules[*ninjan.State, ninjan.Action, ninjan.Event, ninjan.View]{
	New: func(players int, _ json.RawMessage, seed uint64) (*ninjan.State, error) {
		return ninjan.New(ninjan.Config{Players: players}, seed)
	},
	View:         (*ninjan.State).View,
	Audience:     func(e ninjan.Event) rulesets.Audience { return e.Audience },
	DecodeAction: ninjan.Definition().DecodeAction,
	ViewOf:       func(v *ninjan.View) (int, int) { return v.Seat, v.Config.Players },
}

// NetTable is the Ninjan table of a network match. On the host it runs
// the game under a netplay.Host; on a client it sends its seats' actions,
// draws the views and events the host sends, and builds its table once
// the first view arrives.
type NetTable struct {
	*Table // nil on a client until the host's first view
	*netlobby.Play[*ninjan.State, ninjan.Action, ninjan.Event, ninjan.View]
}

// NewNetTable starts the match m from the network lobby; the table owns
// m.Transport from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	nt := &NetTable{}
	p, err := netlobby.OpenPlay(d, m, netRules, func(side *netlobby.Side[*ninjan.State, ninjan.Action, ninjan.Event, ninjan.View]) (netlobby.Seated[ninjan.Event], error) {
		return nt.seat(d, side), nil
	})
	if err != nil {
		return nil, err
	}
	nt.Play = p
	nt.LineX, nt.LineY = netStatsX, netStatsY
	return nt, nil
}

// Where the connection line ends: right of the pile labels, under the
// log, above the hand (in the bottom corner it would cross a full hand's
// last card).
const netStatsX, netStatsY = scenes.ScreenWidth - 16, sideBottom + 18

// seat builds the table proper, of the whole game on the host and of its
// seats' views on a client.
func (nt *NetTable) seat(d *scenes.Director, side *netlobby.Side[*ninjan.State, ninjan.Action, ninjan.Event, ninjan.View]) *Table {
	var g match = &remoteGame{side.Remote, side.Players}
	var state *ninjan.State
	if h := side.Hosted; h != nil {
		g, state = &hostedGame{h}, h.Game()
	}
	nt.Table = newTable(d, side.Seating(), g, state, side.Seed)
	nt.Table.networked = true
	return nt.Table
}

// Name implements scenes.Scene.
func (nt *NetTable) Name() string { return "ninjan" }

// Update implements scenes.Scene.
func (nt *NetTable) Update(ctx *scenes.Context) error { return nt.Play.Update(ctx) }

// Draw implements scenes.Scene.
func (nt *NetTable) Draw(c *scenes.Canvas) { nt.Play.Draw(c) }

// Show queues the network's events for the show (netlobby.Seated).
func (t *Table) Show(_ *scenes.Context, evs []ninjan.Event) { t.take(evs) }

// Refused shows why the host refused this seat's action.
func (t *Table) Refused(reason string) { t.err = "The host refused: " + reason }

// TakeOver gives the seat of a machine gone for good to a bot.
func (t *Table) TakeOver(seat int) error {
	b, err := ninjan.NewBot("medium", seat, t.seed*31+uint64(seat)+1)
	if err != nil {
		return err
	}
	t.bots.bots[seat], t.bots.answers[seat] = b, make(chan ninjan.Action, 1)
	t.seating.Seats[seat] = lobby.Seat{Kind: lobby.Bot, Bot: "medium"}
	t.log = append(t.log, fmt.Sprintf("Player %d left: a bot plays for them.", seat+1))
	return nil
}

// Ended reports whether the results have replaced the table.
func (t *Table) Ended() bool { return t.ended >= resultsDelay }

// MenuClicked reports a click on the table's Menu button.
func (t *Table) MenuClicked(nav *scenes.Nav) bool {
	return nav.Click && inBox(nav.PointerX, nav.PointerY, menuBtX, buttonY, buttonW, buttonH)
}

// hostedGame is the host's game as the table sees it.
type hostedGame struct {
	*netlobby.Hosted[*ninjan.State, ninjan.Action, ninjan.Event]
}

func (g *hostedGame) Seats() int                { return g.Game().Seats() }
func (g *hostedGame) Round() int                { return g.Game().Round() }
func (g *hostedGame) Phase() ninjan.Phase       { return g.Game().Phase() }
func (g *hostedGame) Resolving() int            { return g.Game().Resolving() }
func (g *hostedGame) Pile(p int) *ninjan.Pile   { return g.Game().Pile(p) }
func (g *hostedGame) View(seat int) ninjan.View { return g.Game().View(seat) }
func (g *hostedGame) ToAct(dst []int) []int     { return g.Game().ToAct(dst) }
func (g *hostedGame) Scores(dst []int) []int    { return g.Game().Scores(dst) }
func (g *hostedGame) Winners(dst []int) []int   { return g.Game().Winners(dst) }
func (g *hostedGame) Legal(seat int, dst []ninjan.Action) []ninjan.Action {
	return g.Game().Legal(seat, dst)
}

// remoteGame is a client's game: its seats' latest views from the host,
// with their actions once sent. The public part (piles, round, phase,
// points) is read from the first seat's view: the host tells this
// machine's seats in seat order over an ordered channel, so that view is
// never older than another of its seats'.
type remoteGame struct {
	*netlobby.Remote[ninjan.Action, ninjan.Event, ninjan.View]
	players int
}

func (g *remoteGame) Seats() int              { return g.players }
func (g *remoteGame) Round() int              { return g.Remote.View().Round }
func (g *remoteGame) Phase() ninjan.Phase     { return g.Remote.View().Phase }
func (g *remoteGame) Resolving() int          { return g.Remote.View().Resolving() }
func (g *remoteGame) Pile(p int) *ninjan.Pile { return &g.Remote.View().Piles[p] }

// View returns one of this machine's seats' view, with its action once
// sent; any other seat (or -1) gets the public part, which holds no hand,
// no throw and no card before its reveal. Either way the machine's sent
// actions count: their seats have chosen, or thrown.
func (g *remoteGame) View(seat int) ninjan.View {
	var v ninjan.View
	if g.own(seat) {
		v = g.Remote.Views[seat]
	} else {
		v = g.public(seat)
	}
	for s := range g.players {
		if g.own(s) && g.Sent[s] {
			sent(&v, s, g.Actions[s])
		}
	}
	return v
}

// own reports whether seat is one of this machine's.
func (g *remoteGame) own(seat int) bool { return seat >= 0 && g.Remote.Seats.Has(seat) }

// public returns what seat (not one of this machine's) may see: the
// first own seat's view without its hand, its throw or its chosen card.
func (g *remoteGame) public(seat int) ninjan.View {
	v := *g.Remote.View()
	v.Seat, v.Hand, v.OwnThrow = seat, 0, rulesets.NoSymbol
	if v.Phase != ninjan.PhaseClaim && v.Phase != ninjan.PhasePlace {
		v.Played = [ninjan.MaxPlayers]ninjan.Card{} // no card is revealed outside the resolution
	}
	return v
}

// sent marks in v that seat sent action a: the whole of it in seat's own
// view (a played card leaves the hand, a throw shows), only that it was
// made in anyone else's.
func sent(v *ninjan.View, seat int, a ninjan.Action) {
	switch a.Kind {
	case ninjan.Play:
		v.Chosen[seat] = true
		if v.Seat == seat {
			v.Played[seat], v.Hand = a.Card, v.Hand.Without(a.Card)
		}
	case ninjan.Throw:
		v.Thrown[seat] = true
		if v.Seat == seat {
			v.OwnThrow = a.Symbol
		}
	}
}

// Legal lists an own seat's actions: none once one is sent, nor while
// its view lags behind the public one (the host's news for the other
// seats may arrive a tick earlier).
func (g *remoteGame) Legal(seat int, dst []ninjan.Action) []ninjan.Action {
	if !g.own(seat) || g.Sent[seat] {
		return dst
	}
	v, pub := &g.Remote.Views[seat], g.Remote.View()
	if v.Round != pub.Round || v.Phase != pub.Phase || v.Next != pub.Next {
		return dst
	}
	return v.Legal(dst)
}

// ToAct lists the seats that owe an action, as far as this machine
// knows, its own not once their actions are sent.
func (g *remoteGame) ToAct(dst []int) []int {
	v := g.View(-1)
	for seat := range g.players {
		owes := false
		switch v.Phase {
		case ninjan.PhasePlay:
			owes = !v.Chosen[seat]
		case ninjan.PhaseClaim, ninjan.PhasePlace:
			owes = seat == v.Resolving() && !(g.own(seat) && g.Sent[seat])
		case ninjan.PhaseDecider:
			owes = v.Contenders&(1<<seat) != 0 && !v.Thrown[seat]
		}
		if owes {
			dst = append(dst, seat)
		}
	}
	return dst
}

func (g *remoteGame) Scores(dst []int) []int {
	for seat := range g.players {
		dst = append(dst, int(g.Remote.View().Points[seat]))
	}
	return dst
}

func (g *remoteGame) Winners(dst []int) []int {
	if g.Remote.View().Phase != ninjan.PhaseOver {
		return dst
	}
	for seat := range g.players {
		if g.Remote.View().Won&(1<<seat) != 0 {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Apply sends the action; the host's answer brings its events.
func (g *remoteGame) Apply(seat int, a ninjan.Action) error { return g.Act(seat, a) }

func (g *remoteGame) Events() []ninjan.Event { return nil }
func (g *remoteGame) ClearEvents()           {}
