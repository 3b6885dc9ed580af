package elevensuitstable

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	es "github.com/jankenarcade/janken/rulesets/elevensuits"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// variantChosen is the host's choice of each of netOptions: six suits,
// Open Casket, guess to win and the memory aid.
var variantChosen = []int{itemSuits: 2, itemOpen: 1, itemTwo: 0, itemAdvanced: 1, itemMemory: 1}

// playVariant plays a two-machine match of variantChosen, its settings
// made by Network().Game as the lobby makes them (with the host's secret
// pinned, so the deal is the same on every run), until the client's table
// has run 90 ticks; it returns the host's and the client's tables.
func playVariant(t *testing.T) (host, client *NetTable) {
	game := Network().Game(netplay.SeatsOf(0, 1), variantChosen)
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}, 17)
	ms := netlobbytest.Matches(n, 99, 5, game, 2)
	hsrc, csrc := new(input.Script), new(input.Script)
	var err error
	dir := t.TempDir()
	hd := netlobbytest.Director(dir, ms[0], n, hsrc, NewNetTable, &host, &err)
	cd := netlobbytest.Director(dir, ms[1], n, csrc, NewNetTable, &client, &err)
	for tick := 0; ; tick++ {
		if err != nil {
			t.Fatal(err)
		}
		if client.Match().Ready() && client.Status().Tick >= 90 {
			return host, client
		}
		if tick == 10000 {
			t.Fatal("the client's table did not run 90 ticks in 10000")
		}
		hsrc.Advance()
		csrc.Advance()
		if err := hd.Update(); err != nil {
			t.Fatal(err)
		}
		if err := cd.Update(); err != nil {
			t.Fatal(err)
		}
		n.Advance(netplay.TickDuration)
	}
}

// TestNetVariant: the variant the host chose is the one dealt on the host
// and told to the client, and both tables show it and mark seen cards.
func TestNetVariant(t *testing.T) {
	host, client := playVariant(t)
	want := es.Config{Players: 2, Suits: 6, OpenCasket: true, Advanced: true, TurnLimit: es.DefaultTurnLimit}
	if got := host.game().Config(); got != want {
		t.Errorf("the host dealt %+v, want %+v", got, want)
	}
	if got := client.Match().View(1).Config; got != want {
		t.Errorf("the client's view says %+v, want %+v", got, want)
	}
	for name, nt := range map[string]*NetTable{"host": host, "client": client} {
		if line := rulesLine(nt.Match().View(-1).Config); line != "6 suits · Open Casket · Guess to win" {
			t.Errorf("the %s's table shows the rules %q", name, line)
		}
		if !nt.table.memory {
			t.Errorf("the %s's table has no memory aid", name)
		}
	}
}

// TestNetLobbyChoosesVariant: the host's keys on Eleven Suits' network
// lobby screen, which opens a room and chooses the options, choose the
// variant the match test plays.
func TestNetLobbyChoosesVariant(t *testing.T) {
	n := netplay.NewMemNetwork(netplay.LinkConfig{}, 3)
	endpoint := func() (netplay.Transport, error) { return n.Endpoint(), nil }
	cfg := Network()
	cfg.Net = &netlobby.Network{Host: endpoint, Join: endpoint, Addresses: func() []string { return []string{"192.168.1.20:7300"} }}
	var l *netlobby.Lobby
	d, src := director(t, func(d *scenes.Director) scenes.Scene { l = netlobby.New(d, cfg); return l })
	// Enter hosts; then down the options: Suits two steps right (6),
	// Open Casket on, 2-Piece Suit left off, Guess to win on, Memory aid on.
	keys := []ebiten.Key{ebiten.KeyEnter, ebiten.KeyDown, ebiten.KeyRight, ebiten.KeyRight, ebiten.KeyDown, ebiten.KeyRight,
		ebiten.KeyDown, ebiten.KeyDown, ebiten.KeyRight, ebiten.KeyDown, ebiten.KeyRight}
	ticks := 0
	scenetest.Until(t, d, 1000, func(tick int) {
		src.Advance()
		n.Advance(netplay.TickDuration)
		if i := tick/4 - 1; tick%4 == 0 && i >= 0 && i < len(keys) {
			src.Do(input.KeyDown(keys[i]))
		} else if tick%4 == 1 && i >= 0 && i < len(keys) {
			src.Do(input.KeyUp(keys[i]))
		}
		ticks = tick + 1
	}, func() bool { return ticks > 4*len(keys)+31 && !d.Transitioning() })
	if got := l.Chosen(); !slices.Equal(got, variantChosen) {
		t.Errorf("the host chose %v, want %v", got, variantChosen)
	}
}

