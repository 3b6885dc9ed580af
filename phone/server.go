//go:build !js

package phone

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
)

// Server is the host's side of the phones: the HTTP server of the page
// and the phones' sealed connections, and the seats they hold. Its
// methods other than Close and URL are called from the game's thread.
type Server struct {
	cfg    Config
	ln     net.Listener
	srv    *http.Server
	hub    *netplay.WebSocketHub
	conn   *secure.Conn
	split  *Split
	phones []Phone
	// started is set once the game began; Rejoin then moves a phone's
	// seat to its new connection.
	started bool
	lastID  int
	// Rejoin, set by the game when it starts, moves a phone's seat from
	// its old connection to its new one (netplay.Host.Rejoin).
	Rejoin func(old, addr netip.AddrPort) error
	// Dropped counts the claims that did not decode, and refused the
	// claims refused.
	Dropped, Refused int
	now              time.Duration
	buf              [netplay.MaxPacketSize + 1]byte
	out              []byte
}

// Listen serves the phones on addr ("127.0.0.1:0" in tests; the LAN
// address on GamePort for real use).
func Listen(addr string, cfg Config) (*Server, error) {
	if cfg.Seat == nil || cfg.Colour == nil || cfg.Pad == nil || !cfg.Room.Valid() {
		return nil, fmt.Errorf("phone: config lacks the room, the page, Seat or Colour")
	}
	if cfg.Clock == nil {
		start := time.Now()
		cfg.Clock = func() time.Duration { return time.Since(start) }
	}
	pad, err := padHandler(cfg.Pad)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp4", addr)
	if err != nil {
		return nil, fmt.Errorf("phone: listen on %s: %w", addr, err)
	}
	local, err := netip.ParseAddrPort(ln.Addr().String())
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("phone: listening address: %w", err)
	}
	s := &Server{cfg: cfg, ln: ln, hub: netplay.NewWebSocketHub(local)}
	s.conn, err = secure.Wrap(s.hub, secure.Config{Key: []byte(cfg.Room.String()), Clock: cfg.Clock, Prefix: netplay.SealPrefix(cfg.Room)})
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("phone: seal room %v: %w", cfg.Room, err)
	}
	s.split = &Split{Transport: s.conn, Claims: s.claim}
	mux := http.NewServeMux()
	mux.Handle("/netplay", s.hub)
	mux.Handle("/pad/", http.StripPrefix("/pad", pad))
	mux.Handle("/{$}", http.RedirectHandler("/pad/", http.StatusFound))
	s.srv = netplay.NewWebServer(mux)
	go s.srv.Serve(ln)
	return s, nil
}

// Addr returns the address the server listens on.
func (s *Server) Addr() netip.AddrPort { return s.hub.LocalAddr() }

// URL returns the page's address at host (the address the phones reach
// this machine at), with the room code after the #, which the browser
// never sends over the network.
func (s *Server) URL(host netip.Addr) string {
	return fmt.Sprintf("http://%s/pad/#%s", netip.AddrPortFrom(host, s.Addr().Port()), s.cfg.Room)
}

// Phones returns the seated phones, in the order they came; the slice is
// valid until the next Update.
func (s *Server) Phones() []Phone { return s.phones }

// Update, before the start, answers the phones' claims and lets go of
// those silent for LobbyTimeout.
func (s *Server) Update() {
	s.now = s.cfg.Clock()
	for {
		_, from, ok := s.split.Receive(s.buf[:])
		if !ok {
			break
		}
		if i := s.phone(from); i >= 0 { // the page's game client, waiting
			s.phones[i].heard = s.now
		}
	}
	if s.started {
		return
	}
	s.phones = slices.DeleteFunc(s.phones, func(p Phone) bool { return s.now-p.heard >= LobbyTimeout })
}

// Drop lets the phone with the given ID go before the start (the lobby
// emptied its seat): it is refused from now on.
func (s *Server) Drop(id int) {
	if i := slices.IndexFunc(s.phones, func(p Phone) bool { return p.ID == id }); i >= 0 {
		s.refuse(s.phones[i].Addr, "you left the table")
		s.phones = slices.Delete(s.phones, i, i+1)
	}
}

// Start begins the game: from now on the phone with ID id plays
// seats[id], the phones not in seats are let go, new phones are refused,
// and a phone that claims its seat again is moved to its new connection by
// Rejoin. Each phone is told.
func (s *Server) Start(seats map[int]int) {
	s.started = true
	var gone []int
	for _, p := range s.phones {
		if _, ok := seats[p.ID]; !ok {
			gone = append(gone, p.ID)
		}
	}
	for _, id := range gone {
		s.Drop(id)
	}
	for i := range s.phones {
		p := &s.phones[i]
		p.Seat = seats[p.ID]
		s.answer(p.Addr, s.answerOf(p))
	}
}

// Room returns the room's code.
func (s *Server) Room() netplay.RoomCode { return s.cfg.Room }

