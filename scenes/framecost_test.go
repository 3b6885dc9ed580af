package scenes_test

import (
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/internal/cputime"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/rulesets/slam"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/scenes/slamtable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

// frameScreens are the screens the frame-cost benchmark and screenshots
// draw.
var frameScreens = []struct {
	name string
	open func(testing.TB) *scenes.Director
}{
	{"title", titleDirector},
	{"slam8-race", slamRaceDirector},
	{"ninjan-table", ninjanDirector},
}

// TestFrameScreens shoots the screens of the frame-cost benchmark
// (janken-frame-*.png in the temporary directory), for a person to compare
// before and after a change to the drawing primitives; each must be drawn,
// not blank.
func TestFrameScreens(t *testing.T) {
	for _, fs := range frameScreens {
		t.Run(fs.name, func(t *testing.T) {
			img := scenetest.Shoot(t, fs.open(t), "frame-"+fs.name)
			colours := map[color.RGBA]bool{}
			for i := 0; i+3 < len(img.Pix); i += 4 {
				colours[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}] = true
			}
			if len(colours) < 50 {
				t.Errorf("%d distinct colours: blank or nearly", len(colours))
			}
		})
	}
}

// BenchmarkFrameCost draws a screen into a 1280×720 offscreen image and,
// alternating with it in the same loop, a trivial Ebitengine frame (a
// fill and a line of text). Each frame ends with a one-pixel read, which
// waits for the GPU, so both times include the GPU's work. It reports
// the time of a frame of each and fps-vs-trivial: the screen's frame rate
// as a fraction of the trivial frame's (1 is as cheap as a bare page);
// cpu-vs-trivial is the same ratio in processor time, steadier on a
// machine shared with other work.
//
//	xvfb-run -a -s "-screen 0 1280x720x24" go test -run '^$' -bench FrameCost ./scenes/
func BenchmarkFrameCost(b *testing.B) {
	for _, bc := range frameScreens {
		b.Run(bc.name, func(b *testing.B) {
			d := bc.open(b)
			screen := ebiten.NewImage(scenes.ScreenWidth, scenes.ScreenHeight)
			defer screen.Deallocate()
			trivial := newTrivialFrame()
			// Warm up: sprites painted, glyphs cached, shapes cached.
			for range 3 {
				drawAndWait(screen, d.Draw)
				drawAndWait(screen, trivial.draw)
			}
			var scene, trivialFrame frameCost
			b.ResetTimer()
			for range b.N {
				scene.add(drawAndWait(screen, d.Draw))
				trivialFrame.add(drawAndWait(screen, trivial.draw))
			}
			n := float64(b.N)
			b.ReportMetric(float64(scene.wall.Microseconds())/n, "µs/frame")
			b.ReportMetric(float64(trivialFrame.wall.Microseconds())/n, "µs/trivial-frame")
			b.ReportMetric(float64(trivialFrame.wall)/float64(scene.wall), "fps-vs-trivial")
			if scene.cpu > 0 {
				b.ReportMetric(float64(trivialFrame.cpu)/float64(scene.cpu), "cpu-vs-trivial")
			}
		})
	}
}

// frameCost is the time frames took: on the wall clock, and in processor
// time of every thread, which a machine busy with other work inflates far
// less (a software GL renderer draws in the process's own threads).
type frameCost struct{ wall, cpu time.Duration }

func (f *frameCost) add(g frameCost) { f.wall += g.wall; f.cpu += g.cpu }

// drawAndWait draws one frame on screen, waits until the GPU has drawn it
// and returns how long that took.
func drawAndWait(screen *ebiten.Image, draw func(*ebiten.Image)) frameCost {
	start, cpu := time.Now(), cputime.Used()
	draw(screen)
	var px [4]byte
	screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px[:])
	return frameCost{time.Since(start), cputime.Used() - cpu}
}

// trivialFrame is the trivial Ebitengine program's frame: a fill and a
// line of text.
type trivialFrame struct {
	face text.Face
	opts text.DrawOptions
}

func newTrivialFrame() *trivialFrame {
	f := &trivialFrame{face: assets.Face(32)}
	f.opts.GeoM.Translate(100, 100)
	return f
}

func (f *trivialFrame) draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x20, 0x18, 0x40, 0xff})
	text.Draw(screen, "Janken Arcade", f.face, &f.opts)
}

// titleDirector opens the title screen with the four games, past its
// opening transition.
func titleDirector(tb testing.TB) *scenes.Director {
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(tb.TempDir()),
		Games: []scenes.Entry{thatsminetable.Entry(), ninjantable.Entry(), elevensuitstable.Entry(), slamtable.Entry()}})
	step(tb, d, 60)
	return d
}

// slamRaceDirector opens eight bots at Slam, the busiest table, and plays
// until a card is up with piles on the table.
func slamRaceDirector(tb testing.TB) *scenes.Director { return slamDirector(tb, 0) }

