package slamtable

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
)

// RulesVersion is the version of Slam's rules a network match checks:
// machines on another version cannot join.
const RulesVersion = "slam/2" // 2: the host deals every flip; the start message has no seed

// netGame is the game's public settings for players seats and the chosen
// options: their rules config and a fresh public seed. The deal's secret
// is not here: the host draws it when the match starts (newNetGame) and
// never sends it.
func netGame(players netplay.SeatSet, chosen []int) []byte {
	cfg := optionsConfig(players.Len(), chosen)
	if err := cfg.Validate(); err != nil {
		return netlobby.GameFailed(err)
	}
	data, err := json.Marshal(netSettings{PublicSeed: rand.Uint64(), Config: cfg})
	if err != nil {
		return netlobby.GameFailed(fmt.Errorf("slamtable: the game's settings: %w", err))
	}
	return data
}

// maxCouchSeats is how many players one machine may bring to a network
// match: its three Slam keyboard zones and a pad, or four pads.
const maxCouchSeats = 4

// netSettings is the public part of the game every machine of a match
// plays: the host's choice, sent with the start. PublicSeed draws only dead
// heats and playoff timeouts; the deck and the flip times are the host's
// Dealer's, and every flip reaches the others as a deal in the host's
// input for its tick.
type netSettings struct {
	PublicSeed uint64      `json:"public_seed"`
	Config     slam.Config `json:"config"`
}

// newNetGame returns the public state every machine plays from set and,
// for the host, the dealer of a fresh secret that never leaves it.
func newNetGame(set netSettings, host bool) (slam.State, *slam.Dealer, error) {
	state, err := slam.NewPublic(set.Config, set.PublicSeed)
	if err != nil || !host {
		return state, nil, err
	}
	var secret [8]byte
	if _, err := crand.Read(secret[:]); err != nil {
		return slam.State{}, nil, fmt.Errorf("slamtable: the deal's secret: %w", err)
	}
	d, err := slam.NewDealer(set.Config, binary.LittleEndian.Uint64(secret[:]))
	if err != nil {
		return slam.State{}, nil, err
	}
	return state, &d, nil
}

// NetTable is the Slam table of a network match: the couch's presses at
// this machine's seats go into a rollback session with the other
// machines, the table draws the session's predicted state, and sounds and
// the results come from settled ticks only. On the host, reflex bots play
// the seats it filled with AI (netlobby.Match.Bots): their presses are the
// host's input for those seats, so every machine plays the same presses
// (and names those seats as bots: Match.AI).
type NetTable struct {
	*Table
	match   netlobby.Match
	sess    *netplay.Session[slam.State, *slam.State]
	peers   []netplay.PeerConfig
	local   netplay.SeatSet
	clock   func() time.Duration
	settled []settledEvent // events of the ticks settled during an Update
	// dealer deals the cards on the host (peer 0) and is nil elsewhere:
	// its deals go into the host's input, one per flip.
	dealer *slam.Dealer

	// shell is the leave prompt and the connection's news every network
	// table shows; Gone when the session cannot go on.
	shell   nettable.Shell
	expires int64 // the session tick the news in passing goes at
	waiting bool  // the machines are still measuring their links before tick 0
}

// settledEvent is an event of a settled tick, with the flip tick of the
// card up after it.
type settledEvent struct {
	e    slam.Event
	flip int64
}

// NewNetTable starts the match m from the network lobby: its peers, the
// host's game settings and its transport, which the table owns from now
// on and closes when it leaves.
func NewNetTable(d *scenes.Director, m netlobby.Match) (*NetTable, error) {
	peers, err := m.Peers(m.HostAddr)
	if err != nil {
		return nil, err
	}
	n, err := m.Players()
	if err != nil {
		return nil, err
	}
	var set netSettings
	if err := json.Unmarshal(m.Game, &set); err != nil {
		return nil, fmt.Errorf("slamtable: the host's game settings: %w", err)
	}
	if set.Config.Players != n {
		return nil, fmt.Errorf("slamtable: the host's game is for %d players, the match has %d", set.Config.Players, n)
	}
	state, dealer, err := newNetGame(set, m.Index == 0)
	if err != nil {
		return nil, fmt.Errorf("slamtable: the host's game settings: %w", err)
	}
	router := input.NewRouter()
	if err := router.SetControls(d.Router().Controls()); err != nil {
		return nil, err
	}
	seating, err := netSeating(router, n, m)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	// The bots draw from the match's secret, zero but on the host, so no
	// other machine can foresee their presses.
	nt := &NetTable{Table: newTableFrom(d, seating, state, set.PublicSeed^m.Secret), match: m, peers: peers, local: m.Seats,
		dealer: dealer, clock: func() time.Duration { return time.Since(start) }}
	nt.remote = rulesets.Audience(1<<n-1) &^ m.Seats.Audience()
	cfg := netplay.Config[slam.State]{
		Room: m.Room, Peers: peers, Self: m.Index,
		// A seat that sits out still flips when it must (dropBot), so the
		// session always hands dropped seats to a bot.
		OnTimeout: netplay.BotSeats, Bot: dropBot(m.OnDrop),
		OnSettled: nt.onSettled,
		// Before the first tick the machines measure their links and the
		// host chooses one input delay for all: a browser relayed through
		// the host needs more than a desktop beside it.
		AdaptDelay: true,
	}
	nt.sess, err = netplay.NewSession[slam.State](cfg, m.Transport, state)
	if err != nil {
		return nil, fmt.Errorf("slamtable: %w", err)
	}
	_, settled := nt.sess.Settled() // the replay holds what this machine settled
	nt.record(settled, set.PublicSeed, nt.header(0, false, recordedBy(m.Index == 0, m.Seats)))
	return nt, nil
}

