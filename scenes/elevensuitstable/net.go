package elevensuitstable

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// match is what the table needs of the game: the whole game (*es.State)
// on the couch, the host's game through netplay.Host on a network host,
// and its seats' views of it on a network client.
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
// seat or, chosen in the lobby, two of three passing the keys behind a
// curtain; the host runs the game and every other machine sees only what
// its seats may: the backs of every card, each own seat's hand's faces
// and the cards it has seen.
func Network() netlobby.Config {
	return netlobby.Config{
		Title: "Eleven Suits", Rules: RulesVersion, MinPlayers: 2, MaxPlayers: es.MaxPlayers, LocalSeats: 1, MaxLocalSeats: es.MaxPlayers - 1,
		Blurb:   "The host's machine deals and judges; every other machine is told only its own hand's faces and the cards it has seen.",
		Options: netOptions,
		Game:    netlobby.SeededRules(netRulesConfig),
		Start:   netlobby.Replace(NewNetTable),
	}
}

// netRules is Eleven Suits as a hidden-hand network game; the variant
// the host chose travels as the rules config (netSettings).
var netRules = netlobby.Rules[*es.State, es.Action, es.Event, es.View]{
	New:          newNetGame,
	View:         (*es.State).View,
	Audience:     func(e es.Event) rulesets.Audience { return e.Audience },
	DecodeAction: es.Definition().DecodeAction,
	ViewOf:       func(v *es.View) (int, int) { return v.Seat, v.Config.Players },
}

// NetTable is the Eleven Suits table of a network match. On the host it
// runs the game under a netplay.Host; on a client it sends its seats'
// actions, animates the events the host sends and draws the view of the
// seat the privacy gate shows, and builds its table once every seat's
// first view arrives.
type NetTable struct {
	*Table // nil on a client until the host's first view
	*netlobby.Play[*es.State, es.Action, es.Event, es.View]
}

// NewNetTable starts the match m from the network lobby; the table owns
// m.Transport from now on.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	memory, err := matchMemoryAid(m.Game)
	if err != nil {
		return nil, err
	}
	nt := &NetTable{}
	p, err := netlobby.OpenPlay(d, m, netRules, func(side *netlobby.Side[*es.State, es.Action, es.Event, es.View]) (netlobby.Seated[es.Event], error) {
		return nt.seat(d, side, memory)
	})
	if err != nil {
		return nil, err
	}
	nt.Play = p
	nt.LineX, nt.LineY = 960, 712 // left of the log
	return nt, nil
}

// seat builds the table proper, of the whole game on the host and of the
// seats' views on a client, marking the cards a seat has seen if the host
// turned the memory aid on.
func (nt *NetTable) seat(d *scenes.Director, side *netlobby.Side[*es.State, es.Action, es.Event, es.View], memory bool) (netlobby.Seated[es.Event], error) {
	var g match = &remoteGame{side.Remote, side.Players}
	var state *es.State
	if h := side.Hosted; h != nil {
		g, state = &hostedGame{h}, h.Game()
	}
	t, err := newTable(d, Options{Rules: g.Config(), MemoryAid: memory, Seating: side.Seating(), Seed: side.Seed}, g, state)
	if err != nil {
		return nil, err
	}
	t.networked = true
	nt.Table = t
	return t, nil
}

// Name implements scenes.Scene.
func (nt *NetTable) Name() string { return "elevensuits" }

// Update implements scenes.Scene.
func (nt *NetTable) Update(ctx *scenes.Context) error { return nt.Play.Update(ctx) }

// Draw implements scenes.Scene.
func (nt *NetTable) Draw(c *scenes.Canvas) { nt.Play.Draw(c) }

// Show animates the network's events (netlobby.Seated).
func (t *Table) Show(_ *scenes.Context, evs []es.Event) { t.schedule(evs) }

// Refused shows why the host refused this seat's action.
func (t *Table) Refused(reason string) { t.err, t.errAt = "The host refused: "+reason, t.tick }