// Transport returns the phones' sealed connections for the game's
// netplay.Host; claims that come with the game's packets are answered
// as they come. Closing it closes the server.
func (s *Server) Transport() netplay.Transport { return closer{Split: s.split, s: s} }

// closer is a Split whose Close closes the whole server.
type closer struct {
	*Split
	s *Server
}

func (c closer) Close() error { return c.s.Close() }

// Close stops serving and ends every phone's connection.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	s.conn.Close()
	return s.srv.Shutdown(ctx)
}

// claim answers a phone's claim from addr.
func (s *Server) claim(from netip.AddrPort, p []byte) {
	s.now = s.cfg.Clock()
	var c Claim
	if err := DecodeClaim(p, &c); err != nil {
		s.Dropped++
		return
	}
	if i := s.holder(c.Token); i >= 0 {
		s.reclaim(i, from)
		return
	}
	if i := s.phone(from); i >= 0 { // its token was lost on the way: the same connection
		s.phones[i].heard = s.now
		s.answer(from, s.answerOf(&s.phones[i]))
		return
	}
	if s.started {
		s.refuse(from, "the game has started")
		return
	}
	name := netplay.CleanName(c.Name)
	seat, err := s.cfg.Seat(name)
	if err != nil {
		s.refuse(from, err.Error())
		return
	}
	s.lastID++
	s.phones = append(s.phones, Phone{ID: s.lastID, Seat: seat, Name: name, Addr: from, heard: s.now, token: newToken()})
	s.answer(from, s.answerOf(&s.phones[len(s.phones)-1]))
}

// reclaim gives phone i's seat to the claim from addr, which holds its
// token: the same phone, reloaded or woken.
func (s *Server) reclaim(i int, addr netip.AddrPort) {
	p := &s.phones[i]
	if p.Addr != addr && s.started {
		if s.Rejoin == nil {
			s.refuse(addr, "the game is not ready for you yet")
			return
		}
		if s.Rejoin(p.Addr, addr) != nil {
			s.refuse(addr, "the TV cannot give your seat back")
			return
		}
	}
	p.Addr, p.heard = addr, s.now
	s.answer(addr, s.answerOf(p))
}

func (s *Server) answerOf(p *Phone) Answer {
	return Answer{Seat: p.Seat, Name: p.Name, Colour: s.cfg.Colour(p.Seat), Token: p.token, Game: s.cfg.Game, Started: s.started}
}

func (s *Server) refuse(to netip.AddrPort, why string) {
	s.Refused++
	s.answer(to, Answer{Refused: why})
}

func (s *Server) answer(to netip.AddrPort, a Answer) {
	out, err := AppendClaim(s.out[:0], a)
	if err != nil {
		return // a name and a colour always fit
	}
	s.out = out
	_ = s.conn.Send(to, out)
}

// phone returns the index of the phone connected from addr, or -1.
func (s *Server) phone(addr netip.AddrPort) int {
	return slices.IndexFunc(s.phones, func(p Phone) bool { return p.Addr == addr })
}

// holder returns the index of the phone whose token is token, or -1.
func (s *Server) holder(token string) int {
	if token == "" {
		return -1
	}
	return slices.IndexFunc(s.phones, func(p Phone) bool { return p.token == token })
}

// newToken returns a seat's token: 128 random bits, which no other phone
// guesses.
func newToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails
	return hex.EncodeToString(b[:])
}

// padHandler serves the phone page, the WebAssembly gzipped for browsers
// that accept it (all do), so that a phone downloads as little as it can.
func padHandler(pad fs.FS) (http.Handler, error) {
	wasm, err := fs.ReadFile(pad, PadWasm)
	if err != nil {
		return nil, fmt.Errorf("phone: the phone page: %w", err)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(wasm)
	w.Close()
	files := http.FileServerFS(pad)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if r.URL.Path != "/"+PadWasm {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/wasm")
		body := wasm
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			body = gz.Bytes()
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		w.Write(body)
	}), nil
}

// ListenLAN serves the phones on this machine's LAN address, at
// netplay.GamePort if it is free, and returns that address for the URL.
// Nothing listens on other interfaces.
func ListenLAN(cfg Config) (*Server, netip.Addr, error) {
	addr, err := lanAddress()
	if err != nil {
		return nil, netip.Addr{}, err
	}
	s, err := Listen(netip.AddrPortFrom(addr, netplay.GamePort).String(), cfg)
	if err != nil { // the port is taken (a network game on this machine): any other
		s, err = Listen(netip.AddrPortFrom(addr, 0).String(), cfg)
	}
	return s, addr, err
}

// lanAddress returns this machine's private IPv4 address on the LAN.
func lanAddress() (netip.Addr, error) {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return netip.Addr{}, fmt.Errorf("phone: this machine's addresses: %w", err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			if ip, ok := netip.AddrFromSlice(n.IP); ok && ip.Unmap().Is4() && ip.IsPrivate() {
				return ip.Unmap(), nil
			}
		}
	}
	return netip.Addr{}, errors.New("phone: this machine is on no local network: join the Wi-Fi the phones use")
}
