// Package netlobby is the screen where friends on one network find each
// other for a game: one machine hosts (its screen shows the room's
// four-letter code and the machine's addresses), the others pick a room
// found on the LAN and type the code its host's screen shows, or type the
// code and the host's address if discovery cannot reach it; on a touch
// screen, which raises no keyboard for the game, they tap it on the
// lobby's own keypad. The handshake checks the protocol version,
// the rules version and the room code; the host seats each joiner on the
// seats its couch left open, next to its own couch seats.
//
// The host's LAN announcement tells what a player needs to pick a room
// (its host, game, open seats and options) and never its code; every
// other packet is sealed (package
// netplay/secure) under keys agreed with each peer and bound to the room's
// code, on UDP and on a browser's WebSocket alike: a machine that does not
// know the code can neither join nor read nor forge a packet of the room
// or its match. A joiner whose room says nothing for a few seconds (a code
// typed wrong, most likely) is told so.
//
// The host may kick a joiner before the start (its lobby is told) and,
// in games that offer bots (Config.Bots), fill empty seats with AI that
// its own table plays. "Host on this machine only" (Network.OnThisMachine)
// hosts on 127.0.0.1 and announces nothing to the LAN, for trying network
// play with the game's other windows. Network errors are told in plain
// words (plain).
//
// A browser can neither host nor hear announcements (Network.InBrowser),
// and the screens offer neither: a page that a desktop host served (over
// plain HTTP on netplay.GamePort) joins that host's room by its code
// alone, and any other page (itch.io's) lists no game and says how to
// reach a friend's host instead.
//
// The title's "Play over network" opens Choose, the menu of the games
// that can be played over the network; each table package offers its
// lobby Config (slamtable.Network, thatsminetable.Network, …).
//
// When the host starts, every machine's Start receives a Match: its
// transport, its peer index, the peer list, the game's public settings
// (Config.Game: its variant) and what becomes of a dropped machine's seats,
// from which the game's table builds its netplay session. The host's Match
// alone also carries the match's Secret, drawn from crypto/rand: the deal
// and every other secret of a hidden-hand game follow from it, and it
// never leaves the host. Slam runs a
// rollback netplay.Session; the hidden-hand games run on package
// nettable's Side (the host's netplay.Host or a client's views of its
// seats), through the card-table runner (package cardtable):
//
//	ctx.Push(netlobby.New(d, netlobby.Config{
//		Title: "Slam", Rules: "slam/1", MinPlayers: 2, MaxPlayers: 8, LocalSeats: 1,
//		Options: []netlobby.Option{{Label: "Mode", Values: []string{"Classic", "Last One Loses"}}},
//		Game:  func(players netplay.SeatSet, chosen []int) []byte { … the mode (public: every joiner is told it) … },
//		Start: netlobby.Replace(NewNetTable), // func(*scenes.Director, Match) (*NetTable, error)
//	}), scenes.Forward)
package netlobby

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// Config describes the game a network lobby gathers players for.
type Config struct {
	Title      string // as on screen: "Slam"
	Rules      string // the rules version both sides must run: "slam/1"
	MinPlayers int
	MaxPlayers int
	// LocalSeats is how many seats this machine's couch fills at first
	// (at least one); a host offers the rest to joiners.
	LocalSeats int
	// MaxLocalSeats, if above LocalSeats, lets the players choose on the
	// first screen how many of them play on this machine, from one up to
	// it (and fewer than MaxPlayers): the couch's seats sit beside the
	// remote ones, and the game's table gives them to the first devices
	// pressed.
	MaxLocalSeats int
	// PlayerName names this machine's players to the others.
	PlayerName string
	// WebBuild, if set on the desktop, is the web build (index.html, the
	// game's .wasm, wasm_exec.js): the host then also serves it over HTTP
	// on its address, so friends without the desktop game join from a
	// browser by opening http://<address>/.
	WebBuild fs.FS
	// Net opens the sockets; nil means the real network (UDP on
	// netplay.GamePort and netplay.DiscoveryPort, announcing to the LAN
	// broadcast address).
	Net *Network
	// Blurb describes the game on the network menu (Choose).
	Blurb string
	// Options are the game's settings the host chooses on its lobby
	// screen; joiners see the host's choice from the moment they join.
	Options []Option
	// Game, if set, returns the game's public settings as JSON (its
	// mode, its variant) when the host starts a match of players seats:
	// every machine's Match carries them, so every table plays the same
	// variant. Every joiner is told them, so they must hold no secret of
	// the host's (a hidden-hand game deals from Match.Secret instead).
	// Game receives the chosen value index of each option (len(Options)
	// ints). If the choice makes no game, Game returns GameFailed: the
	// host's lobby shows why and starts nothing.
	Game func(players netplay.SeatSet, chosen []int) []byte
	// SitOut is set when the game can go on without a dropped machine's
	// seats (Slam): the host then chooses between that and a bot. In the
	// other games a bot always takes over.
	SitOut bool
	// Rejoins is set when the game's match takes back a machine that
	// comes back from a new address (a hidden-hand table: package
	// nettable): a browser whose page reloads then asks for its seats
	// again as it starts (Resume), and a table whose link to the host is
	// lost asks again at once (Match.Reconnect).
	Rejoins bool
	// Bots lists the AI levels the host may seat on empty seats, weakest
	// first; empty offers none. The host's table plays them (the game's
	// bot names, as the couch lobby's Config.Bots).
	Bots []string
	// Start is called on every machine when the host starts the match; it
	// owns m.Transport unless it fails, when the lobby closes it and shows
	// the error.
	Start func(ctx *scenes.Context, m Match) error
}