// TakeOver gives the seat of a machine gone for good to a bot.
func (t *Table) TakeOver(seat int) error {
	bot, err := es.NewBot("medium", seat, rulesets.DeriveSeed(t.opts.Seed, "bot", seat))
	if err != nil {
		return err
	}
	t.bots[seat] = bot
	t.opts.Seating.Seats[seat] = lobby.Seat{Kind: lobby.Bot, Bot: "medium"}
	t.addLog(fmt.Sprintf("%s left: a bot plays for them.", privacy.SeatName(seat)))
	return nil
}

// Ended reports whether the results have replaced the table.
func (t *Table) Ended() bool { return t.ended }

// MenuClicked reports a click on the table's menu: it has none, Esc asks.
func (t *Table) MenuClicked(*scenes.Nav) bool { return false }

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

// remoteGame is a client's game: its seats' latest views from the host.
// Each of its seats answers from its own view, so one couch player's hand
// and memory never show as another's; any other seat, and the spectator,
// get only what is public. An action, once sent, shows when the host's
// events bring it.
type remoteGame struct {
	*netlobby.Remote[es.Action, es.Event, es.View]
	players int
}

func (g *remoteGame) Seats() int        { return g.players }
func (g *remoteGame) Config() es.Config { return g.Remote.View().Config }
func (g *remoteGame) Phase() es.Phase   { return g.Remote.View().Phase }
func (g *remoteGame) Over() bool        { return g.Remote.View().Phase == es.PhaseOver }

// View returns the view of one of this machine's seats; any other seat
// gets the spectator's part of the first seat's view.
func (g *remoteGame) View(seat int) es.View {
	if g.Remote.Seats.Has(seat) {
		return g.Views[seat]
	}
	return publicView(g.Remote.View(), seat)
}

// publicView returns the part of v that everyone may see, as seat's: the
// faces that are up to everyone, the suits on the backs, who has seen
// which card; not the cards v's seat has seen nor its throw.
func publicView(v *es.View, seat int) es.View {
	pub := *v
	pub.Seat, pub.OwnThrow = seat, rulesets.NoSymbol
	hide := func(sl *es.Slot, public bool) {
		if !public {
			sl.Card, sl.Up = es.NoCard, false
		}
	}
	for p := range pub.Config.Players {
		for i := range pub.Hand(p) {
			hide(&pub.Hands[p][i], false)
		}
		for i := range pub.Grave(p) {
			hide(&pub.Graves[p][i], pub.Config.OpenCasket)
		}
	}
	for i := range pub.DeckSlots() {
		hide(&pub.Deck[i], false)
	}
	for i := range pub.RemovedSlots() {
		hide(&pub.Removed[i], false)
	}
	hide(&pub.Attack, false)
	return pub
}

// ToAct lists the seats that owe an action, as far as this machine
// knows: each of its own seats as its own view says, until its action is
// sent (its view may come a moment after another seat's), the others as
// the first seat's view says.
func (g *remoteGame) ToAct(dst []int) []int {
	for seat := range g.players {
		v := g.Remote.View()
		if g.Remote.Seats.Has(seat) {
			if g.Sent[seat] {
				continue
			}
			v = &g.Views[seat]
		}
		if owes(v, seat) {
			dst = append(dst, seat)
		}
	}
	return dst
}

// owes reports whether v says seat owes an action.
func owes(v *es.View, seat int) bool {
	switch v.Phase {
	case es.PhaseOpening:
		return v.Contenders[seat] && !v.Thrown[seat]
	case es.PhaseAttack, es.PhaseNaming:
		return seat == v.Attacker
	case es.PhaseDefend, es.PhasePenalty:
		return seat == v.Target
	}
	return false
}

// Scores lists each seat's lives, as the game counts them.
func (g *remoteGame) Scores(dst []int) []int {
	for seat := range g.players {
		lives := es.GraveLimit - g.Remote.View().GraveLen[seat]
		if g.Remote.View().Out[seat] {
			lives = 0
		}
		dst = append(dst, lives)
	}
	return dst
}

func (g *remoteGame) Winners(dst []int) []int {
	for seat := range g.players {
		if g.Remote.View().Won[seat] {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Apply sends the action; the host's answer brings its events.
func (g *remoteGame) Apply(seat int, a es.Action) error { return g.Act(seat, a) }

func (g *remoteGame) Events() []es.Event { return nil }
func (g *remoteGame) ClearEvents()       {}
