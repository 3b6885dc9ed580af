package netlobby

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
)

// slamOptions are the options of the tests' game, as Slam offers them.
var slamOptions = []Option{
	{Label: "Mode", Values: []string{"Classic", "Last One Loses"}},
	{Label: "Flip", Values: []string{"automatic", "winner flips"}},
}

// optionsRoom is a host's lobby and a joiner's on an in-memory network,
// each on its own director driven by a script of keys.
type optionsRoom struct {
	t            *testing.T
	net          *netplay.MemNetwork
	hostSrc      *input.Script
	hostD, joinD *scenes.Director
	host, joiner *Lobby
	calls        [][]int           // the chosen indices each call of Game received
	players      []netplay.SeatSet // and its players
	hostMatch    *Match
	joinMatch    *Match
}

// newOptionsRoom opens the host's room (Enter on "Host a game") and has
// the joiner ask for a seat in it. game is the host's Config.Game.
func newOptionsRoom(t *testing.T, game func(netplay.SeatSet, []int) []byte) *optionsRoom {
	r := &optionsRoom{t: t, net: netplay.NewMemNetwork(netplay.LinkConfig{}, 1), hostSrc: new(input.Script)}
	endpoint := func() (netplay.Transport, error) { return r.net.Endpoint(), nil }
	cfg := Config{Title: "Slam", Rules: "slam/1", MinPlayers: 2, MaxPlayers: 8, LocalSeats: 1, PlayerName: "Ada", SitOut: true,
		Options: slamOptions, Net: &Network{Host: endpoint, Join: endpoint}}
	cfg.Game = func(players netplay.SeatSet, chosen []int) []byte {
		r.calls, r.players = append(r.calls, chosen), append(r.players, players)
		return game(players, chosen)
	}
	hostCfg, joinCfg := cfg, cfg
	hostCfg.Start = func(_ *scenes.Context, m Match) error { r.hostMatch = &m; return nil }
	joinCfg.Start = func(_ *scenes.Context, m Match) error { r.joinMatch = &m; return nil }
	dir := t.TempDir()
	r.hostD = scenes.New(scenes.Options{Source: r.hostSrc, Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { r.host = New(d, hostCfg); return r.host }})
	r.joinD = scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(dir),
		Start: func(d *scenes.Director) scenes.Scene { r.joiner = New(d, joinCfg); return r.joiner }})
	r.run(2) // the directors open their first scenes
	r.press(ebiten.KeyEnter)
	if r.host.mode != modeHost {
		t.Fatalf("the host's lobby is not hosting (%q)", r.host.err)
	}
	r.joiner.joinRoom(destination{r.host.Room(), r.host.HostAddr()})
	r.run(5)
	if len(r.host.host.Joiners()) != 1 {
		t.Fatalf("the joiner was not seated: %+v", r.joiner.joined)
	}
	return r
}

// run runs both machines for ticks ticks.
func (r *optionsRoom) run(ticks int) {
	r.t.Helper()
	for range ticks {
		for _, d := range []*scenes.Director{r.hostD, r.joinD} {
			if err := d.Update(); err != nil {
				r.t.Fatal(err)
			}
		}
		r.net.Advance(netplay.TickDuration)
		r.hostSrc.Advance()
	}
}

// press presses and releases key on the host's machine.
func (r *optionsRoom) press(key ebiten.Key) {
	r.t.Helper()
	r.hostSrc.Do(input.KeyDown(key))
	r.run(1)
	r.hostSrc.Do(input.KeyUp(key))
	r.run(1)
}

// values returns the values the host's menu shows for the options.
func (r *optionsRoom) values() []string {
	var out []string
	for _, it := range r.host.menu.Items[hostOptions : hostOptions+len(slamOptions)] {
		out = append(out, it.Value)
	}
	return out
}

