//go:build !js

package netlobby

import (
	"errors"
	"fmt"
	"image"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestHostOnBusyPortSaysSoPlainly: another program holds the host's port
// on 127.0.0.1; "Host a game" tells the player so in plain words, not as
// "listen udp4 …: bind: address already in use".
func TestHostOnBusyPortSaysSoPlainly(t *testing.T) {
	busy, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	addr := busy.LocalAddr().String()
	cfg := slam
	cfg.MaxLocalSeats = 0
	cfg.Net = &Network{Host: func() (netplay.Transport, error) { return netplay.ListenUDP(addr) }}
	src := new(input.Script)
	var l *Lobby
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { l = New(d, cfg); return l }})
	scenetest.Run(t, d, 4, func(tick int) {
		src.Advance()
		if tick == 1 {
			src.Do(input.KeyDown(ebiten.KeyEnter)) // Host a game
		}
	})
	want := fmt.Sprintf("Another program already uses port %d", busy.LocalAddr().(*net.UDPAddr).Port)
	if l.mode != modeChoose || !strings.HasPrefix(l.err, want) {
		t.Errorf("mode %d, error %q; want the first menu saying %q", l.mode, l.err, want)
	}
	img := scenetest.Shoot(t, d, "netlobby-port-busy")
	foot := image.Rect(leftX, panelY+panelH-120, panelX+panelW, panelY+panelH-30)
	if n := countIn(img, foot, d.Palette().Notice); n < 500 {
		t.Errorf("the error is drawn with %d notice pixels at the panel's foot", n)
	}
}

func TestPlain(t *testing.T) {
	op := func(errno error) error {
		return fmt.Errorf("netplay: listen :7300: %w", &net.OpError{Op: "listen", Net: "udp4",
			Addr: &net.UDPAddr{Port: 7300}, Err: os.NewSyscallError("bind", errno)})
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{op(syscall.EADDRINUSE), "Another program already uses port 7300 — "},
		{op(syscall.EACCES), "This machine does not let the game use port 7300 — "},
		{op(syscall.ENETUNREACH), "No network — "},
		{op(syscall.EHOSTUNREACH), "The host cannot be reached — "},
		{syscall.EADDRINUSE, "Another program already uses the game's port — "},
		{errors.New("odd"), "Cannot host: odd"},
	} {
		if got := plain("Cannot host", tc.err); !strings.HasPrefix(got, tc.want) {
			t.Errorf("plain(%v) = %q, want it to begin %q", tc.err, got, tc.want)
		}
	}
}