// Network is where the lobby's sockets come from. Tests use loopback.
type Network struct {
	// Host opens the host's transport; Join a joiner's; Discovery the
	// transport that hears announcements. They open plain sockets: the
	// lobby seals the host's and a joiner's with the room's code.
	Host, Join, Discovery func() (netplay.Transport, error)
	// AnnounceTo is where the host announces its room.
	AnnounceTo []netip.AddrPort
	// Addresses lists this machine's addresses to show players.
	Addresses func() []string
	// JoinsPageHost is set in the browser: Join reaches the host that
	// served the page, so a room code alone is enough.
	JoinsPageHost bool
	// InBrowser is set in the browser, which can neither host nor hear
	// the LAN's announcements (Host and Discovery are nil): the screens
	// say what a browser can do instead. Join is nil too unless the page
	// came from a desktop host (PageHost), whose room it joins.
	InBrowser bool
	// PageHost is the address of the desktop host that served the page,
	// in the browser.
	PageHost string
	// OnThisMachine, if set, is where "Host on this machine only" hosts:
	// on loopback, announcing to this machine alone, for trying network
	// play with the game's other windows without telling the LAN.
	OnThisMachine *Network
}

// network returns the network the lobby of cfg plays on: cfg.Net, or
// this machine's real one.
func (cfg Config) network() *Network {
	if cfg.Net != nil {
		return cfg.Net
	}
	return lanNetwork(cfg.WebBuild)
}

// offers reports whether this machine can play over n at all: host or
// join.
func (n *Network) offers() bool { return n.Host != nil || n.Join != nil }

