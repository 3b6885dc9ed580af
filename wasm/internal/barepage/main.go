//go:build js && wasm

// Command barepage is the yardstick of the browser benchmark
// (TestBrowserBench in package wasm): the smallest Ebitengine page that
// draws a line of text with text/v2, built by the same tool with the same
// flags as the game and loaded by the same page. Like the game it draws at
// the window's size in device pixels, and it publishes the frames it has
// drawn in globalThis.jankenStatus, which is how the page knows that the
// first frame is on screen.
package main

import (
	"bytes"
	"image/color"
	"math"
	"strconv"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

type page struct {
	face   *text.GoTextFace
	frames int64
	status []byte
}

// Update publishes the frames drawn so far, as the game's director does.
func (p *page) Update() error {
	p.status = strconv.AppendInt(append(p.status[:0], `{"frames":`...), p.frames, 10)
	js.Global().Set("jankenStatus", string(append(p.status, '}')))
	return nil
}

func (p *page) Draw(screen *ebiten.Image) {
	p.frames++
	screen.Fill(color.RGBA{0x0c, 0x2a, 0x1f, 0xff})
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(screen.Bounds().Dx())/20, float64(screen.Bounds().Dy())/2)
	text.Draw(screen, "Janken Arcade: rock, paper, scissors", p.face, op)
}

// Layout implements ebiten.Game; Ebitengine calls LayoutF instead.
func (p *page) Layout(w, h int) (int, int) {
	sw, sh := p.LayoutF(float64(w), float64(h))
	return int(sw), int(sh)
}

// LayoutF makes the screen as large as the window in device pixels.
func (p *page) LayoutF(w, h float64) (float64, float64) {
	sf := ebiten.Monitor().DeviceScaleFactor()
	return math.Ceil(w * sf), math.Ceil(h * sf)
}

func main() {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		panic(err)
	}
	if err := ebiten.RunGame(&page{face: &text.GoTextFace{Source: src, Size: 48}}); err != nil {
		panic(err)
	}
}
