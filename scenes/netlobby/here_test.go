//go:build !js

package netlobby

import (
	"errors"
	"net/netip"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// TestHostOnThisMachineOnly: "Host on this machine only" hosts on
// 127.0.0.1 and announces to this machine alone, never the LAN's
// broadcast address (its LAN network here refuses to open at all); a
// joiner on the same machine finds the room, joins and starts.
func TestHostOnThisMachineOnly(t *testing.T) {
	disc, err := netplay.ListenUDP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { disc.Close() })
	refuse := func() (netplay.Transport, error) { return nil, errors.New("the test opens no LAN socket") }
	here := loopbackNetwork(0, disc.LocalAddr().Port(), nil)
	hostNet := &Network{Host: refuse, Join: refuse, Discovery: refuse, AnnounceTo: []netip.AddrPort{netplay.Broadcast}, OnThisMachine: here}
	joinNet := &Network{Host: refuse, Join: func() (netplay.Transport, error) { return netplay.ListenUDP("127.0.0.1:0") },
		Discovery: func() (netplay.Transport, error) { return keptOpen{disc}, nil }}
	l := (&loopbackLobbies{t: t}).open("test/1", hostNet, joinNet)
	var shot bool
	l.run(1200, func(lb *Lobby) ebiten.Key {
		switch {
		case lb == l.host && lb.mode == modeChoose && lb.menu.Cursor != lb.entryAt(entryHere):
			return ebiten.KeyDown
		case lb == l.host && lb.mode == modeChoose:
			return ebiten.KeyEnter // Host on this machine only
		case lb == l.host && lb.mode == modeHost && lb.players() == 2 && !shot:
			scenetest.Shoot(t, l.hd, "netlobby-here")
			shot = true
		case lb == l.host && lb.mode == modeHost && lb.players() == 2:
			return ebiten.KeyEnter // Start
		case lb == l.joiner:
			return l.joinerJoins(lb)
		}
		return 0
	}, func() bool { return l.hostM != nil && l.joinerM != nil })
	for _, m := range []*Match{l.hostM, l.joinerM} {
		t.Cleanup(func() { m.Transport.Close() })
	}
	if a := l.hostM.HostAddr.Addr(); !a.IsLoopback() {
		t.Errorf("the host listened on %v, want 127.0.0.1", l.hostM.HostAddr)
	}
	if l.joinerM.HostAddr != l.hostM.HostAddr || l.joinerM.Index != 1 {
		t.Errorf("the joiner reached %v as peer %d, want %v as peer 1", l.joinerM.HostAddr, l.joinerM.Index, l.hostM.HostAddr)
	}
}

func TestLoopbackNetworkStaysOnThisMachine(t *testing.T) {
	here := loopbackNetwork(0, netplay.DiscoveryPort, nil)
	tr, err := here.Host()
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if !tr.LocalAddr().Addr().IsLoopback() {
		t.Errorf("the host listens on %v, want loopback", tr.LocalAddr())
	}
	for _, a := range here.AnnounceTo {
		if !a.Addr().IsLoopback() {
			t.Errorf("announces to %v, want loopback only", a)
		}
	}
	if lan := lanNetwork(nil); lan.OnThisMachine == nil || lan.OnThisMachine.AnnounceTo[0].Port() != netplay.DiscoveryPort {
		t.Errorf("the desktop's network offers no loopback hosting on the discovery port: %+v", lan.OnThisMachine)
	}
}
