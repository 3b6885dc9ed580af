//go:build !js

// Package phonetest is a phone for tests without a browser: the phone
// page's claims (package phone) over a desktop WebSocket, sealed with the
// room's code as the page seals them.
package phonetest

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/phone"
)

// Handset is a test's phone connected to a phone.Server.
type Handset struct {
	t     testing.TB
	ws    *netplay.WebSocketClient
	Split *phone.Split // its sealed connection, for a netplay.Client
	// Answers are the server's answers so far, oldest first.
	Answers []phone.Answer
	buf     [netplay.MaxPacketSize + 1]byte
}

// Dial connects to the server at addr of room.
func Dial(t testing.TB, addr netip.AddrPort, room netplay.RoomCode) *Handset {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, err := netplay.DialWebSocket(ctx, fmt.Sprintf("ws://%s/netplay", addr))
	if err != nil {
		t.Fatal(err)
	}
	conn, err := secure.Wrap(ws, secure.Config{Key: []byte(room.String()), Prefix: netplay.SealPrefix(room)})
	if err != nil {
		t.Fatal(err)
	}
	h := &Handset{t: t, ws: ws}
	h.Split = &phone.Split{Transport: conn, Claims: func(from netip.AddrPort, p []byte) {
		var a phone.Answer
		if from == ws.Host() && phone.DecodeClaim(p, &a) == nil {
			h.Answers = append(h.Answers, a)
		}
	}}
	t.Cleanup(func() { h.Close() })
	return h
}

// Host returns the server's address as the handset reaches it.
func (h *Handset) Host() netip.AddrPort { return h.ws.Host() }

// Send sends a raw packet to the server.
func (h *Handset) Send(p []byte) {
	h.t.Helper()
	if err := h.Split.Send(h.ws.Host(), p); err != nil {
		h.t.Fatal(err)
	}
}

// Claim sends a claim.
func (h *Handset) Claim(c phone.Claim) {
	h.t.Helper()
	p, err := phone.AppendClaim(nil, c)
	if err != nil {
		h.t.Fatal(err)
	}
	h.Send(p)
}

// Poll reads what arrived, keeping the answers; the game's packets are
// dropped.
func (h *Handset) Poll() {
	for {
		if _, _, ok := h.Split.Receive(h.buf[:]); !ok {
			return
		}
	}
}

// Await runs update (the server's side, and whatever else the test
// runs) and polls until the handset has n answers, and returns the last.
func (h *Handset) Await(n int, update func()) phone.Answer {
	h.t.Helper()
	deadline := time.Now().Add(30 * time.Second) // a guard against a hang, never a result
	for len(h.Answers) < n {
		if time.Now().After(deadline) {
			h.t.Fatalf("%d answers, want %d", len(h.Answers), n)
		}
		update()
		h.Poll()
		time.Sleep(2 * time.Millisecond)
	}
	return h.Answers[n-1]
}

// Close hangs up.
func (h *Handset) Close() { h.ws.Close() }

// Seats returns a phone.Config.Seat that gives the phones the seats
// free, in order, and then says the table is full.
func Seats(free ...int) func(name string) (int, error) {
	return func(string) (int, error) {
		if len(free) == 0 {
			return 0, errors.New("the table is full")
		}
		seat := free[0]
		free = free[1:]
		return seat, nil
	}
}
