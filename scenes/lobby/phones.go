//go:build !js

package lobby

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"net/netip"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"rsc.io/qr"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/scenes"
)

// phoneRoom is the lobby's open room for phones.
type phoneRoom struct {
	srv PhoneHost
	url string
	qr  *ebiten.Image // qrModule pixels a module, quiet zone included
}

// qrQuiet is the light margin a QR code needs around it, in modules.
const qrQuiet = 4

// openPhones starts serving the phones.
func (l *Lobby) openPhones() {
	p := l.cfg.Phones
	pad := p.Pad
	if pad == nil {
		if pad = phone.FindPad(); pad == nil {
			l.say("The phone page is not built: play with tools/play, or run go run ./phone/padtool, then try again.")
			return
		}
	}
	listen := p.Listen
	if listen == nil {
		listen = func(cfg phone.Config) (PhoneHost, netip.Addr, error) { return phone.ListenLAN(cfg) }
	}
	srv, host, err := listen(phone.Config{Room: netplay.NewRoomCode(), Game: p.Game, Pad: pad,
		Clock: l.clock, Seat: l.seatPhone, Colour: l.colour})
	if err != nil {
		l.say("Phones cannot join: " + err.Error())
		return
	}
	room := &phoneRoom{srv: srv, url: srv.URL(host)}
	code, err := qr.Encode(room.url, qr.M)
	if err != nil {
		srv.Close()
		l.say("Phones cannot join: " + err.Error())
		return
	}
	side := (code.Size + 2*qrQuiet) * qrModule
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for y := range side {
		for x := range side {
			c := color.RGBA{0xff, 0xff, 0xff, 0xff}
			if code.Black(x/qrModule-qrQuiet, y/qrModule-qrQuiet) {
				c = color.RGBA{0, 0, 0, 0xff}
			}
			img.SetRGBA(x, y, c)
		}
	}
	room.qr = ebiten.NewImageFromImage(img)
	l.phones = room
	l.say("Phones: scan the code, or open " + room.url)
}

// handOverPhones gives the phones' server to the table the lobby starts.
func (l *Lobby) handOverPhones() PhoneHost {
	srv := l.phones.srv
	l.phones.qr.Deallocate()
	l.phones = nil
	return srv
}

// PhoneURL returns the phone page's address while phones may join, else
// "".
func (l *Lobby) PhoneURL() string {
	if l.phones == nil {
		return ""
	}
	return l.phones.url
}

// closePhones stops serving the phones and frees their seats.
func (l *Lobby) closePhones() {
	if l.phones == nil {
		return
	}
	l.phones.srv.Close()
	l.phones.qr.Deallocate()
	l.phones = nil
	for s := range l.Seats() {
		if l.seats[s].Kind == Phone {
			l.seats[s] = Seat{}
		}
	}
}

// clock is game time for the phones' server: the director's, which
// outlives the lobby.
func (l *Lobby) clock() time.Duration { return time.Duration(l.d.Tick()) * netplay.TickDuration }

// seatPhone gives a new phone's player a seat, as a press on a free
// device gets one.
func (l *Lobby) seatPhone(name string) (int, error) {
	seat := l.free()
	if seat < 0 {
		return 0, errors.New("the table is full")
	}
	l.seats[seat] = Seat{Kind: Phone, Name: name}
	l.say(fmt.Sprintf("%s joined as %s with a phone.", name, scenes.SeatName(seat, "")))
	l.refreshMenu()
	return seat, nil
}

// colour returns seat's colour for its phone.
func (l *Lobby) colour(seat int) string {
	c := l.d.Palette().Seats[seat]
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// updatePhones answers the phones, and keeps the seats as the server
// has them: a new phone's seat learns its ID, a phone gone frees its.
func (l *Lobby) updatePhones() {
	if l.phones == nil {
		return
	}
	l.phones.srv.Update()
	ids := map[int]int{} // seat → ID
	for _, p := range l.phones.srv.Phones() {
		ids[p.Seat] = p.ID
	}
	for s := range l.Seats() {
		st := &l.seats[s]
		if st.Kind != Phone {
			continue
		}
		switch id, ok := ids[s]; {
		case ok:
			st.Phone = id
		default:
			l.say(st.Name + "'s phone left: the seat is free.")
			*st = Seat{}
			l.refreshMenu()
		}
	}
}

// dropPhone frees a phone's seat: its phone is told it left.
func (l *Lobby) dropPhone(seat int) {
	l.phones.srv.Drop(l.seats[seat].Phone)
	l.say(l.seats[seat].Name + " left.")
	l.seats[seat] = Seat{}
	l.refreshMenu()
}

// qrModule is a QR module's side on the lobby's screen, in logical
// pixels: a version-3 code (a LAN address and room) is 37 modules with
// its margin, 148 pixels, which a phone's camera reads across a room.
const qrModule = 4

// drawPhones shows, where the keyboard legend was, the QR code of the
// phone page and its address.
func (l *Lobby) drawPhones(c *scenes.Canvas, pal *scenes.Palette) {
	x, y, w := menuX, l.panelY(), scenes.ScreenWidth-menuX-24
	size := float64(l.phones.qr.Bounds().Dx())
	scenes.Panel(c, pal, x, y, w, size+24)
	var geo ebiten.GeoM
	geo.Translate(x+12, y+12)
	c.DrawImage(l.phones.qr, geo, 1)
	tx := x + size + 28
	c.Text("Play on your phone", tx, y+16, scenes.TextStyle{Size: 20, Bold: true, Color: pal.Text})
	st := scenes.TextStyle{Size: 16, Color: pal.TextDim}
	lines := []string{"Scan the code with its", "camera, or open:", ""}
	lines = append(lines, urlLines(l.phones.url)...)
	for i, line := range lines {
		c.Text(line, tx, y+50+float64(i)*22, st)
	}
}

// urlLines splits the page's address where a reader would: the host,
// then the path with the room.
func urlLines(url string) []string {
	for i := len("http://"); i < len(url); i++ {
		if url[i] == '/' {
			return []string{url[:i], url[i:]}
		}
	}
	return []string{url}
}
