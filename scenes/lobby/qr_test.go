//go:build !js

package lobby

import (
	"image"
	"net/netip"
	"testing"
	"testing/fstest"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// stubHost is a phones' server that serves nothing: the lobby's QR code
// is all the test reads.
type stubHost struct{ room string }

func (stubHost) Update()               {}
func (stubHost) Phones() []phone.Phone { return nil }
func (stubHost) Drop(int)              {}
func (stubHost) Close() error          { return nil }
func (s stubHost) URL(host netip.Addr) string {
	return "http://" + netip.AddrPortFrom(host, 7300).String() + "/pad/#" + s.room
}

// TestPhonesQRCodeDecodesToTheURL turns Phones on in a Ninjan lobby,
// renders the screen and decodes the QR code it shows with gozxing, an
// independent decoder: it reads back the address the lobby prints.
func TestPhonesQRCodeDecodesToTheURL(t *testing.T) {
	src := new(input.Script)
	var l *Lobby
	cfg := ninjan
	cfg.Phones = &Phones{Game: "ninjan", Pad: fstest.MapFS{},
		Listen: func(c phone.Config) (PhoneHost, netip.Addr, error) {
			return stubHost{room: c.Room.String()}, netip.MustParseAddr("192.168.178.123"), nil
		}}
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(t.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene { l = New(d, cfg); return l }})
	scenetest.Run(t, d, 2, nil)
	l.activate(nil, itemPhones)
	if l.PhoneURL() == "" {
		t.Fatalf("Phones did not open: %q", l.Message())
	}
	scenetest.Run(t, d, 2, func(int) { src.Advance() })
	shot := scenetest.Shoot(t, d, "lobby-qr")
	side := l.phones.qr.Bounds().Dx()
	x, y := int(menuX)+12, int(l.panelY())+12
	code := shot.SubImage(image.Rect(x, y, x+side, y+side))
	bmp, err := gozxing.NewBinaryBitmapFromImage(code)
	if err != nil {
		t.Fatal(err)
	}
	got, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("the lobby's QR code does not decode: %v", err)
	}
	if got.GetText() != l.PhoneURL() {
		t.Errorf("the QR code reads %q; the lobby shows %q", got.GetText(), l.PhoneURL())
	}
}