// netSeating seats the match's n players: humans, by the names their
// machines gave (m.Names), but for the seats the host's bots play (m.AI,
// and m.Bots on the host, which must be its own), which every machine
// names as bots.
func netSeating(router *input.Router, n int, m netlobby.Match) (lobby.Seating, error) {
	if m.Bots&^m.Seats != 0 {
		return lobby.Seating{}, fmt.Errorf("slamtable: bots at %s, not this machine's seats", scenes.SeatList(m.Bots&^m.Seats))
	}
	if mine := m.AI & m.Seats &^ m.Bots; mine != 0 {
		return lobby.Seating{}, fmt.Errorf("slamtable: the host's bots at %s, this machine's seats", scenes.SeatList(mine))
	}
	seating := lobby.Seating{Router: router, Seats: make([]lobby.Seat, n)}
	for seat := range seating.Seats {
		seating.Seats[seat].Kind = lobby.Human
		if (m.Bots | m.AI).Has(seat) {
			seating.Seats[seat] = lobby.Seat{Kind: lobby.Bot, Bot: m.BotLevel}
		} else if seat < len(m.Names) {
			seating.Seats[seat].Name = m.Names[seat] // as its machine named its player in the lobby
		}
	}
	return seating, nil
}

// RunOn has the match run on clock rather than the wall clock: a test's
// host that steps its game tick by tick.
func (nt *NetTable) RunOn(clock func() time.Duration) { nt.clock = clock }

// Session returns the match's rollback session (for tests).
func (nt *NetTable) Session() *netplay.Session[slam.State, *slam.State] { return nt.sess }

// Bind seats a local device at seat (for tests and the first press).
func (nt *NetTable) Bind(seat int, dev input.Device) error {
	if !nt.local.Has(seat) {
		return fmt.Errorf("slamtable: seat %d is played on another machine", seat)
	}
	if nt.isBot[seat] {
		return fmt.Errorf("slamtable: seat %d is a bot's", seat)
	}
	if err := nt.router.Bind(seat, dev); err != nil {
		return err
	}
	nt.seats.Seats[seat].Device = dev
	return nil
}

// onSettled records a settled tick and keeps its events for Update to
// react to (it runs inside the session's Update, which has no scene
// context).
func (nt *NetTable) onSettled(f *rulesets.Frame, s *slam.State) {
	nt.recordTick(f, s)
	for _, e := range s.Events() {
		nt.settled = append(nt.settled, settledEvent{e, s.Card().FlipTick})
	}
}

// Update implements scenes.Scene: one tick of the session, whatever the
// couch does, so the other machines never wait on a menu here.
func (nt *NetTable) Update(ctx *scenes.Context) error {
	t := nt.Table
	t.reduced = ctx.ReducedMotion()
	t.ensureAtlas(ctx.Settings().Palette)
	var frame rulesets.Frame
	t.layTouchAreas()
	f, ok := t.router.Poll(ctx.Source(), nt.sess.Tick())
	var answer nettable.Answer
	if ok {
		answer = nt.shell.Ask(ctx, nt.pauseAsked(f))
	}
	if answer == nettable.Leave {
		nt.leave()
		ctx.Pop(scenes.Backward)
		return nil
	}
	if ok && !nt.shell.Leaving && answer != nettable.Spent { // a tap on Stay is no gesture
		for seat := range t.state.Seats() {
			if nt.local.Has(seat) && !t.isBot[seat] {
				frame.Pressed[seat] = f.Pressed[seat] & (rulesets.Gestures | rulesets.ButtonConfirm)
			}
		}
		nt.seatNewcomers()
	}
	nt.settled = nt.settled[:0]
	if !nt.shell.Gone {
		nt.botsPress(&frame)
		if nt.dealer != nil {
			// The host's input takes effect InputDelay ticks from now: the
			// dealer deals for that tick from the state it sees now.
			frame.Deal = nt.dealer.Deal(nt.sess.State(), nt.sess.Tick()+int64(nt.sess.InputDelay()))
		}
		nt.waiting = nt.sess.Update(nt.clock(), &frame).Waiting
		nt.state = *nt.sess.State()
		for _, ev := range nt.sess.Events() {
			nt.report(ev)
		}
		if nt.sess.Tick() >= nt.expires {
			nt.shell.Passing = ""
		}
	}
	for _, se := range nt.settled {
		t.react(ctx, se.e, se.flip)
	}
	if t.overTick >= 0 && t.state.Tick()-t.overTick >= resultsDelay {
		nt.match.Close()
		ctx.Replace(t.results(), scenes.FadeQuick)
	}
	return nil
}