// slamDirector opens Slam for eight, the first humans of them people on
// the keyboard's zones with number and letter keys (whose panels show
// their keys) and the rest bots,
// and plays until a card is up with piles on the table.
func slamDirector(tb testing.TB, humans int) *scenes.Director {
	d, table := slamOn(tb, new(input.Script), humans)
	for tick := 0; ; tick++ {
		if tick > 20000 {
			tb.Fatal("no card up after 20000 ticks")
		}
		if st := table.State(); st.Tick() > 1200 && st.Phase() == slam.PhaseRacing && st.Tick()-st.Card().FlipTick == 10 {
			return d
		}
		step(tb, d, 1)
	}
}

// slamOn opens slamDirector's table on src, at its first tick.
func slamOn(tb testing.TB, src input.Source, humans int) (*scenes.Director, *slamtable.Table) {
	seats := lobby.Seating{Router: input.NewRouter()}
	for i := range 8 {
		if i < humans {
			dev := input.Device{Kind: input.KeyZone, Index: i + 2} // the zones with gesture keys
			if err := seats.Router.Bind(i, dev); err != nil {
				tb.Fatal(err)
			}
			seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Human, Device: dev})
			continue
		}
		seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Bot, Bot: "easy"})
	}
	var table *slamtable.Table
	d := scenes.New(scenes.Options{Source: src, Store: persist.At(tb.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			table = slamtable.NewTable(d, seats, slam.DefaultConfig(8), 11)
			return table
		}})
	return d, table
}

// ninjanDirector opens a Ninjan table of a human on the left keyboard
// zone and three bots, a hand dealt and the first pick to make.
func ninjanDirector(tb testing.TB) *scenes.Director { return cardTableDirector(tb, 3, 120, openNinjan) }

// thatsMineDirector opens a That's Mine table of a human on the left
// keyboard zone and three bots, a hand dealt and a card to choose.
func thatsMineDirector(tb testing.TB) *scenes.Director {
	return cardTableDirector(tb, 3, 240, openThatsMine)
}

// elevenSuitsDirector opens an Eleven Suits table of a human on the left
// keyboard zone and two bots, with the memory aid on.
func elevenSuitsDirector(tb testing.TB) *scenes.Director {
	return cardTableDirector(tb, 2, 240, openElevenSuits)
}

func openNinjan(d *scenes.Director, seats lobby.Seating) (scenes.Scene, error) {
	return ninjantable.New(d, seats, nil, 7)
}

func openThatsMine(d *scenes.Director, seats lobby.Seating) (scenes.Scene, error) {
	return thatsminetable.New(d, seats, nil, 7)
}

func openElevenSuits(d *scenes.Director, seats lobby.Seating) (scenes.Scene, error) {
	return elevensuitstable.NewTable(d, elevensuitstable.Options{MemoryAid: true, Seating: seats, Secret: 7})
}

// tableOpener makes a card table's first scene for seats.
type tableOpener func(*scenes.Director, lobby.Seating) (scenes.Scene, error)

// cardTableDirector opens the table open makes for a human on the left
// keyboard zone and bots easy bots, and runs it ticks ticks.
func cardTableDirector(tb testing.TB, bots, ticks int, open tableOpener) *scenes.Director {
	d := cardTableOn(tb, new(input.Script), bots, open)
	step(tb, d, ticks)
	return d
}

// cardTableOn opens cardTableDirector's table on src, at its first tick.
func cardTableOn(tb testing.TB, src input.Source, bots int, open tableOpener) *scenes.Director {
	return cardTableAt(tb, src, input.Device{Kind: input.KeyZone, Index: 0}, bots, open)
}

// cardTableAt opens the table open makes for a human playing with human
// and bots easy bots, on src, at its first tick.
func cardTableAt(tb testing.TB, src input.Source, human input.Device, bots int, open tableOpener) *scenes.Director {
	seats := lobby.Seating{Router: input.NewRouter(), Seats: []lobby.Seat{{Kind: lobby.Human, Device: human}}}
	if err := seats.Router.Bind(0, human); err != nil {
		tb.Fatal(err)
	}
	for range bots {
		seats.Seats = append(seats.Seats, lobby.Seat{Kind: lobby.Bot, Bot: "easy"})
	}
	return scenes.New(scenes.Options{Source: src, Store: persist.At(tb.TempDir()),
		Start: func(d *scenes.Director) scenes.Scene {
			s, err := open(d, seats)
			if err != nil {
				tb.Fatal(err)
			}
			return s
		}})
}

// step runs the director n ticks.
func step(tb testing.TB, d *scenes.Director, n int) {
	tb.Helper()
	for range n {
		if err := d.Update(); err != nil {
			tb.Fatal(err)
		}
	}
}