// Match is what a machine starts the game with.
type Match struct {
	// Transport is sealed with the room's code: the lobby's *secure.Conn,
	// which a host's match reads through LobbyHost.Handoff's transport
	// and a joiner's through its Join's (netplay.Kept).
	Transport netplay.Transport
	Room      netplay.RoomCode
	Host      bool
	Index     int             // this machine's peer index; the host is 0
	Seats     netplay.SeatSet // this machine's seats
	Joiners   []netplay.Joiner
	Settings  []byte         // what the host told every joiner at the start
	HostAddr  netip.AddrPort // where a joiner reached the host
	// Game is the host's Config.Game for the match, the same on every
	// machine.
	Game []byte
	// Secret is the match's secret on the host, zero on a joiner: a
	// hidden-hand game's deal, its bots' seeds and every later deal
	// follow from it one way. It is never sent.
	Secret uint64
	// Options are the options the host chose, in Config.Options order;
	// on a joiner, only those its own game has (knownOptions).
	Options []Chosen
	// Names name the seats, on every machine, as their machines' players
	// named themselves in the lobby (Config.PlayerName): "" for a seat
	// no name was given for (a bot's, or a machine's with the default
	// name), which the tables call "Player N". See seatNames.
	Names []string
	// OnDrop is what the host chose for the seats of a machine that goes
	// silent for good.
	OnDrop netplay.DropPolicy
	// Bots are the host's seats (of Seats) that its bots play; none on a
	// joiner.
	Bots netplay.SeatSet
	// AI are the seats the host's bots play, on every machine (a joiner's
	// table names them), at BotLevel, one of Config.Bots.
	AI       netplay.SeatSet
	BotLevel string
	// Onlookers is set when the players of other seats watch this
	// machine's screen (phones at the couch, package phoneplay): its
	// table shows a hand only while its player holds Peek.
	Onlookers bool
	// Couch, on a host whose joiners are the phones at its couch (package
	// phoneplay), is who plays each seat, in the game's order: the couch's
	// players each on their own device (Couch.Router has them bound), the
	// bots each at its own level, the phones' players by name. Nil in a
	// network match, whose couch shares one set of keys.
	Couch *lobby.Seating
	// Reconnect, on a joiner of a game that takes machines back
	// (Config.Rejoins), returns the lobby that asks the host for this
	// machine's seats again on a new connection, with their ticket, and
	// starts the game again with them: for a table whose link to the host
	// was lost. It hands the new match carried as its Carried. Nil on the
	// host and in other games.
	Reconnect func(d *scenes.Director, carried any) scenes.Scene
	// Carried is what the table that lost its link handed the match that
	// takes it up again (Reconnect): its replay so far, which the new
	// table goes on recording, and its game log. After a page's reload
	// (Resume), it is the Draft the page kept, if any. Nil for a match
	// joined afresh. The lobby reads it only to keep it as a Draft while
	// it asks (Drafter).
	Carried any
}

// mode is what the screen is doing.
type mode uint8

const (
	modeChoose  mode = iota // host or join?
	modeHost                // hosting: the room is open
	modeJoin                // looking for rooms
	modeType                // typing a room code (and address)
	modeWaiting             // joined; waiting for the host to start
	modeStarted             // the match has begun; the game takes over
)

// Lobby is the network lobby scene.
type Lobby struct {
	d        *scenes.Director
	cfg      Config
	others   []Config // the network's games, Choose's: a room of one of them is named by its title
	backdrop *scenes.Backdrop
	menu     scenes.Menu
	entries  []entry // what each entry of the first menu does
	mode     mode
	err      string
	errLines []string // err wrapped to the panel, kept to draw again
	local    int      // how many seats this machine's couch plays
	chosen   []int    // the value index of each of cfg.Options

	// Hosting.
	tr    netplay.Transport
	room  netplay.RoomCode
	host  *roomHost // netplay.LobbyHost, on the desktop
	addrs []string
	web   bool            // browsers can join at the host's address
	here  bool            // hosting on this machine only
	ai    netplay.SeatSet // empty seats the host's bots fill
	level int             // the AI level added next, an index in cfg.Bots
	drop  netplay.DropPolicy

	// Joining.
	disc    netplay.Transport
	finder  func(now time.Duration) []netplay.Room // the rooms announced on disc
	rooms   []netplay.Room
	picked  netplay.Room // the listed room whose code is typed, if any
	typed   string
	lit     int   // the keypad's key tapped last (see drawKeypad)
	litAt   int64 // the tick it was tapped on
	join    *netplay.Join
	joined  netplay.JoinResult
	target  destination
	asked   time.Duration  // when the join began, by l.clock
	told    []Chosen       // the options the host has set, as it told us
	ticket  netplay.Ticket // the seats' ticket, once welcomed (see Resume)
	resumed bool           // coming back to a room or match (Resume, Match.Reconnect)
	carried any            // Match.Carried of the match it comes back to (Match.Reconnect)
	noted   bool           // the room and the ticket are noted (keepRejoin)
	heard   []byte         // the welcome's settings told is read from

	// awake keeps a browser's pump of the join (pumpIfStopped) and the
	// game loop apart.
	awake scenes.Awake
}

