//go:build !js

package nettable_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/nettable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// twin is one card game's twin test: two hosts whose deals, from
// secrets[0] and secrets[1], differ only in cards the client's seat may
// not see (found by searching secrets for deals whose client view is the
// same; the test checks that premise on the hosts' real games).
type twin struct {
	name      string
	network   func() netlobby.Config
	hostSeats int // the host's couch seats; the client plays the next one
	secrets   [2]uint64
	// dealt returns the hash of the host's whole game, and of the game the
	// ruleset deals from seed (its New: to test whether any number the
	// client holds rebuilds the deal).
	dealt  func(host scenes.Scene) (uint64, bool)
	dealOf func(players int, seed uint64) uint64
	// memory returns what the client's table holds: every view it can
	// give (its seat's, the public ones) as JSON, and its log.
	memory func(client scenes.Scene) (views, log []byte, ok bool)
	// runOn runs a network table's match on clock; close leaves it.
	runOn func(table scenes.Scene, clock func() time.Duration) bool
	close func(table scenes.Scene)
}

// twinOf builds the twin of a game with state G, view V, action A and
// event E.
func twinOf[G interface {
	rulesets.Game[A, E]
	Hash() uint64
}, V any, A comparable, E any](name string, network func() netlobby.Config, hostSeats int, secrets [2]uint64,
	deal func(players int, seed uint64) (G, error)) twin {
	type matched interface {
		Match() cardtable.Match[V, A, E]
		Status() *cardtable.Status
	}
	return twin{name: name, network: network, hostSeats: hostSeats, secrets: secrets,
		dealt: func(host scenes.Scene) (uint64, bool) {
			t, ok := host.(matched)
			if !ok {
				return 0, false
			}
			n, ok := t.Match().(interface {
				Hosted() *nettable.Hosted[G, A, E]
			})
			if !ok || n.Hosted() == nil {
				return 0, false
			}
			return n.Hosted().Game().Hash(), true
		},
		dealOf: func(players int, seed uint64) uint64 {
			g, err := deal(players, seed)
			if err != nil {
				return 0
			}
			return g.Hash()
		},
		runOn: func(table scenes.Scene, clock func() time.Duration) bool {
			t, ok := table.(matched)
			if !ok {
				return false
			}
			n, ok := t.Match().(interface{ RunOn(func() time.Duration) })
			if ok {
				n.RunOn(clock)
			}
			return ok
		},
		close: func(table scenes.Scene) {
			if t, ok := table.(matched); ok {
				if n, ok := t.Match().(interface{ Close() }); ok {
					n.Close()
				}
			}
		},
		memory: func(client scenes.Scene) (views, log []byte, ok bool) {
			t, ok := client.(matched)
			if !ok || !t.Match().Ready() {
				return nil, nil, false
			}
			m := t.Match()
			var out []byte
			for seat := -1; seat < m.Seats(); seat++ {
				v, err := json.Marshal(m.View(seat))
				if err != nil {
					panic(err) // a view is plain data
				}
				out = append(append(out, v...), '\n')
			}
			return out, []byte(strings.Join(t.Status().Lines(), "\n")), true
		},
	}
}

// twins are the card games' twins. Each pair of secrets deals games whose
// client seat (the seat after the host's couch) sees the same cards.
var twins = []twin{
	twinOf[*tm.State, tm.View, tm.Action, tm.Event]("thatsmine", thatsminetable.Network, 2, [2]uint64{7651, 12195},
		func(players int, seed uint64) (*tm.State, error) { return tm.New(tm.Config{Players: players}, seed) }),
	twinOf[*ninjan.State, ninjan.View, ninjan.Action, ninjan.Event]("ninjan", ninjantable.Network, 1, [2]uint64{1257585, 3384814},
		func(players int, seed uint64) (*ninjan.State, error) {
			return ninjan.New(ninjan.Config{Players: players}, seed)
		}),
	twinOf[*es.State, es.View, es.Action, es.Event]("elevensuits", elevensuitstable.Network, 1, [2]uint64{25879, 94390},
		func(players int, seed uint64) (*es.State, error) { return es.Definition().New(players, nil, seed) }),
}

