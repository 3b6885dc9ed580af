//go:build !js

package netlobby

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// A phone held sideways, in CSS pixels (an iPhone 14's screen).
const phoneW, phoneH = 844, 390

// keyIndex returns the index of the key labelled label in keys.
func keyIndex(t *testing.T, keys []padKey, label string) int {
	t.Helper()
	for i, k := range keys {
		if k.label == label {
			return i
		}
	}
	t.Fatalf("no key %q on the keypad", label)
	return -1
}

// TestKeypadLayout: each keypad has a key for every letter of a room code
// (and the address's digits, '.' and ':'), Back, Delete and Join; every
// key is at least 44 CSS pixels each way on a phone held sideways, inside
// the panel, and no two keys' hit areas overlap.
func TestKeypadLayout(t *testing.T) {
	const css = float64(phoneH) / scenes.ScreenHeight
	for _, tc := range []struct {
		name  string
		keys  []padKey
		chars string
	}{
		{"code", codePad, netplay.RoomLetters},
		{"address", addressPad, netplay.RoomLetters + "0123456789.:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, label := range append(strings.Split(tc.chars, ""), "Back", "Delete", "Join") {
				keyIndex(t, tc.keys, label)
			}
			if want := len(tc.chars) + 3; len(tc.keys) != want {
				t.Errorf("%d keys, want %d", len(tc.keys), want)
			}
			for i, k := range tc.keys {
				if css*k.w < 44 || css*k.h < 44 {
					t.Errorf("key %q is %.1f×%.1f CSS px, want ≥ 44", k.label, css*k.w, css*k.h)
				}
				if k.x < panelX || k.y < panelY || k.x+k.w > panelX+panelW || k.y+k.h > panelY+panelH {
					t.Errorf("key %q at %v,%v %v×%v leaves the panel", k.label, k.x, k.y, k.w, k.h)
				}
				for _, o := range tc.keys[i+1:] {
					if k.x < o.x+o.w && o.x < k.x+k.w && k.y < o.y+o.h && o.y < k.y+k.h {
						t.Errorf("keys %q and %q overlap", k.label, o.label)
					}
				}
			}
		})
	}
}

// phoneTaps taps what a joiner's finger reaches for, one tap every other
// tick (down, then up), on the joiner's side of loopbackLobbies.run.
type phoneTaps struct {
	l    *loopbackLobbies
	down bool
}

// tap puts a finger down at the logical point (x, y) on this tick, or
// lifts it if it was down; it reports whether the finger was free.
func (p *phoneTaps) tap(x, y float64) bool {
	if p.down {
		p.l.jsrc.Do(input.TouchUp(1))
		p.down = false
		return false
	}
	sx, sy := p.l.jd.ToScreen(x, y)
	p.l.jsrc.Do(input.TouchDown(1, sx, sy))
	p.down = true
	return true
}

// typeKeys taps the keys of the joiner's keypad labelled by labels in
// turn, one a tap, until done.
func (p *phoneTaps) typeKeys(limit int, labels []string, done func() bool) {
	p.l.t.Helper()
	p.l.run(limit, func(lb *Lobby) ebiten.Key {
		if lb != p.l.joiner || len(labels) == 0 && !p.down {
			return 0
		}
		if p.down {
			p.tap(0, 0)
			return 0
		}
		keys := lb.keypad()
		k := keys[keyIndex(p.l.t, keys, labels[0])]
		p.tap(k.x+k.w/2, k.y+k.h/2)
		labels = labels[1:]
		return 0
	}, done)
}

// letters splits s into one-character labels.
func letters(s string) []string { return strings.Split(s, "") }

// hostsBrowserRoom opens a desktop host and a browser on the page it
// served, over 127.0.0.1, both lobbies' Config changed by tune (nil:
// none), and the host hosts a room.
func hostsBrowserRoom(t *testing.T, tune func(*Config)) *loopbackLobbies {
	l := &loopbackLobbies{t: t, tune: tune}
	site := fstest.MapFS{"index.html": {Data: []byte("<title>Janken Arcade</title>")}}
	hostNet := &Network{Host: func() (netplay.Transport, error) { return listenHost("127.0.0.1:0", site) }}
	phoneNet := &Network{InBrowser: true, JoinsPageHost: true, PageHost: fmt.Sprintf("127.0.0.1:%d", netplay.GamePort),
		Join: func() (netplay.Transport, error) {
			return netplay.DialWebSocket(context.Background(), fmt.Sprintf("ws://%v/netplay", l.host.HostAddr()))
		}}
	l.open("slam/1", hostNet, phoneNet)
	l.hosts()
	return l
}

// hosts has the host's lobby host a room, and closes both lobbies'
// sockets when the test ends.
func (l *loopbackLobbies) hosts() {
	l.t.Helper()
	l.t.Cleanup(l.closeAll)
	l.run(120, func(lb *Lobby) ebiten.Key {
		if lb == l.host && lb.mode == modeChoose {
			return ebiten.KeyEnter // Host a game
		}
		return 0
	}, func() bool { return l.host.mode == modeHost })
}