// New returns the network lobby for cfg.
func New(d *scenes.Director, cfg Config) *Lobby {
	cfg.Net = cfg.network()
	cfg.LocalSeats = max(1, cfg.LocalSeats)
	cfg.MaxLocalSeats = max(cfg.LocalSeats, min(cfg.MaxLocalSeats, cfg.MaxPlayers-1))
	if cfg.PlayerName == "" {
		cfg.PlayerName = defaultName
	}
	l := &Lobby{d: d, cfg: cfg, backdrop: scenes.NewBackdrop(), drop: netplay.BotSeats, local: cfg.LocalSeats,
		chosen: make([]int, len(cfg.Options)), level: len(cfg.Bots) / 2}
	l.menu = scenes.Menu{X: leftX, Y: menuY, MaxHeight: menuH}
	l.choose()
	return l
}

// Name implements scenes.Scene.
func (l *Lobby) Name() string { return "netlobby" }

// Cursor implements scenes.Cursored.
func (l *Lobby) Cursor() int { return l.menu.Cursor }

// Room returns the hosted room's code (zero unless hosting).
func (l *Lobby) Room() netplay.RoomCode { return l.room }

// HostAddr returns the hosting transport's address (invalid unless
// hosting).
func (l *Lobby) HostAddr() netip.AddrPort {
	if l.tr == nil {
		return netip.AddrPort{}
	}
	return l.tr.LocalAddr()
}

// Joiners returns the machines seated in the room this lobby hosts
// (none unless hosting).
func (l *Lobby) Joiners() []netplay.Joiner {
	if l.host == nil {
		return nil
	}
	return l.host.Joiners()
}

// LocalSeats returns how many seats this machine's couch plays.
func (l *Lobby) LocalSeats() int { return l.local }

func (l *Lobby) choose() {
	l.mode, l.menu.Y, l.menu.MaxHeight, l.menu.Width = modeChoose, menuY, menuH, chooseMenuW
	l.menu.Items, l.entries = l.menu.Items[:0], l.entries[:0]
	net := l.cfg.Net
	if net.Host != nil {
		l.offer(entryHost, scenes.MenuItem{Label: "Host a game"})
	}
	if net.Join != nil {
		label := "Join a game"
		if net.JoinsPageHost {
			label = "Join the host's room"
		}
		l.offer(entryJoin, scenes.MenuItem{Label: label})
	}
	if l.choosesLocal() && net.offers() {
		l.offer(entryLocal, l.localItem())
	}
	if net.OnThisMachine != nil {
		l.offer(entryHere, scenes.MenuItem{Label: "Host on this machine only"})
	}
	l.offer(entryBack, scenes.MenuItem{Label: "Back"})
	l.menu.Cursor = 0
	if net.InBrowser && !net.offers() {
		l.menu.Y = browserMenuY // under the help
	}
}

// entry is what an entry of the first menu does: the menu offers only
// what this machine's network can do (a browser cannot host).
type entry uint8

const (
	entryHost  entry = iota // Host a game
	entryJoin               // Join a game
	entryLocal              // how many players this machine brings
	entryHere               // Host on this machine only
	entryBack
)

// offer appends entry e, shown as item, to the first menu.
func (l *Lobby) offer(e entry, item scenes.MenuItem) {
	l.menu.Items, l.entries = append(l.menu.Items, item), append(l.entries, e)
}

// entryAt returns the index of entry e in the first menu, or -1 when the
// menu does not offer it.
func (l *Lobby) entryAt(e entry) int { return slices.Index(l.entries, e) }

// choosesLocal reports whether the first menu sets how many players this
// machine brings.
func (l *Lobby) choosesLocal() bool { return l.cfg.MaxLocalSeats > 1 }

func (l *Lobby) localItem() scenes.MenuItem {
	return scenes.MenuItem{Label: "Players on this machine", Value: fmt.Sprint(l.local)}
}

