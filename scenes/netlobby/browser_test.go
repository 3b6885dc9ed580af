//go:build !js

package netlobby

import (
	"fmt"
	"image"
	"net/url"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// shootBoth keeps screenshots of d at 1280×720 and at the 960×540 of an
// itch.io embed.
func shootBoth(t *testing.T, d *scenes.Director, name string) *image.RGBA {
	t.Helper()
	scenetest.ShootSize(t, d, name+"-960", 960, 540)
	return scenetest.Shoot(t, d, name)
}

// labels lists a menu's entries.
func labels(m scenes.Menu) string {
	var out []string
	for _, it := range m.Items {
		out = append(out, it.Label)
	}
	return strings.Join(out, "|")
}

// TestServedByHost: a page joins a host only from the desktop game's own
// plain-HTTP address; itch.io's https page and a page on another port
// (the web tool's server) cannot.
func TestServedByHost(t *testing.T) {
	for page, want := range map[string]bool{
		fmt.Sprintf("http://192.168.1.20:%d/", netplay.GamePort):                    true,
		fmt.Sprintf("http://127.0.0.1:%d/index.html", netplay.GamePort):             true,
		fmt.Sprintf("https://192.168.1.20:%d/", netplay.GamePort):                   false,
		"https://html-classic.itch.zone/html/123/index.html":                        false,
		"http://127.0.0.1:8080/":                                                    false,
		fmt.Sprintf("file:///home/ada/janken/index.html?port=%d", netplay.GamePort): false,
	} {
		u, err := url.Parse(page)
		if err != nil {
			t.Fatal(err)
		}
		if got := servedByHost(u); got != want {
			t.Errorf("servedByHost(%s) = %v, want %v", page, got, want)
		}
	}
}

// TestBrowserAwayFromHost: in a browser whose page no desktop host served
// (itch.io), "Play over network" lists no game, since none can be
// played from there, and says how to join a friend's desktop host
// instead; a game's lobby offers no Host, no Join (so no endless
// "Looking…"), only Back, under the same help.
func TestBrowserAwayFromHost(t *testing.T) {
	away := &Network{InBrowser: true}
	games := []Config{slam, slam}
	for i := range games {
		games[i].Net = away
	}
	src := new(input.Script)
	var c *Chooser
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { c = Choose(d, games...); return c }})
	scenetest.Run(t, d, 40, func(int) { src.Advance() })
	if got := labels(c.menu); got != "Back" {
		t.Errorf("the network menu offers %q in a browser away from a host, want Back alone", got)
	}
	img := shootBoth(t, d, "netlobby-browser-away")
	pal := d.Palette()
	if n := countIn(img, image.Rect(leftX, 180, leftX+800, 420), pal.TextDim); n < 500 {
		t.Errorf("the help for a browser is drawn with %d pixels", n)
	}

	var l *Lobby
	d = scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { l = New(d, games[0]); return l }})
	scenetest.Run(t, d, 40, func(int) { src.Advance() })
	if got := labels(l.menu); got != "Back" {
		t.Errorf("the lobby offers %q in a browser away from a host, want Back alone", got)
	}
	shootBoth(t, d, "netlobby-browser-away-lobby")
}

// TestBrowserJoinsPageHost: a browser on a page that a desktop host
// served (here over 127.0.0.1) is offered "Join the host's room", never
// Host or a list of rooms; Join goes straight to the code's field, Esc
// comes back, and the code alone joins the host's room.
func TestBrowserJoinsPageHost(t *testing.T) {
	l := hostsBrowserRoom(t, func(c *Config) { c.MaxPlayers, c.MaxLocalSeats = 4, 3 })
	if got := labels(l.joiner.menu); got != "Join the host's room|Players on this machine|Back" {
		t.Errorf("the browser's first menu is %q", got)
	}
	shootBoth(t, l.jd, "netlobby-browser-host")

	seen := map[mode]bool{}
	steps := []ebiten.Key{ebiten.KeyEnter, ebiten.KeyEscape, ebiten.KeyEnter} // Join, back, Join again
	l.run(300, func(lb *Lobby) ebiten.Key {
		seen[lb.mode] = seen[lb.mode] || lb == l.joiner
		switch {
		case lb != l.joiner:
		case len(steps) > 0:
			k := steps[0]
			steps = steps[1:]
			return k
		case lb.mode == modeType && lb.typed == "":
			l.jsrc.Type(strings.ToLower(l.host.Room().String()))
		case lb.mode == modeType:
			shootBoth(t, l.jd, "netlobby-browser-type")
			return ebiten.KeyEnter
		}
		return 0
	}, func() bool { return l.joiner.mode == modeWaiting && l.joiner.joined.Done })
	if seen[modeJoin] || !seen[modeChoose] || !seen[modeType] {
		t.Errorf("the browser went through modes %v; want the code's field and back, never the list of rooms", seen)
	}
	if got := l.host.players(); got != 2 {
		t.Errorf("the host seats %d players, want its own and the browser's", got)
	}
}

// closeAll closes both lobbies' sockets.
func (l *loopbackLobbies) closeAll() {
	l.host.closeAll()
	l.joiner.closeAll()
}

// TestFirstMenuFitsValues: on the first screen "Players on this machine"
// ends before its value's arrows begin, and the join list starts under
// the line that says discovery is looking, at 1280×720.
func TestFirstMenuFitsValues(t *testing.T) {
	cfg := slam
	disc := netplay.NewMemNetwork(netplay.LinkConfig{}, 1).Endpoint() // hears no room
	cfg.Net = &Network{Host: noSocket, Join: noSocket, Discovery: func() (netplay.Transport, error) { return disc, nil },
		OnThisMachine: &Network{Host: noSocket}}
	src := new(input.Script)
	var l *Lobby
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { l = New(d, cfg); return l }})
	l.menu.Cursor = l.entryAt(entryLocal)
	scenetest.Run(t, d, 40, func(int) { src.Advance() })
	img := shootBoth(t, d, "netlobby-first")
	x, y, w, h, _ := l.menu.ItemRect(l.entryAt(entryLocal))
	// The highlighted entry slides 14 px right; its value's column (the
	// left arrow's click zone first) starts halfway.
	left := int(x + 14 + w/2)
	gap := image.Rect(left-6, int(y+h/4), left+12, int(y+3*h/4))
	if n := gap.Dx()*gap.Dy() - countIn(img, gap, d.Palette().Accent); n > 0 {
		t.Errorf("%d pixels of the label or arrow in the gap before the value's arrow, %v", n, gap)
	}

	l.startJoining()
	scenetest.Run(t, d, 40, func(int) { src.Advance() })
	shootBoth(t, d, "netlobby-looking")
	looking := scenes.TextStyle{Size: 22}
	if _, top, _, _, _ := l.menu.ItemRect(0); top < 220+looking.Size*1.3 {
		t.Errorf("the join list starts at y %v, over the line at 220", top)
	}
}