// TestHostOptionsReachGameAndJoiner: the host's menu shows each option
// between Start and the drop policy; Left, Right and Enter cycle its
// values round; the joiner's waiting screen learns each change; Start
// hands the chosen indices to Game, and both machines' Match carries the
// options.
func TestHostOptionsReachGameAndJoiner(t *testing.T) {
	r := newOptionsRoom(t, func(netplay.SeatSet, []int) []byte { return []byte(`{"rules":{"mode":"lol"}}`) })
	var labels []string
	for _, it := range r.host.menu.Items {
		labels = append(labels, it.Label)
	}
	if want := []string{"Start", "Mode", "Flip", "If a friend drops", "Kick Ada", "Close the room"}; !slices.Equal(labels, want) {
		t.Fatalf("host menu %q, want %q", labels, want)
	}
	steps := []struct {
		key  ebiten.Key
		want []string
	}{
		{ebiten.KeyDown, []string{"Classic", "automatic"}},
		{ebiten.KeyRight, []string{"Last One Loses", "automatic"}},
		{ebiten.KeyRight, []string{"Classic", "automatic"}},
		{ebiten.KeyLeft, []string{"Last One Loses", "automatic"}},
		{ebiten.KeyDown, []string{"Last One Loses", "automatic"}},
		{ebiten.KeyEnter, []string{"Last One Loses", "winner flips"}},
	}
	for i, s := range steps {
		r.press(s.key)
		if got := r.values(); !slices.Equal(got, s.want) {
			t.Fatalf("step %d (key %v): options %q, want %q", i, s.key, got, s.want)
		}
	}
	if r.host.mode != modeHost || len(r.calls) != 0 {
		t.Fatalf("cycling an option left the room (mode %d) or called Game %v", r.host.mode, r.calls)
	}
	want := []Chosen{{"Mode", "Last One Loses"}, {"Flip", "winner flips"}}
	if about := r.host.host.About; about != "Mode: Last One Loses · Flip: winner flips" {
		t.Errorf("the room is announced as %q", about)
	}
	r.run(70) // the joiner repeats its hello every second, and hears the change
	if got := r.joiner.JoinedOptions(); !slices.Equal(got, want) {
		t.Errorf("the joiner was told %+v, want %+v", got, want)
	}
	if line := OptionsLine(r.joiner.JoinedOptions()); line != "Mode: Last One Loses · Flip: winner flips" {
		t.Errorf("the joiner's line %q", line)
	}
	r.press(ebiten.KeyUp)
	r.press(ebiten.KeyUp)
	r.press(ebiten.KeyEnter)
	r.run(10)
	if len(r.calls) != 1 || !slices.Equal(r.calls[0], []int{1, 1}) || r.players[0] != netplay.SeatsOf(0, 1) {
		t.Fatalf("Game called with %v for %v, want once with [1 1] for seats 1 and 2", r.calls, r.players)
	}
	if r.hostMatch == nil || r.joinMatch == nil {
		t.Fatalf("started: host %v, joiner %v (%q)", r.hostMatch != nil, r.joinMatch != nil, r.host.err)
	}
	for name, m := range map[string]*Match{"host": r.hostMatch, "joiner": r.joinMatch} {
		if !slices.Equal(m.Options, want) || string(m.Game) != `{"rules":{"mode":"lol"}}` {
			t.Errorf("%s's match: options %+v, game %s", name, m.Options, m.Game)
		}
	}
	if s := r.hostMatch.Secret; s == 0 || r.joinMatch.Secret != 0 || holdsNumber(r.joinMatch.Settings, s) || holdsNumber(r.hostMatch.Settings, s) {
		t.Errorf("the host's secret %d reached the start message %s (the joiner's match holds %d)", s, r.joinMatch.Settings, r.joinMatch.Secret)
	}
}

// holdsNumber reports whether data holds x as decimal digits or as eight
// bytes in either order.
func holdsNumber(data []byte, x uint64) bool {
	le, be := binary.LittleEndian.AppendUint64(nil, x), binary.BigEndian.AppendUint64(nil, x)
	return bytes.Contains(data, strconv.AppendUint(nil, x, 10)) || bytes.Contains(data, le) || bytes.Contains(data, be)
}