// changeLocal steps the couch's seat count by delta, wrapping around
// between one and the most the game allows.
func (l *Lobby) changeLocal(delta int) {
	n := l.cfg.MaxLocalSeats
	l.local = (l.local-1+delta+n)%n + 1
	if i := l.entryAt(entryLocal); i >= 0 {
		l.menu.Items[i] = l.localItem()
	}
}

// now is the lobby's clock for the handshake's resends: ticks, as game
// time always is.
func now(ctx *scenes.Context) time.Duration { return time.Duration(ctx.Tick()) * netplay.TickDuration }

// Update implements scenes.Scene.
func (l *Lobby) Update(ctx *scenes.Context) error {
	l.awake.Lock()
	defer l.awake.Unlock()
	l.backdrop.Update(ctx.ReducedMotion())
	switch l.mode {
	case modeChoose:
		l.updateChoose(ctx)
	case modeHost:
		l.updateHost(ctx)
	case modeJoin:
		l.updateJoin(ctx)
	case modeType:
		l.updateType(ctx)
	case modeWaiting:
		l.updateWaiting(ctx)
	}
	return nil
}

func (l *Lobby) updateChoose(ctx *scenes.Context) {
	ev := l.menu.Update(ctx)
	if ev.Action == scenes.MenuBack {
		ctx.Pop(scenes.Backward)
		return
	}
	if ev.Index < 0 || ev.Index >= len(l.entries) {
		return
	}
	switch e := l.entries[ev.Index]; {
	case e == entryLocal && ev.Action == scenes.MenuDecrease:
		l.changeLocal(-1)
	case e == entryLocal && (ev.Action == scenes.MenuIncrease || ev.Action == scenes.MenuActivate):
		l.changeLocal(1)
	case ev.Action != scenes.MenuActivate:
	case e == entryBack:
		ctx.Pop(scenes.Backward)
	case e == entryHost:
		l.startHosting(l.cfg.Net)
	case e == entryJoin:
		l.startJoining()
	case e == entryHere:
		l.startHosting(l.cfg.Net.OnThisMachine)
	}
}

func (l *Lobby) players() int {
	n := l.local + l.ai.Len()
	for _, j := range l.host.Joiners() {
		n += j.Seats.Len()
	}
	return n
}

// tallMenu reports whether the host's menu may grow past two entries
// (options, AI entries, a Kick entry for each of several joiners): it
// then starts under the room code, scrolling when long, and the
// addresses go under the seats.
func (l *Lobby) tallMenu() bool {
	return len(l.cfg.Options) > 0 || len(l.cfg.Bots) > 0 || l.cfg.MaxPlayers > 2
}

// hostOptions is the host menu's first option entry, after Start.
const hostOptions = 1

// hostItems appends the host's menu: Start, the game's options, what
// becomes of a dropped friend's seats (when the game lets them sit out),
// an entry to kick each joiner and Close.
func (l *Lobby) hostItems(items []scenes.MenuItem) []scenes.MenuItem {
	ready := l.players() >= l.cfg.MinPlayers
	start := scenes.MenuItem{Label: "Start", Disabled: !ready}
	if !ready {
		start.Label = fmt.Sprintf("Start (needs %d players)", l.cfg.MinPlayers)
	}
	items = append(items, start)
	for i, o := range l.cfg.Options {
		items = append(items, scenes.MenuItem{Label: o.Label, Value: o.Values[l.chosen[i]]})
	}
	if l.cfg.SitOut {
		dropped := "A bot plays" // short enough to fit between the arrows
		if l.drop == netplay.DropSeats {
			dropped = "Seat sits out"
		}
		items = append(items, scenes.MenuItem{Label: "If a friend drops", Value: dropped})
	}
	for _, j := range l.host.Joiners() {
		items = append(items, scenes.MenuItem{Label: "Kick " + j.Name})
	}
	if len(l.cfg.Bots) > 0 {
		full := l.players() >= l.cfg.MaxPlayers
		items = append(items, scenes.MenuItem{Label: "Add AI", Value: l.cfg.Bots[l.level], Disabled: full},
			scenes.MenuItem{Label: "Remove AI", Disabled: l.ai == 0})
	}
	return append(items, scenes.MenuItem{Label: "Close the room"})
}