// TestPhoneJoinsByKeypad: a phone held sideways opened the page of a
// desktop host and joins its room by taps alone: "Join the host's room",
// then the keypad. Join on three letters says to type four; a wrong code
// gets no answer and the existing error, shown over the keypad; Back goes
// to the first menu; the right code, tapped, joins.
func TestPhoneJoinsByKeypad(t *testing.T) {
	l := hostsBrowserRoom(t, nil)
	l.jd.Layout(phoneW, phoneH)
	p := &phoneTaps{l: l}
	join := func() {
		t.Helper()
		x, y, w, h, _ := l.joiner.menu.ItemRect(l.joiner.entryAt(entryJoin))
		l.run(60, func(lb *Lobby) ebiten.Key {
			if lb == l.joiner && (p.down || lb.mode == modeChoose) {
				p.tap(x+w/2, y+h/2)
			}
			return 0
		}, func() bool { return l.joiner.mode == modeType && !p.down })
	}
	join()
	if !l.jd.TouchOnly() {
		t.Fatal("the phone is not touch-only")
	}
	code := l.host.Room().String()
	wrong := (l.host.Room() + 1).String() // another room's code
	if l.host.Room()+1 == 0 || !(l.host.Room() + 1).Valid() {
		wrong = netplay.RoomCode(1).String()
	}

	p.typeKeys(20, append(letters(wrong[:3]), "Join"), func() bool { return l.joiner.err != "" && !p.down })
	if l.joiner.mode != modeType || l.joiner.err != "Type the room's four letters." {
		t.Errorf("Join on three letters: mode %v, %q", l.joiner.mode, l.joiner.err)
	}
	p.typeKeys(20, append(letters(wrong[3:]), "Join"), func() bool { return l.joiner.mode == modeWaiting && !p.down })
	if l.joiner.target.code.String() != wrong {
		t.Fatalf("the phone asked room %v, want the code tapped, %v", l.joiner.target.code, wrong)
	}
	l.run(int(answerWait/netplay.TickDuration)+60, func(*Lobby) ebiten.Key { return 0 },
		func() bool { return l.joiner.mode != modeWaiting })
	if l.joiner.mode != modeType || !strings.Contains(l.joiner.err, "check the room code") {
		t.Fatalf("after a wrong code the phone shows mode %v, %q; want the keypad telling to check the code", l.joiner.mode, l.joiner.err)
	}
	var errAt, keysAt float64 // where the error and the first key are drawn
	l.jd.RecordText(func(line string, _, y float64) {
		switch {
		case strings.Contains(line, "check the room code"):
			errAt = y
		case line == codePad[0].label && keysAt == 0:
			keysAt = y
		}
	})
	scenetest.ShootSize(t, l.jd, "netlobby-keypad-phone", phoneW, phoneH)
	l.jd.RecordText(nil)
	if errAt == 0 || keysAt == 0 || errAt+errLineH > codePad[0].y {
		t.Errorf("the error is drawn at y %v and the keypad's first key at %v, want the error above the keypad (from %v)", errAt, keysAt, codePad[0].y)
	}
	scenetest.Shoot(t, l.jd, "netlobby-keypad")

	p.typeKeys(20, []string{"Back"}, func() bool { return l.joiner.mode == modeChoose && !p.down })
	join()
	p.typeKeys(40, append(letters(code), "Join"), func() bool { return l.joiner.mode == modeWaiting && l.joiner.joined.Done })
	if got := l.host.players(); got != 2 {
		t.Errorf("the host seats %d players, want its own and the phone's", got)
	}
}

// TestKeypadTypesAddress: on a network whose rooms are not listed, the
// keypad has the address's characters too: a code and the host's address
// tapped in join the room; Delete takes back a wrong tap.
func TestKeypadTypesAddress(t *testing.T) {
	l := newLoopbackLobbies(t, "slam/1")
	l.hosts()
	l.jd.Layout(phoneW, phoneH)
	l.joiner.startLooking()
	l.joiner.typeCode(netplay.Room{})                 // "Not listed? Type code and address…"
	scenetest.Shoot(t, l.jd, "netlobby-keypad-mouse") // no touch yet: no keypad
	if l.jd.TouchSeen() {
		t.Fatal("touch seen before any tap")
	}
	p := &phoneTaps{l: l}
	l.run(4, func(lb *Lobby) ebiten.Key { // a tap beside the keypad: the screen is touched
		if lb == l.joiner {
			p.tap(1250, 30)
		}
		return 0
	}, func() bool { return l.jd.TouchSeen() && !p.down })
	if l.joiner.mode != modeType || len(l.joiner.keypad()) != len(addressPad) {
		t.Fatalf("mode %v, a keypad of %d keys; want the code's field with the address's keypad", l.joiner.mode, len(l.joiner.keypad()))
	}
	typed := l.host.Room().String() + l.host.HostAddr().String()
	p.typeKeys(60, letters(typed[:10]), func() bool { return len(l.joiner.typed) == 10 && !p.down })
	scenetest.ShootSize(t, l.jd, "netlobby-keypad-address-phone", phoneW, phoneH)
	labels := append([]string{"9", "Delete"}, letters(typed[10:])...)
	p.typeKeys(120, append(labels, "Join"), func() bool { return l.joiner.mode == modeWaiting && l.joiner.joined.Done })
	if l.joiner.target.addr != l.host.HostAddr() {
		t.Errorf("the phone asked %v, want the host's address %v", l.joiner.target.addr, l.host.HostAddr())
	}
}