// leave ends this machine's part in the match and closes its transport.
// Before the game is over it tells the other machines that its players
// left (netplay.Session.Leave), so that theirs drop its seats at once
// rather than wait Timeout on the silence; at the end, the players meet
// again in the network lobby.
func (nt *NetTable) leave() {
	if !nt.shell.Gone && !nt.state.Over() {
		nt.sess.Leave()
	}
	nt.match.Close()
}

// Quit implements scenes.Quitter: the program quits with the table open,
// its window closed; the others hear this machine leave, as from the
// leave prompt.
func (nt *NetTable) Quit() { nt.leave() }

// botsPress adds the presses of this machine's bots to frame (a joiner
// only names the host's). They take effect InputDelay ticks from now, as
// a person's do, so each bot reads its seat's view of the state now with
// the clock moved on to that tick: it presses for the tick its plan
// names, as a bot at a couch table does.
func (nt *NetTable) botsPress(frame *rulesets.Frame) {
	s := nt.sess.State()
	at := nt.sess.Tick() + int64(nt.sess.InputDelay())
	for seat := range s.Seats() {
		if nt.isBot[seat] && nt.local.Has(seat) {
			v := s.View(seat)
			v.Tick = at
			frame.Pressed[seat] |= nt.bots[seat].Press(&v)
		}
	}
}

// seatNewcomers gives an unplayed local seat to the first device that
// presses a gesture and can play Slam.
func (nt *NetTable) seatNewcomers() {
	for _, p := range nt.router.Loose() {
		if p.Buttons&rulesets.Gestures == 0 || !gestureDevice(nt.router, p.Device) {
			continue
		}
		for seat := range nt.state.Seats() {
			if nt.local.Has(seat) && !nt.isBot[seat] && nt.router.Device(seat) == input.NoDevice {
				nt.Bind(seat, p.Device)
				break
			}
		}
	}
}

// gestureDevice reports whether d has the four gestures of Slam.
func gestureDevice(r *input.Router, d input.Device) bool {
	switch d.Kind {
	case input.Pad, input.TouchZone:
		return true
	case input.KeyZone:
		c := r.Controls()
		return c.ZoneButtons(d.Index)&rulesets.Gestures == rulesets.Gestures
	}
	return false
}

// report turns a session event into the notice players see. Once the
// match cannot go on, the reason stays.
func (nt *NetTable) report(ev netplay.Event) {
	if nt.shell.Gone {
		return
	}
	who := nt.peerName(ev.Peer)
	switch ev.Kind {
	case netplay.EventWarning:
		nt.shell.Notice = fmt.Sprintf("%s: no word from their machine. The game waits…", who)
	case netplay.EventResumed:
		nt.shell.Notice = ""
	case netplay.EventTimeout:
		nt.shell.Notice = fmt.Sprintf("%s's machine is gone.", who)
		if ev.Peer == 0 && nt.dealer == nil && nt.sess.Tick() > 0 { // before the start, EventHostLost says it
			// Only the host's dealer knows the deck: no card flips again.
			nt.shell.Gone = true
			nt.shell.Notice = "The host's machine is gone, and only it could deal the cards: the match is over."
		}
	case netplay.EventDropped:
		// The game goes on: the news is told in passing.
		nt.shell.Notice = ""
		if nt.match.OnDrop == netplay.BotSeats {
			nt.say(fmt.Sprintf("%s left: a bot plays for them.", who))
		} else {
			nt.say(fmt.Sprintf("%s left: their seat sits out.", who))
		}
	case netplay.EventDesync:
		nt.shell.Gone = true
		nt.shell.Notice = fmt.Sprintf("Out of step with %s at tick %d (state saved to %s).", who, ev.Tick, ev.Path)
	case netplay.EventDrawnDesync:
		// What this machine drew strayed from the game the peers agree
		// on: the table shows a game that is not the one being played.
		nt.shell.Gone = true
		nt.shell.Notice = fmt.Sprintf("This machine drew tick %d out of step with the game: the match cannot go on.", ev.Tick)
	case netplay.EventFault:
		nt.shell.Gone = true
		nt.shell.Notice = fmt.Sprintf("The match cannot go on: %v.", ev.Err)
	case netplay.EventLeft:
		if ev.Peer == 0 {
			// Only the host's dealer knows the deck: no card flips again.
			nt.shell.Gone = true
			nt.shell.Notice = "The host left the match."
			break
		}
		nt.shell.Notice = ""
		nt.say(fmt.Sprintf("%s left.", who))
	case netplay.EventHostLost:
		nt.shell.Gone = true
		// This machine reached the others only through the host (a
		// browser), or the match had not begun.
		nt.shell.Notice = "The host's machine is gone: the match is over here."
		if nt.sess.Tick() == 0 {
			nt.shell.Notice = "The host's machine is gone before the match began."
		}
	}
}