// addAI is the host menu's "Add AI" entry ("Remove AI" follows it), or
// -1 when the game offers no AI.
func (l *Lobby) addAI() int {
	if len(l.cfg.Bots) == 0 {
		return -1
	}
	return l.firstKick() + len(l.host.Joiners())
}

// firstKick is the host menu's entry that kicks the first joiner, after
// the options and the choice for dropped seats.
func (l *Lobby) firstKick() int {
	i := hostOptions + len(l.cfg.Options)
	if l.cfg.SitOut {
		i++
	}
	return i
}

// changeOption steps option i's value by delta, wrapping round. Joiners
// hear of it when they next repeat their hello (every second).
func (l *Lobby) changeOption(i, delta int) {
	n := len(l.cfg.Options[i].Values)
	l.chosen[i] = (l.chosen[i] + delta + n) % n
	if l.host != nil {
		l.host.About = OptionsLine(chosenOptions(l.cfg.Options, l.chosen))
	}
}

// Chosen returns the value index of each of the game's options, as the
// host has set them.
func (l *Lobby) Chosen() []int { return slices.Clone(l.chosen) }

// begin hands the match to the game.
func (l *Lobby) begin(ctx *scenes.Context, m Match) {
	l.mode = modeStarted
	if l.cfg.Start == nil {
		return
	}
	if err := l.cfg.Start(ctx, m); err != nil {
		m.Transport.Close()
		l.choose()
		l.err = fmt.Sprintf("Cannot start: %v", err)
	}
}

func localSeats(n int) netplay.SeatSet {
	var s netplay.SeatSet
	for seat := range n {
		s |= netplay.SeatsOf(seat)
	}
	return s
}

// startJoining opens the list of the rooms LAN discovery hears or, on a
// network without discovery (a browser's), the room code's field.
func (l *Lobby) startJoining() {
	if l.cfg.Net.Discovery == nil {
		l.typeCode(netplay.Room{})
		return
	}
	l.startLooking()
}

// startLooking listens for announced rooms.
func (l *Lobby) startLooking() {
	l.rooms, l.finder, l.err = nil, nil, ""
	if l.cfg.Net.Discovery != nil {
		disc, err := l.cfg.Net.Discovery()
		if err != nil {
			l.err = plain("No LAN discovery", err) + " Type the room code and address."
		} else {
			l.disc, l.finder = disc, roomFinder(disc)
		}
	}
	l.mode, l.menu.Width = modeJoin, menuW
	l.menu.Cursor, l.menu.Y = 0, joinMenuY
}

// otherGame says why a room whose host runs rules, not this lobby's,
// cannot be joined from here: the title of the network game it is (to be
// chosen from the games' menu), another version of this game, or a game
// this build does not have. The rules' own text, a stranger's, is not
// shown.
func (l *Lobby) otherGame(rules string) string {
	if i := slices.IndexFunc(l.others, func(g Config) bool { return g.Rules == rules }); i >= 0 {
		return l.others[i].Title
	}
	game, _, _ := strings.Cut(rules, "/")
	if mine, _, _ := strings.Cut(l.cfg.Rules, "/"); game == mine {
		return "another version"
	}
	return "another game"
}