// TestAttack_ClientMemoryCannotRebuildDeal is the twin test: for each card
// game, two hosts on real sockets on 127.0.0.1 start a match through the
// network lobby (the joiner types the room code and address) and deal
// from secrets whose deals differ only in cards the client may not see.
// The client plays its seat; the host's players do not act, so no hidden
// card is revealed. A client that reads every byte it receives must learn
// nothing of the deal: its start message, every state of the views its
// table holds and its log are the same bytes under both hosts, and no number anywhere in what it
// received — the start message, every datagram, every view — is the
// secret or a seed that deals the host's game, directly or through the
// deal's derivation.
func TestAttack_ClientMemoryCannotRebuildDeal(t *testing.T) {
	for _, tw := range twins {
		t.Run(tw.name, func(t *testing.T) {
			var runs [2]twinRun
			for i, secret := range tw.secrets {
				runs[i] = playTwin(t, tw, secret)
			}
			if runs[0].deal == runs[1].deal {
				t.Fatalf("the twins' hosts dealt the same game: the secrets %v make no twins", tw.secrets)
			}
			if !bytes.Equal(runs[0].start, runs[1].start) {
				t.Errorf("the client's start messages differ:\n%s\n%s", runs[0].start, runs[1].start)
			}
			if !bytes.Equal(runs[0].log, runs[1].log) {
				t.Errorf("the client's logs differ:\n%s\n%s", runs[0].log, runs[1].log)
			}
			if len(runs[0].views) != len(runs[1].views) {
				t.Errorf("the client's table went through %d and %d states", len(runs[0].views), len(runs[1].views))
			}
			for i := range min(len(runs[0].views), len(runs[1].views)) {
				if !bytes.Equal(runs[0].views[i], runs[1].views[i]) {
					t.Errorf("the client's table state %d differs between the twins:\n%s\n%s", i, runs[0].views[i], runs[1].views[i])
					break
				}
			}
			for i, r := range runs {
				if x, ok := rebuilds(tw, r); ok {
					t.Errorf("twin %d: the number %d in the client's memory deals the host's game (secret %d)", i, x, tw.secrets[i])
				}
			}
		})
	}
}

// twinRun is what one twin's match left: the host's deal, and the
// client's memory.
type twinRun struct {
	deal      uint64   // the hash of the host's game as dealt
	players   int      // seats in the match
	secret    uint64   // the host's secret
	start     []byte   // the start message, the client's own address masked
	views     [][]byte // each state of the client's table's views, in order
	log       []byte   // and its log at the end
	datagrams [][]byte // every datagram the client's socket received
}

// rebuilds reports a number in r's client memory that is the host's
// secret or a seed the game's New deals the host's game from (as it is or
// as the deal's seed derived from it).
func rebuilds(tw twin, r twinRun) (uint64, bool) {
	seen := map[uint64]bool{}
	for _, data := range append(append([][]byte{r.start, r.log}, r.views...), r.datagrams...) {
		for _, x := range numbersIn(data) {
			if seen[x] {
				continue
			}
			seen[x] = true
			if x == r.secret || tw.dealOf(r.players, x) == r.deal || tw.dealOf(r.players, rulesets.DeriveSeed(x, "deal", -1)) == r.deal {
				return x, true
			}
		}
	}
	return 0, false
}

// numbersIn returns every number data could hold a seed as: each run of
// decimal digits, and every eight bytes in either order.
func numbersIn(data []byte) []uint64 {
	var out []uint64
	for i := 0; i < len(data); {
		j := i
		for j < len(data) && data[j] >= '0' && data[j] <= '9' {
			j++
		}
		if j > i {
			if x, err := strconv.ParseUint(string(data[i:j]), 10, 64); err == nil {
				out = append(out, x)
			}
			i = j
			continue
		}
		i++
	}
	for i := 0; i+8 <= len(data); i++ {
		out = append(out, binary.LittleEndian.Uint64(data[i:]), binary.BigEndian.Uint64(data[i:]))
	}
	return out
}

// recorder is a transport that keeps a copy of every datagram received.
type recorder struct {
	netplay.Transport
	mu   sync.Mutex
	got  [][]byte
	addr netip.AddrPort
}

func (r *recorder) Receive(buf []byte) (int, netip.AddrPort, bool) {
	n, from, ok := r.Transport.Receive(buf)
	if ok {
		r.mu.Lock()
		r.got = append(r.got, bytes.Clone(buf[:n]))
		r.mu.Unlock()
	}
	return n, from, ok
}

// loopback opens a UDP transport on 127.0.0.1, on a port of the system's
// choosing: never the game's real port, never the broadcast address.
func loopback() (netplay.Transport, error) { return netplay.ListenUDP("127.0.0.1:0") }

// keyboard presses a queue of keys on a machine, one tick each, lifting
// each on the next tick.
type keyboard struct {
	src   *input.Script
	queue []ebiten.Key
	held  ebiten.Key
}

// step presses or lifts a key for this tick.
func (k *keyboard) step() {
	switch {
	case k.held != 0:
		k.src.Do(input.KeyUp(k.held))
		k.held = 0
	case len(k.queue) > 0:
		k.held, k.queue = k.queue[0], k.queue[1:]
		k.src.Do(input.KeyDown(k.held))
		k.src.Type(typedBy(k.held))
	}
}

// typedBy is what key types in the lobby's code field: the character
// typing chose it for, or nothing.
func typedBy(key ebiten.Key) string {
	name := key.String()
	switch {
	case len(name) == 1:
		return name
	case strings.HasPrefix(name, "Digit"):
		return name[len("Digit"):]
	case name == "Period":
		return "."
	case name == "Semicolon":
		return ":"
	}
	return ""
}

