package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
)

// Nav is what the player asked of a menu on one tick, merged from every
// device: the keyboard (arrows or WASD, Enter or Space, Esc or Backspace),
// any gamepad (d-pad or left stick, A, B) and the pointer (mouse or touch,
// in logical coordinates). Held directions repeat, so a list scrolls when
// a key or the stick is kept down.
type Nav struct {
	Up, Down, Left, Right bool
	Confirm, Back         bool

	// PointerX and PointerY are where the mouse or the last touch is, in
	// logical coordinates; PointerMoved reports that it moved on this
	// tick (hover follows it) and Click that it was pressed or tapped.
	PointerX, PointerY float64
	PointerMoved       bool
	Click              bool
}

// Dir returns -1 for Up, 1 for Down, 0 for neither or both.
func (n *Nav) Dir() int { return boolInt(n.Down) - boolInt(n.Up) }

// Side returns -1 for Left, 1 for Right, 0 for neither or both.
func (n *Nav) Side() int { return boolInt(n.Right) - boolInt(n.Left) }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Repeat timing of a held direction, in ticks.
const (
	repeatDelay = 24
	repeatEvery = 6
	stickPress  = 0.5 // how far the stick must lean to count
)

// directions in the order of navPoller.held.
const (
	dirUp = iota
	dirDown
	dirLeft
	dirRight
	numDirs
)

// navPoller turns a Source into Nav values, one per tick. It keeps its
// buffers between ticks and allocates nothing in steady state.
type navPoller struct {
	keys    []ebiten.Key
	pads    []ebiten.GamepadID
	buttons []ebiten.StandardGamepadButton
	touches []ebiten.TouchID
	prevTch []ebiten.TouchID
	held    [numDirs]int // ticks each direction has been held
	mouseX  int
	mouseY  int
	mouseOK bool
}

// poll reads src and returns this tick's Nav. toLogical converts screen
// pixels to logical coordinates.
func (p *navPoller) poll(src input.Source, toLogical func(x, y int) (float64, float64), n *Nav) {
	*n = Nav{PointerX: n.PointerX, PointerY: n.PointerY}
	var down [numDirs]bool
	var fresh [numDirs]bool

	p.keys = src.AppendJustPressedKeys(p.keys[:0])
	for _, k := range p.keys {
		if d := keyDir(k); d >= 0 {
			fresh[d] = true
		}
		switch k {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeySpace:
			n.Confirm = true
		case ebiten.KeyEscape, ebiten.KeyBackspace:
			n.Back = true
		}
	}
	p.keys = src.AppendPressedKeys(p.keys[:0])
	for _, k := range p.keys {
		if d := keyDir(k); d >= 0 {
			down[d] = true
		}
	}

	p.pads = src.AppendGamepadIDs(p.pads[:0])
	for _, id := range p.pads {
		p.buttons = src.AppendJustPressedGamepadButtons(id, p.buttons[:0])
		for _, b := range p.buttons {
			if d := padDir(b); d >= 0 {
				fresh[d] = true
			}
			switch b {
			case ebiten.StandardGamepadButtonRightBottom, ebiten.StandardGamepadButtonCenterRight:
				n.Confirm = true
			case ebiten.StandardGamepadButtonRightRight:
				n.Back = true
			}
		}
		p.buttons = src.AppendPressedGamepadButtons(id, p.buttons[:0])
		for _, b := range p.buttons {
			if d := padDir(b); d >= 0 {
				down[d] = true
			}
		}
		h := src.GamepadAxis(id, ebiten.StandardGamepadAxisLeftStickHorizontal)
		v := src.GamepadAxis(id, ebiten.StandardGamepadAxisLeftStickVertical)
		down[dirLeft] = down[dirLeft] || h < -stickPress
		down[dirRight] = down[dirRight] || h > stickPress
		down[dirUp] = down[dirUp] || v < -stickPress
		down[dirDown] = down[dirDown] || v > stickPress
	}

	// A direction fires when it becomes pressed (a tap inside one tick
	// counts) and then repeats while held.
	var fire [numDirs]bool
	for d := range numDirs {
		switch {
		case down[d] || fresh[d]:
			p.held[d]++
		default:
			p.held[d] = 0
		}
		// Held h ticks: fire on the first, then repeatDelay ticks
		// later and every repeatEvery ticks after that.
		since := p.held[d] - 1
		fire[d] = fresh[d] || since == 0 || (since >= repeatDelay && (since-repeatDelay)%repeatEvery == 0)
		fire[d] = fire[d] && (down[d] || fresh[d])
	}
	n.Up, n.Down, n.Left, n.Right = fire[dirUp], fire[dirDown], fire[dirLeft], fire[dirRight]

	mx, my := src.CursorPosition()
	if !p.mouseOK || mx != p.mouseX || my != p.mouseY {
		if p.mouseOK {
			n.PointerMoved = true
		}
		p.mouseX, p.mouseY, p.mouseOK = mx, my, true
		n.PointerX, n.PointerY = toLogical(mx, my)
	}
	if src.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		n.PointerX, n.PointerY = toLogical(mx, my)
		n.Click = true
	}

	// A new touch is a tap where it lands.
	p.touches = src.AppendTouchIDs(p.touches[:0])
	for _, id := range p.touches {
		if !containsTouch(p.prevTch, id) {
			tx, ty := src.TouchPosition(id)
			n.PointerX, n.PointerY = toLogical(tx, ty)
			n.PointerMoved, n.Click = true, true
		}
	}
	p.prevTch = append(p.prevTch[:0], p.touches...)
}

func containsTouch(ids []ebiten.TouchID, id ebiten.TouchID) bool {
	for _, t := range ids {
		if t == id {
			return true
		}
	}
	return false
}

func keyDir(k ebiten.Key) int {
	switch k {
	case ebiten.KeyArrowUp, ebiten.KeyW:
		return dirUp
	case ebiten.KeyArrowDown, ebiten.KeyS:
		return dirDown
	case ebiten.KeyArrowLeft, ebiten.KeyA:
		return dirLeft
	case ebiten.KeyArrowRight, ebiten.KeyD:
		return dirRight
	}
	return -1
}

func padDir(b ebiten.StandardGamepadButton) int {
	switch b {
	case ebiten.StandardGamepadButtonLeftTop:
		return dirUp
	case ebiten.StandardGamepadButtonLeftBottom:
		return dirDown
	case ebiten.StandardGamepadButtonLeftLeft:
		return dirLeft
	case ebiten.StandardGamepadButtonLeftRight:
		return dirRight
	}
	return -1
}