func (l *Lobby) updateJoin(ctx *scenes.Context) {
	if l.finder != nil {
		l.rooms = l.finder(now(ctx))
	}
	items := make([]scenes.MenuItem, 0, len(l.rooms)+2)
	for _, r := range l.rooms {
		label := fmt.Sprintf("%s  (%d open)", r.Host, r.Open)
		if r.Rules != l.cfg.Rules {
			label += " · " + l.otherGame(r.Rules)
		}
		items = append(items, scenes.MenuItem{Label: label, Disabled: r.Rules != l.cfg.Rules || r.Open < l.local})
	}
	typeItem := "Not listed? Type code and address…"
	if l.cfg.Net.JoinsPageHost {
		typeItem = "Type the room code…"
	}
	items = append(items, scenes.MenuItem{Label: typeItem}, scenes.MenuItem{Label: "Back"})
	l.menu.Items = items
	ev := l.menu.Update(ctx)
	n := len(l.rooms)
	switch {
	case ev.Action == scenes.MenuBack || ev.Action == scenes.MenuActivate && ev.Index == n+1:
		l.closeAll()
		l.choose()
	case ev.Action == scenes.MenuActivate && ev.Index == n:
		l.typeCode(netplay.Room{})
	case ev.Action == scenes.MenuActivate && ev.Index < n:
		l.typeCode(l.rooms[ev.Index]) // its code is on its host's screen
	}
}

// joinRoom sends the hello to a room.
func (l *Lobby) joinRoom(r destination) {
	raw, err := l.cfg.Net.Join()
	if err != nil {
		l.err = plain("Cannot join", err)
		return
	}
	if h, ok := raw.(interface{ Host() netip.AddrPort }); ok && !r.addr.IsValid() {
		r.addr = h.Host() // the page's own host, in the browser
	}
	// From here on only the room's code, as typed, lets packets through.
	tr, err := l.seal(raw, r.code)
	if err != nil {
		raw.Close()
		l.err = plain("Cannot join", err)
		return
	}
	l.tr, l.target, l.err, l.told, l.heard, l.asked = tr, r, "", nil, nil, l.clock()
	if !l.resumed {
		l.ticket = netplay.Ticket{} // a new join
	}
	l.noted = false
	join := netplay.NewJoin(tr, r.addr, r.code, l.cfg.Rules, l.local, l.cfg.PlayerName, l.ticket)
	l.join, l.joined, l.mode = join, netplay.JoinResult{}, modeWaiting
	scenes.KeepAwake(func() bool { return l.pumpIfStopped(join) })
}

// pumpIfStopped pumps join (netplay.Join.Pump) if the game loop has not
// updated the lobby since the last call, and reports whether join is
// still the lobby's. A browser stops the game loop of a hidden tab, so
// that a player who glances at another tab while waiting for the start
// would have the host let their machine go after a few seconds: the
// browser build calls it from a goroutine of its own (scenes.KeepAwake).
// The start the host sends meanwhile waits for the game loop.
func (l *Lobby) pumpIfStopped(join *netplay.Join) bool {
	return l.awake.Pump(func(stopped bool) bool {
		if l.join != join {
			return false
		}
		if stopped {
			join.Pump()
		}
		return true
	})
}

func (l *Lobby) updateWaiting(ctx *scenes.Context) {
	l.joined = l.join.Update(now(ctx))
	l.hearOptions()
	if l.joined.Done && !l.noted {
		l.ticket, l.noted = l.joined.Ticket, true
		l.keepRejoin()
	}
	var why string // what to tell the player on leaving
	switch {
	case l.joined.Refused == netplay.Kicked:
		why = "The host removed you from the room."
	case l.joined.Refused == netplay.RoomClosed:
		why = "The host closed the room."
	case l.joined.Refused != "" && l.resumed:
		why = "Could not go back to the match: " + l.joined.Refused
	case l.joined.Refused != "":
		why = "The host said no: " + l.joined.Refused
	case !l.joined.Done && l.clock()-l.asked >= answerWait && l.resumed:
		why = "Could not go back to the match: the host's machine does not answer."
	case !l.joined.Done && l.clock()-l.asked >= answerWait:
		why = noAnswer(l.tr, l.target)
	case l.join.Unanswered(now(ctx)) >= hostSilence:
		why = "The host's machine stopped answering."
	}
	if nav := ctx.Nav(); nav.Back || nav.Click && ctx.TouchOnly() && l.onLeave(nav.PointerX, nav.PointerY) || why != "" {
		forgetNote() // the player left, or the room is not to be had back
		l.ticket, l.resumed = netplay.Ticket{}, false
		l.closeAll()
		l.startJoining()
		l.err = cmp.Or(why, l.err) // or startLooking's news of discovery
		return
	}
	if l.joined.Started {
		m := Match{Transport: l.join.Transport(), Room: l.target.code, Index: l.joined.Index, Seats: l.joined.Seats,
			Settings: l.joined.Settings, HostAddr: l.target.addr, Reconnect: l.reconnect(), Carried: l.carried}
		if err := m.readSettings(l.cfg.Options); err != nil {
			l.closeAll()
			l.startJoining()
			l.err = err.Error()
			return
		}
		l.tr = nil
		l.closeAll()
		l.begin(ctx, m)
	}
}

