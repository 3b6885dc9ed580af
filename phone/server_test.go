//go:build !js

package phone_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/phone/phonetest"
)

// room is a server on loopback with free seats 1 and 2, on a clock the
// test moves.
type room struct {
	srv *phone.Server
	now time.Duration
}

func newRoom(t *testing.T) *room {
	r := &room{}
	pad := fstest.MapFS{phone.PadPage: {Data: []byte("<!doctype html>")}, phone.PadWasm: {Data: bytes.Repeat([]byte("wasm"), 4096)}, phone.PadExec: {Data: []byte("//")}}
	srv, err := phone.Listen("127.0.0.1:0", phone.Config{Room: netplay.NewRoomCode(), Game: "ninjan", Pad: pad,
		Clock:  func() time.Duration { return r.now },
		Seat:   phonetest.Seats(1, 2),
		Colour: func(seat int) string { return "#00000" + string(rune('0'+seat)) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	r.srv = srv
	return r
}

func (r *room) dial(t *testing.T) *phonetest.Handset {
	return phonetest.Dial(t, r.srv.Addr(), r.srv.Room())
}

// claim sends c from h and returns the server's answer.
func (r *room) claim(h *phonetest.Handset, c phone.Claim) phone.Answer {
	h.Claim(c)
	return h.Await(len(h.Answers)+1, r.srv.Update)
}

func TestPhonesClaimSeatsWithTokens(t *testing.T) {
	r := newRoom(t)
	ann, bo, cy := r.dial(t), r.dial(t), r.dial(t)
	a := r.claim(ann, phone.Claim{Name: "Ann\u202e"})
	b := r.claim(bo, phone.Claim{Name: "Bo"})
	if a.Refused != "" || b.Refused != "" || a.Seat != 1 || b.Seat != 2 || a.Token == b.Token || len(a.Token) != 32 {
		t.Fatalf("answers %+v and %+v: want seats 1 and 2 with their own tokens", a, b)
	}
	if a.Name != "Ann" || a.Colour != "#000001" || a.Game != "ninjan" {
		t.Errorf("Ann's answer %+v: want her cleaned name, seat 1's colour and the game", a)
	}
	// A third phone on the same link: no seat to take, and nobody's.
	if c := r.claim(cy, phone.Claim{Name: "Cy"}); c.Refused != "the table is full" {
		t.Errorf("a third phone: %+v", c)
	}
	if c := r.claim(cy, phone.Claim{Name: "Cy", Token: strings.Repeat("0", 32)}); c.Refused == "" || c.Seat != 0 {
		t.Errorf("a guessed token: %+v", c)
	}
	// Ann's page reloads: a new connection with her token has her seat.
	again := r.dial(t)
	if c := r.claim(again, phone.Claim{Name: "Ann", Token: a.Token}); c.Refused != "" || c.Seat != 1 || c.Token != a.Token {
		t.Errorf("Ann's reload: %+v, want seat 1 again", c)
	}
	phones := r.srv.Phones()
	if len(phones) != 2 || phones[0].Addr == phones[1].Addr || phones[0].Name != "Ann" {
		t.Errorf("phones %+v", phones)
	}
	if r.srv.Refused != 2 {
		t.Errorf("%d claims refused, want 2", r.srv.Refused)
	}
}

func TestMalformedClaimsAreDroppedAndCounted(t *testing.T) {
	r := newRoom(t)
	h := r.dial(t)
	for _, p := range [][]byte{{phone.Magic}, []byte("P{"), append([]byte("P"), bytes.Repeat([]byte("x"), 600)...)} {
		h.Send(p)
	}
	a := r.claim(h, phone.Claim{Name: "Ann"})
	if a.Seat != 1 || r.srv.Dropped != 3 || len(r.srv.Phones()) != 1 {
		t.Errorf("after 3 malformed claims and a good one: answer %+v, %d dropped, %d phones", a, r.srv.Dropped, len(r.srv.Phones()))
	}
}

func TestSilentPhoneLosesItsSeatBeforeTheStart(t *testing.T) {
	r := newRoom(t)
	h := r.dial(t)
	r.claim(h, phone.Claim{Name: "Ann"})
	r.now += phone.LobbyTimeout - time.Millisecond
	r.srv.Update()
	if len(r.srv.Phones()) != 1 {
		t.Fatal("the phone lost its seat before the timeout")
	}
	r.now += time.Millisecond
	r.srv.Update()
	if len(r.srv.Phones()) != 0 {
		t.Error("a phone silent for the timeout kept its seat")
	}
}

func TestStartSeatsPhonesAndMovesReloads(t *testing.T) {
	r := newRoom(t)
	ann, bo := r.dial(t), r.dial(t)
	a := r.claim(ann, phone.Claim{Name: "Ann"})
	r.claim(bo, phone.Claim{Name: "Bo"})
	var moved [][2]netip.AddrPort
	r.srv.Rejoin = func(old, addr netip.AddrPort) error {
		moved = append(moved, [2]netip.AddrPort{old, addr})
		return nil
	}
	annID := r.srv.Phones()[0].ID
	r.srv.Start(map[int]int{annID: 3}) // Bo's seat was emptied in the lobby
	if got := ann.Await(2, r.srv.Update); !got.Started || got.Seat != 3 {
		t.Errorf("Ann told %+v at the start, want seat 3, started", got)
	}
	if got := bo.Await(2, r.srv.Update); got.Refused == "" {
		t.Errorf("Bo, not in the game, told %+v", got)
	}
	if c := r.claim(r.dial(t), phone.Claim{Name: "Cy"}); c.Refused != "the game has started" {
		t.Errorf("a newcomer after the start: %+v", c)
	}
	again := r.dial(t)
	if c := r.claim(again, phone.Claim{Token: a.Token}); c.Seat != 3 || !c.Started {
		t.Errorf("Ann's reload: %+v", c)
	}
	if len(moved) != 1 || moved[0][1] == moved[0][0] {
		t.Errorf("moves %v, want Ann's one", moved)
	}
	r.srv.Rejoin = func(old, addr netip.AddrPort) error { return errors.New("its player left") }
	if c := r.claim(r.dial(t), phone.Claim{Token: a.Token}); !strings.Contains(c.Refused, "cannot give your seat back") {
		t.Errorf("a reload the game refused: %+v", c)
	}
}

func TestPadIsServedGzipped(t *testing.T) {
	r := newRoom(t)
	req, _ := http.NewRequest("GET", "http://"+r.srv.Addr().String()+"/pad/"+phone.PadWasm, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Content-Type") != "application/wasm" || len(body) >= 4*4096 {
		t.Fatalf("%v: %d bytes, headers %v", res.Status, len(body), res.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); !bytes.Equal(plain, bytes.Repeat([]byte("wasm"), 4096)) {
		t.Error("the gzipped page is not the page")
	}
	if !strings.HasSuffix(r.srv.URL(netip.MustParseAddr("192.168.1.20")), "/pad/#"+r.srv.Room().String()) {
		t.Errorf("URL %s", r.srv.URL(netip.MustParseAddr("192.168.1.20")))
	}
}
