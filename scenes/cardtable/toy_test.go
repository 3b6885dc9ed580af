package cardtable

import (
	"image/color"

	"errors"
	"slices"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// toy is a tiny hidden-hand game for the runner's tests: every seat holds
// the cards 1..rounds, all choose one at once in private, the highest
// card of the round scores a point (a tie scores nothing), and after
// rounds rounds the most points win.
type toy struct {
	seats, rounds, round int
	hands                []uint16 // bit c: card c in hand
	chosen               []int    // 0: not yet
	points               []int
	events               []toyEvent
}

type toyEvent struct {
	Round  int
	Winner int // -1 on a tie
	Cards  []int
}

func newToy(seats, rounds int) *toy {
	g := &toy{seats: seats, rounds: rounds, hands: make([]uint16, seats), chosen: make([]int, seats), points: make([]int, seats)}
	for s := range g.hands {
		g.hands[s] = uint16(1<<(rounds+1)) - 2
	}
	return g
}

func (g *toy) Seats() int              { return g.seats }
func (g *toy) Over() bool              { return g.round == g.rounds }
func (g *toy) Hash() uint64            { return 0 }
func (g *toy) Events() []toyEvent      { return g.events }
func (g *toy) ClearEvents()            { g.events = g.events[:0] }
func (g *toy) Check() error            { return nil }
func (g *toy) Scores(dst []int) []int  { return append(dst, g.points...) }
func (g *toy) Winners(dst []int) []int { return toyWinners(dst, g.points, g.Over()) }
func (g *toy) ToAct(dst []int) []int {
	v := g.view(-1)
	return v.ToAct(dst)
}
func (g *toy) Legal(s int, dst []int) []int {
	v := g.view(s)
	return v.Legal(dst)
}

func (g *toy) Apply(seat, card int) error {
	if !slices.Contains(g.Legal(seat, nil), card) {
		return errors.New("not a card you may play")
	}
	g.hands[seat] &^= 1 << card
	g.chosen[seat] = card
	for _, c := range g.chosen {
		if c == 0 {
			return nil
		}
	}
	e := toyEvent{Round: g.round, Winner: -1, Cards: slices.Clone(g.chosen)}
	best := slices.Max(g.chosen)
	if n := len(slices.DeleteFunc(slices.Clone(g.chosen), func(c int) bool { return c != best })); n == 1 {
		e.Winner = slices.Index(g.chosen, best)
		g.points[e.Winner]++
	}
	g.events = append(g.events, e)
	clear(g.chosen)
	g.round++
	return nil
}

func toyWinners(dst, points []int, over bool) []int {
	if !over {
		return dst
	}
	best := slices.Max(points)
	for s, p := range points {
		if p == best {
			dst = append(dst, s)
		}
	}
	return dst
}

// toyView is a seat's view: its own hand and choice, who has chosen, the
// points.
type toyView struct {
	Seat, Rounds, Round int
	Hand                uint16
	Choice              int
	Chosen              []bool
	Points              []int
}

func (g *toy) view(seat int) toyView {
	v := toyView{Seat: seat, Rounds: g.rounds, Round: g.round, Chosen: make([]bool, g.seats), Points: slices.Clone(g.points)}
	for s, c := range g.chosen {
		v.Chosen[s] = c != 0
	}
	if seat >= 0 {
		v.Hand, v.Choice = g.hands[seat], g.chosen[seat]
	}
	return v
}

func (v *toyView) Viewer() int             { return v.Seat }
func (v *toyView) Seats() int              { return len(v.Points) }
func (v *toyView) Over() bool              { return v.Round == v.Rounds }
func (v *toyView) Scores(dst []int) []int  { return append(dst, v.Points...) }
func (v *toyView) Winners(dst []int) []int { return toyWinners(dst, v.Points, v.Over()) }
func (v *toyView) ToAct(dst []int) []int {
	for s, c := range v.Chosen {
		if !c && !v.Over() {
			dst = append(dst, s)
		}
	}
	return dst
}

func (v *toyView) Legal(dst []int) []int {
	if v.Seat < 0 || v.Over() || v.Chosen[v.Seat] {
		return dst
	}
	for c := 1; c <= v.Rounds; c++ {
		if v.Hand&(1<<c) != 0 {
			dst = append(dst, c)
		}
	}
	return dst
}

func (v *toyView) Public(seat int) toyView {
	p := *v
	p.Seat, p.Hand, p.Choice = seat, 0, 0
	p.Chosen, p.Points = slices.Clone(v.Chosen), slices.Clone(v.Points)
	return p
}

func (v *toyView) Assume(seat, card int) {
	v.Chosen = slices.Clone(v.Chosen)
	v.Chosen[seat] = true
	if seat == v.Seat {
		v.Hand &^= 1 << card
		v.Choice = card
	}
}

// highBot plays its highest card.
type highBot struct{ asked []toyView }

func (b *highBot) Choose(v *toyView) int {
	b.asked = append(b.asked, *v)
	return slices.Max(v.Legal(nil))
}

// toyTable animates each round for showTicks, plays the human's highest
// card on Confirm, and draws nothing but the felt.
type toyTable struct {
	shown    []toyEvent
	busyTill int64
	inputs   []int // the seats asked for input, in order
	cheat    int   // if set, Input plays this card whatever is legal
	started  int   // Start's calls
	drawn    []int // the viewers of the views drawn
}

const showTicks = 10

func (t *toyTable) Show(_ *scenes.Context, st *Status, evs []toyEvent) {
	t.shown = append(t.shown, evs...)
	t.busyTill = st.Tick + showTicks
}

func (t *toyTable) Animate(_ *scenes.Context, st *Status, hurry bool) bool {
	if hurry {
		t.busyTill = st.Tick
	}
	return st.Tick < t.busyTill
}

func (t *toyTable) Start(*Status, *toyView) { t.started++ }

func (t *toyTable) Private(*toyView) bool { return true }

func (t *toyTable) Input(_ *scenes.Context, _ *Status, v *toyView, legal []int, pressed rulesets.Buttons) (int, bool) {
	t.inputs = append(t.inputs, v.Seat)
	if pressed.Has(rulesets.ButtonConfirm) {
		if t.cheat != 0 {
			return t.cheat, true
		}
		return slices.Max(legal), true
	}
	return 0, false
}

func (t *toyTable) Draw(c *scenes.Canvas, _ *Status, v *toyView) {
	t.drawn = append(t.drawn, v.Seat)
	c.FillRect(0, 0, scenes.ScreenWidth, scenes.ScreenHeight, color.RGBA{0x20, 0x40, 0x30, 0xff})
}

func (t *toyTable) Detail(pub *toyView, seat int) string { return "" }
