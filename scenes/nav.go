package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
)

// Nav is what the player asked of a menu on one tick, merged from every
// device through the one mapping of package input (the controls screen's):
// by default arrows or WASD, Enter, E or Space, Esc, Backspace or Q on the
// keyboard, the d-pad or left stick, A, B and Start on any gamepad, and the
// pointer (mouse or touch, in logical coordinates). Held directions repeat,
// so a list scrolls when a key or the stick is kept down.
type Nav struct {
	Up, Down, Left, Right bool
	Confirm, Back         bool
	// Menu is the pause key (Esc, a pad's Start). In a menu it backs out,
	// so Back is set with it.
	Menu bool
	// Rules asks for the rules (F1, a pad's View).
	Rules bool

	// PointerX and PointerY are where the mouse or the touch followed is,
	// in logical coordinates; PointerMoved reports that it moved on this
	// tick (hover follows it), Click that it was pressed or tapped, and
	// PointerDown that the mouse's left button or the touch is held (a
	// drag: see Drag).
	PointerX, PointerY float64
	PointerMoved       bool
	Click              bool
	PointerDown        bool
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
)

// navDirs are the direction actions, in the order of navPoller.held.
var navDirs = [...]rulesets.Button{rulesets.ButtonUp, rulesets.ButtonDown, rulesets.ButtonLeft, rulesets.ButtonRight}

// navPoller turns a MenuInput into Nav values, one per tick, adding key
// repeat and following one pointer. It allocates nothing in steady state.
type navPoller struct {
	in   *input.MenuInput
	held [len(navDirs)]int // ticks each direction has been held

	mouseX, mouseY int
	mouseOK        bool
	touch          ebiten.TouchID // the touch the pointer follows
	touching       bool

	// touched reports that a touch began on the last poll, and pressed
	// that a key, a gamepad button or a mapped mouse button (a right
	// click is Back) was: the director tells a touch-only device
	// from them (see Director.TouchOnly).
	touched, pressed bool
}

// poll reads src and returns this tick's Nav. toLogical converts screen
// pixels to logical coordinates.
func (p *navPoller) poll(src input.Source, toLogical func(x, y int) (float64, float64), n *Nav) {
	*n = Nav{PointerX: n.PointerX, PointerY: n.PointerY}
	pressed, held := p.in.Poll(src)
	p.pressed, p.touched = pressed != 0, false
	n.Confirm = pressed.Has(rulesets.ButtonConfirm)
	n.Menu = pressed.Has(rulesets.ButtonMenu)
	n.Back = n.Menu || pressed.Has(rulesets.ButtonBack)
	n.Rules = pressed.Has(rulesets.ButtonRules)

	// A direction fires when it becomes pressed (a tap inside one tick
	// counts), then repeatDelay ticks later and every repeatEvery ticks
	// after that while it is held.
	var fire [len(navDirs)]bool
	for d, b := range navDirs {
		fresh, down := pressed.Has(b), held.Has(b)
		if !fresh && !down {
			p.held[d] = 0
			continue
		}
		p.held[d]++
		since := p.held[d] - 1
		fire[d] = fresh || since == 0 || (since >= repeatDelay && (since-repeatDelay)%repeatEvery == 0)
	}
	n.Up, n.Down, n.Left, n.Right = fire[0], fire[1], fire[2], fire[3]

	ptrs := p.in.Pointers()
	p.followMouse(ptrs[0], toLogical, n)
	p.followTouches(ptrs[1:], toLogical, n)
}

// followMouse moves the pointer with the mouse; its left button clicks.
func (p *navPoller) followMouse(m input.Pointer, toLogical func(x, y int) (float64, float64), n *Nav) {
	if !p.mouseOK || m.X != p.mouseX || m.Y != p.mouseY {
		n.PointerMoved = p.mouseOK // not on the first tick: the mouse did not move
		p.mouseX, p.mouseY, p.mouseOK = m.X, m.Y, true
		n.PointerX, n.PointerY = toLogical(m.X, m.Y)
	}
	if m.JustDown {
		n.PointerX, n.PointerY = toLogical(m.X, m.Y)
		n.Click = true
	}
	n.PointerDown = m.Down
}

// followTouches makes a new touch a tap where it lands, and the pointer
// follow it while it stays down.
func (p *navPoller) followTouches(touches []input.Pointer, toLogical func(x, y int) (float64, float64), n *Nav) {
	for _, t := range touches {
		switch {
		case t.JustDown:
			p.touch, p.touching = t.Touch, true
			n.PointerX, n.PointerY = toLogical(t.X, t.Y)
			n.PointerMoved, n.Click, p.touched = true, true, true
		case !p.touching || t.Touch != p.touch:
			continue
		case t.JustUp:
			p.touching = false
			continue
		default:
			if x, y := toLogical(t.X, t.Y); x != n.PointerX || y != n.PointerY {
				n.PointerX, n.PointerY, n.PointerMoved = x, y, true
			}
		}
		n.PointerDown = true
	}
}