// TestNetRulesConfig: the rules config made of the host's choices deals
// that variant, made playable for the number of players; a choice that
// is not one of the options is refused.
func TestNetRulesConfig(t *testing.T) {
	tests := []struct {
		name    string
		players int
		chosen  []int
		want    es.Config // as dealt
		memory  bool
		wantErr string
	}{
		{"defaults", 2, []int{0, 0, 0, 0, 0}, es.Config{Players: 2, Suits: 7}, false, ""},
		{"defaults for three", 3, []int{0, 0, 0, 0, 0}, es.Config{Players: 3, Suits: 9}, false, ""},
		{"every variant", 2, []int{2, 1, 0, 1, 1}, es.Config{Players: 2, Suits: 6, OpenCasket: true, Advanced: true}, true, ""},
		{"eleven suits", 2, []int{7, 0, 0, 0, 0}, es.Config{Players: 2, Suits: 11}, false, ""},
		{"three need seven suits", 3, []int{1, 0, 0, 0, 0}, es.Config{Players: 3, Suits: 7}, false, ""},
		{"2-Piece plays every suit", 3, []int{4, 0, 1, 0, 0}, es.Config{Players: 3, Suits: 11, TwoPiece: true}, false, ""},
		{"too few choices", 2, []int{0, 0}, es.Config{}, false, "2 options chosen"},
		{"no such value", 2, []int{8, 0, 0, 0, 0}, es.Config{}, false, `"Suits" has no value 8`},
		{"four players", 4, []int{0, 0, 0, 0, 0}, es.Config{}, false, "2 or 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := netRulesConfig(tt.players, tt.chosen)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g, err := newNetGame(tt.players, raw, 1)
			if err != nil {
				t.Fatal(err)
			}
			tt.want.TurnLimit = es.DefaultTurnLimit
			if got := g.Config(); got != tt.want {
				t.Errorf("dealt %+v, want %+v", got, tt.want)
			}
			memory, err := matchMemoryAid([]byte(`{"rules":` + string(raw) + `}`))
			if err != nil || memory != tt.memory {
				t.Errorf("memory aid %v (%v), want %v", memory, err, tt.memory)
			}
		})
	}
}

// TestNewNetGameRefuses: a rules config that is not this game's, or is
// for another number of players, deals nothing.
func TestNewNetGameRefuses(t *testing.T) {
	for _, config := range []string{`{"config":{"suits":7},"speed":3}`, `{"config":{"suits":7,"speed":3}}`,
		`{"config":{"players":3}}`, `{"config":{"suits":`, `{"config":{"suits":4}}`} {
		if g, err := newNetGame(2, json.RawMessage(config), 1); err == nil {
			t.Errorf("%s dealt %+v", config, g.Config())
		}
	}
	if _, err := matchMemoryAid([]byte(`{"rules":[]}`)); err == nil {
		t.Error("settings whose rules are a list were read")
	}
}

// TestNetOptionsAreSetups: the host of a network match chooses among the
// setup screen's variants, and among as many numbers of suits.
func TestNetOptionsAreSetups(t *testing.T) {
	var scr *setup
	director(t, func(d *scenes.Director) scenes.Scene { scr = newSetup(d); return scr })
	opts := Network().Options
	var labels, setup []string
	for i, o := range opts {
		labels = append(labels, o.Label)
		setup = append(setup, scr.menu.Items[i].Label)
	}
	if !slices.Equal(labels, setup) {
		t.Errorf("network options %q, setup screen %q", labels, setup)
	}
	if v := opts[itemSuits].Values; len(v) != 1+maxSuits-minSuits+1 || !strings.HasPrefix(v[1], "5 ") || v[len(v)-1] != "11" {
		t.Errorf("suits %q: want the default, then 5 to 11", v)
	}
}

// TestNetOptionsSayWhatIsDealt: the option line a joiner reads names the
// suits a game deals, for two or three players and with 2-Piece Suit.
func TestNetOptionsSayWhatIsDealt(t *testing.T) {
	opts := Network().Options
	for players := 2; players <= 3; players++ {
		for s, value := range opts[itemSuits].Values {
			for two := range 2 {
				chosen := make([]int, len(opts))
				chosen[itemSuits], chosen[itemTwo] = s, two
				raw, err := netRulesConfig(players, chosen)
				if err != nil {
					t.Fatal(err)
				}
				g, err := newNetGame(players, raw, 1)
				if err != nil {
					t.Fatal(err)
				}
				line := value
				if two == 1 {
					line = opts[itemTwo].Values[1]
				}
				dealt := g.Config().Suits
				if dealt == 0 {
					t.Fatalf("%d players, %q: the config does not say how many suits", players, line)
				}
				// "7 (9 for three)" names both counts it may deal.
				want := strconv.Itoa(dealt)
				if !strings.Contains(line, want) {
					t.Errorf("%d players, %q dealt %d suits", players, line, dealt)
				}
			}
		}
	}
}