// leaveTap is the waiting screen's way out on a touch-only device.
const leaveTap = "Tap here to leave"

// leaveY returns where the waiting screen's way out is: below the
// host's options once they are heard.
func (l *Lobby) leaveY() float64 {
	if len(l.told) > 0 {
		return 300
	}
	return 250
}

// onLeave reports whether (x, y) taps the waiting screen's way out: its
// line, widened to a finger's size (scenes.TouchTarget).
func (l *Lobby) onLeave(x, y float64) bool {
	w := scenes.TextWidth(leaveTap, scenes.TextStyle{Size: 22})
	top := l.leaveY() + 11 - scenes.TouchTarget/2
	return x >= leftX-20 && x < leftX+w+20 && y >= top && y < top+scenes.TouchTarget
}

// hearOptions reads the options the host has set from its latest
// welcome, when it changed. Options that cannot be read are not shown:
// the start's settings, checked, are what count.
func (l *Lobby) hearOptions() {
	if !l.joined.Done || l.joined.Started || bytes.Equal(l.joined.Settings, l.heard) {
		return
	}
	l.heard = l.joined.Settings
	var s settingsJSON
	if json.Unmarshal(l.heard, &s) == nil {
		l.told = knownOptions(l.cfg.Options, s.Options)
	}
}

// JoinedOptions returns the options of the room joined, as its host has
// set them so far.
func (l *Lobby) JoinedOptions() []Chosen { return l.told }

// closeAll releases the sockets the lobby still owns; a host still in its
// room tells its joiners that it closed it.
func (l *Lobby) closeAll() {
	if l.host != nil {
		l.host.CloseRoom()
	}
	for _, tr := range []netplay.Transport{l.tr, l.disc} {
		if tr != nil {
			tr.Close()
		}
	}
	l.tr, l.disc, l.host, l.join, l.room, l.ai = nil, nil, nil, nil, 0, 0
}

// Leave implements scenes.Leaver: the lobby closes its sockets (a started
// match has taken its transport already).
func (l *Lobby) Leave(ctx *scenes.Context) {
	l.awake.Lock()
	defer l.awake.Unlock()
	l.closeAll()
}

// Quit implements scenes.Quitter: the window closes with the lobby open,
// which leaves the room as Leave does, its joiners told.
func (l *Lobby) Quit() {
	l.awake.Lock()
	defer l.awake.Unlock()
	l.closeAll()
}

// answerWait is how long a joiner asks a room before it tells the player
// that no answer came.
const answerWait = 5 * time.Second

// hostSilence is how long a joiner waiting in a room asks its host
// without an answer before it tells the player that the host is gone. It
// is longer than answerWait: a joiner in a room may wait there for many
// minutes, and a lossy link's run of lost answers must not end the wait.
const hostSilence = 10 * time.Second

// clock is game time, in ticks, for the sealed transport's handshake
// resends: the director's, which outlives the lobby.
func (l *Lobby) clock() time.Duration { return time.Duration(l.d.Tick()) * netplay.TickDuration }

// noAnswer is what a joiner is told when the room it asks says nothing:
// when not even the handshake completed, most likely its code was typed
// wrong (a host never answers a handshake under another code).
func noAnswer(tr netplay.Transport, r destination) string {
	if unsealed(tr, r.addr) {
		return fmt.Sprintf("No answer from room %v at %v — check the room code.", r.code, r.addr)
	}
	return fmt.Sprintf("No answer from room %v at %v.", r.code, r.addr)
}