// typing returns the keys that type s in the lobby's code field.
func typing(t *testing.T, s string) []ebiten.Key {
	var keys []ebiten.Key
	for _, c := range s {
		name := string(c)
		switch {
		case c >= '0' && c <= '9':
			name = "Digit" + name
		case c == '.':
			name = "Period"
		case c == ':':
			name = "Semicolon"
		}
		var k ebiten.Key
		if err := k.UnmarshalText([]byte(name)); err != nil {
			t.Fatalf("no key types %q: %v", c, err)
		}
		keys = append(keys, k)
	}
	return keys
}

// machine is one director of a twin's match and its keyboard.
type machine struct {
	d    *scenes.Director
	keys keyboard
}

func (m *machine) tick(t *testing.T) {
	t.Helper()
	m.keys.step()
	if err := m.d.Update(); err != nil {
		t.Fatalf("the director returned %v", err)
	}
	m.keys.src.Advance()
}

// twinTicks is how long the client plays after the tables open.
const twinTicks = 240

// playTwin plays one twin: the host's lobby hosts on 127.0.0.1, the
// joiner's types its code and address and joins, the host starts with
// secret, and the client's table plays twinTicks ticks, its player
// pressing Enter now and then.
func playTwin(t *testing.T, tw twin, secret uint64) twinRun {
	t.Helper()
	rec := &recorder{}
	var clock time.Duration // both tables' network time, stepped here
	var run twinRun
	run.secret = secret
	hostCfg, joinCfg := tw.network(), tw.network()
	hostCfg.Net = &netlobby.Network{Host: loopback}
	joinCfg.Net = &netlobby.Network{Join: func() (netplay.Transport, error) {
		tr, err := loopback()
		rec.Transport, rec.addr = tr, tr.LocalAddr()
		return rec, err
	}}
	hostCfg.LocalSeats = tw.hostSeats
	hostStart, joinStart := hostCfg.Start, joinCfg.Start
	started := 0
	hostCfg.Start = func(ctx *scenes.Context, m netlobby.Match) error {
		m.Secret = secret // the lobby drew one from crypto/rand; the twin pins it
		started++
		return hostStart(ctx, m)
	}
	joinCfg.Start = func(ctx *scenes.Context, m netlobby.Match) error {
		run.start = bytes.ReplaceAll(bytes.Clone(m.Settings), []byte(rec.addr.String()), []byte("<client>"))
		started++
		return joinStart(ctx, m)
	}
	dir := t.TempDir()
	var hostLobby, joinLobby *netlobby.Lobby
	host := &machine{keys: keyboard{src: new(input.Script), queue: []ebiten.Key{ebiten.KeyEnter}}} // "Host a game"
	host.d = scenes.New(scenes.Options{Source: host.keys.src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { hostLobby = netlobby.New(d, hostCfg); return hostLobby }})
	// The joiner's network only joins, without discovery: its menu
	// offers "Join a game", which opens the code's field.
	join := &machine{keys: keyboard{src: new(input.Script), queue: []ebiten.Key{ebiten.KeyEnter}}}
	join.d = scenes.New(scenes.Options{Source: join.keys.src, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { joinLobby = netlobby.New(d, joinCfg); return joinLobby }})
	step := func() {
		host.tick(t)
		join.tick(t)
		clock += netplay.TickDuration
		time.Sleep(time.Millisecond) // let the loopback deliver; no result depends on it
	}
	typed := false
	for tick := 0; started < 2; tick++ {
		if tick > 3000 {
			t.Fatalf("the match did not start (started %d)", started)
		}
		if !typed && hostLobby.Room() != 0 && len(join.keys.queue) == 0 && join.keys.held == 0 && tick > 10 {
			addr := fmt.Sprintf("%v127.0.0.1:%d", hostLobby.Room(), hostLobby.HostAddr().Port())
			join.keys.queue = append(typing(t, addr), ebiten.KeyEnter)
			typed = true
		}
		if typed && len(join.keys.queue) == 0 && tick%20 == 0 && host.keys.held == 0 {
			host.keys.queue = append(host.keys.queue, ebiten.KeyEnter) // "Start", once the friend is in
		}
		step()
	}
	hostTable, clientTable := host.d.Top(), join.d.Top()
	for _, table := range []scenes.Scene{hostTable, clientTable} {
		if !tw.runOn(table, func() time.Duration { return clock }) {
			t.Fatalf("scene %q is no network table", table.Name())
		}
		defer tw.close(table)
	}
	var ok bool
	if run.deal, ok = tw.dealt(hostTable); !ok {
		t.Fatalf("the host's top scene %q holds no hosted game", hostTable.Name())
	}
	run.players = tw.hostSeats + 1
	var last []byte
	for tick := range twinTicks {
		if tick%30 == 29 {
			join.keys.queue = append(join.keys.queue, ebiten.KeyEnter) // the client's player takes what it is offered
		}
		step()
		if views, log, ok := tw.memory(clientTable); ok {
			if !bytes.Equal(views, last) {
				run.views, last = append(run.views, views), views
			}
			run.log = log
		}
	}
	if len(run.views) == 0 {
		t.Fatal("the client's table never heard from the host")
	}
	rec.mu.Lock()
	run.datagrams = rec.got
	rec.mu.Unlock()
	return run
}