// TestGameFailureStartsNothing: a choice of options that makes no game
// is refused on the host's screen with Game's reason, the room stays
// open and the joiner is told nothing; another choice then starts.
func TestGameFailureStartsNothing(t *testing.T) {
	r := newOptionsRoom(t, PublicRules(func(players int, chosen []int) (json.RawMessage, error) {
		if chosen[0] == 1 {
			return nil, errors.New("Last One Loses needs three players")
		}
		return json.RawMessage(`{"mode":"classic"}`), nil
	}))
	r.press(ebiten.KeyDown)
	r.press(ebiten.KeyRight) // Last One Loses
	r.press(ebiten.KeyUp)
	r.press(ebiten.KeyEnter) // Start
	r.run(90)
	if len(r.calls) != 1 || r.hostMatch != nil || r.joinMatch != nil || r.host.mode != modeHost || r.joiner.mode != modeWaiting {
		t.Fatalf("Game calls %v, host started %v, joiner started %v, modes %d %d",
			r.calls, r.hostMatch != nil, r.joinMatch != nil, r.host.mode, r.joiner.mode)
	}
	if want := "Cannot start: Last One Loses needs three players"; r.host.err != want {
		t.Errorf("the host's screen says %q, want %q", r.host.err, want)
	}
	r.press(ebiten.KeyDown)
	r.press(ebiten.KeyLeft) // Classic
	r.press(ebiten.KeyUp)
	r.press(ebiten.KeyEnter)
	r.run(10)
	if r.hostMatch == nil || r.joinMatch == nil || r.host.err != "" {
		t.Fatalf("after a good choice: host started %v, joiner %v, error %q", r.hostMatch != nil, r.joinMatch != nil, r.host.err)
	}
	var set Game
	if err := json.Unmarshal(r.joinMatch.Game, &set); err != nil || string(set.Rules) != `{"mode":"classic"}` {
		t.Errorf("the joiner's game %s (%v)", r.joinMatch.Game, err)
	}
}

// TestPublicRules: the rules config of the chosen options, for the
// match's number of players, is the whole of the public settings — no
// seed rides beside it, so two starts of the same choice send the same
// bytes; a failure becomes the lobby's refusal.
func TestPublicRules(t *testing.T) {
	rules := func(players int, chosen []int) (json.RawMessage, error) {
		switch {
		case chosen[0] < 0:
			return nil, errors.New("no such suit count")
		case chosen[0] == 9:
			return json.RawMessage(`{"suits":`), nil
		}
		return json.Marshal(map[string]int{"players": players, "suits": 5 + chosen[0]})
	}
	tests := []struct {
		name     string
		chosen   []int
		wantGame string
		wantErr  string
	}{
		{"chosen", []int{2}, `{"rules":{"players":3,"suits":7}}`, ""},
		{"refused", []int{-1}, "", "no such suit count"},
		{"not JSON", []int{9}, "", "the game's rules config"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			game := PublicRules(rules)(netplay.SeatsOf(0, 1, 2), tt.chosen)
			err := gameError(game)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || string(game) != tt.wantGame {
				t.Errorf("settings %s (%v), want %s", game, err, tt.wantGame)
			}
		})
	}
}

// TestGameError: only a GameFailed or settings that are not JSON are a
// failure.
func TestGameError(t *testing.T) {
	tests := []struct {
		game []byte
		want string
	}{
		{nil, ""},
		{[]byte(`{"rules":{"suits":7}}`), ""},
		{[]byte(` [1, 2] `), ""},
		{GameFailed(errors.New("too few players")), "too few players"},
		{[]byte(`{"rules":`), "the game's settings are not JSON"},
	}
	for _, tt := range tests {
		got := ""
		if err := gameError(tt.game); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("gameError(%q) = %q, want %q", tt.game, got, tt.want)
		}
	}
}

// TestOptionWraps: Left and Right step an option's value round its list.
func TestOptionWraps(t *testing.T) {
	cfg := Config{Title: "Eleven Suits", MinPlayers: 2, MaxPlayers: 4, Net: &Network{},
		Options: []Option{{Label: "Suits", Values: []string{"5", "7", "11"}}}}
	tests := []struct {
		steps []int
		want  []string // after each step
	}{
		{[]int{1, 1, 1}, []string{"7", "11", "5"}},
		{[]int{-1, -1, 1}, []string{"11", "7", "11"}},
	}
	for _, tt := range tests {
		l := New(nil, cfg)
		for i, step := range tt.steps {
			l.changeOption(0, step)
			if got := chosenOptions(cfg.Options, l.Chosen())[0].Value; got != tt.want[i] {
				t.Errorf("steps %v: after %d, %q; want %q", tt.steps, i+1, got, tt.want[i])
			}
		}
	}
}
