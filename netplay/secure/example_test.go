package secure_test

import (
	"fmt"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
)

// A host and a joiner seal their transports with the room's code; the
// lobby's announcements stay plain. The first Send to an address starts
// the handshake and waits in a queue until it completes.
func ExampleWrap() {
	net := netplay.NewMemNetwork(netplay.LinkConfig{}, 1)
	code := netplay.RoomCode(77)
	cfg := secure.Config{
		Key: []byte(code.String()),
		Plain: func(p []byte) bool {
			h, _, err := netplay.ParseHeader(p)
			return err == nil && h.Kind == netplay.KindAnnounce
		},
		Clock: net.Now, // a real game leaves it nil: the wall clock
	}
	host, _ := secure.Wrap(net.Endpoint(), cfg)
	joiner, _ := secure.Wrap(net.Endpoint(), cfg)

	_ = joiner.Send(host.LocalAddr(), []byte("hello"))
	buf := make([]byte, netplay.MaxPacketSize)
	for range 3 { // initiation, answer, sealed hello
		if n, from, ok := host.Receive(buf); ok {
			fmt.Printf("%s from the joiner: %v\n", buf[:n], from == joiner.LocalAddr())
		}
		joiner.Receive(buf)
	}
	fmt.Println("sealed:", joiner.Established(host.LocalAddr()), host.Established(joiner.LocalAddr()))
	// Output:
	// hello from the joiner: true
	// sealed: true true
}