// say tells news in passing, for noticeTicks.
func (nt *NetTable) say(news string) {
	nt.shell.Passing, nt.expires = news, nt.sess.Tick()+noticeTicks
}

// peerName names a machine by its seats' players: "Ada", "Player 2",
// "Player 3 and Player 4".
func (nt *NetTable) peerName(peer int) string {
	if peer < 0 || peer >= len(nt.peers) {
		return "A player"
	}
	var names []string
	for seat := range rulesets.MaxSeats {
		if nt.peers[peer].Seats.Has(seat) {
			names = append(names, nt.seatName(seat))
		}
	}
	return scenes.AndList(names)
}

// dropBot returns what plays a dropped machine's seats under the host's
// policy p: netBot, or, when they sit out, sitOut, which only flips the
// cards a winner-flips game waits on it to flip.
func dropBot(p netplay.DropPolicy) func(*slam.State, int) netplay.SeatInput {
	if p == netplay.BotSeats {
		return netBot
	}
	return sitOut
}

// sitOut is a seat that sits out: it never races, but when the rules wait
// on it to flip (winner flips: it took the last card) it flips within
// half a second, so the game never stalls on an empty chair.
func sitOut(s *slam.State, seat int) netplay.SeatInput {
	if v := s.View(seat); v.MayFlip && v.Tick%30 == 0 {
		return netplay.SeatInput{Pressed: rulesets.ButtonConfirm}
	}
	return netplay.SeatInput{}
}

// netBot is the bot that plays a dropped machine's seats. Rollback needs
// a pure function of the state, so instead of a bot with a memory it
// plans afresh every tick from a seed of the card (or throw) at hand and
// presses on the one tick its plan says.
func netBot(s *slam.State, seat int) netplay.SeatInput {
	v := s.View(seat)
	if v.MayFlip {
		return sitOut(s, seat)
	}
	from := v.FlipTick
	if v.InPlayoff {
		from = v.PlayoffStart
	}
	b := slam.NewBot(seat, slam.Medium, uint64(from)*0x9e3779b97f4a7c15^uint64(seat+1))
	if pressed := b.Press(&v); pressed != 0 && v.Tick == from+b.Reaction() {
		return netplay.SeatInput{Pressed: pressed}
	}
	return netplay.SeatInput{}
}

// Draw implements scenes.Scene: the table, the connection's quality and
// any news of it.
func (nt *NetTable) Draw(c *scenes.Canvas) {
	nt.Table.Draw(c)
	if nt.atlas == nil {
		return
	}
	sh := nt.shell // a copy: Draw changes nothing
	if nt.waiting && sh.Notice == "" {
		sh.Notice = "Measuring the connection…"
	}
	sh.Draw(c, nt.d.Palette(), nt.connection(), scenes.ScreenWidth-16, netStatsY)
}

// noticeTicks is how long news in passing stays up.
const noticeTicks = 240

// netStatsY is where the connection line ends, right-aligned: below the
// seats, above the photo-finish strip.
const netStatsY = 607

// connection describes the link to every other machine: "Network ·
// Player 2 34 ms · rollbacks 12 (longest 3 ticks)".
func (nt *NetTable) connection() string {
	out := "Network"
	for i := range nt.peers {
		if i == nt.match.Index {
			continue
		}
		p := nt.sess.Peer(i)
		state := fmt.Sprintf("%d ms", p.Ping.Milliseconds())
		switch {
		case p.Dropped:
			state = "gone"
		case p.Warned:
			state = fmt.Sprintf("silent %.1f s", p.Silent.Seconds())
		}
		out += fmt.Sprintf(" · %s %s", nt.peerName(i), state)
	}
	st := nt.sess.Stats()
	return out + fmt.Sprintf(" · rollbacks %d (longest %s)", st.Rollbacks, scenes.Count(st.MaxRollback, "tick"))
}
