package cardtable_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/cardtable"
	"github.com/jankenarcade/janken/scenes/replayview"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// tap presses each key for a tick, then lets it go for one.
func tap(t *testing.T, d *scenes.Director, src *input.Script, keys ...ebiten.Key) {
	t.Helper()
	for _, key := range keys {
		src.Do(input.KeyDown(key))
		scenetest.Run(t, d, 1, nil)
		src.Advance()
		src.Do(input.KeyUp(key))
		scenetest.Run(t, d, 1, nil)
		src.Advance()
	}
}

// snapshotter is a card table's runner.
type snapshotter interface {
	Snapshot() ([]byte, error)
}

// snapshot returns what any screen could show of table s's match.
func snapshot(t *testing.T, s scenes.Scene) []byte {
	t.Helper()
	b, err := s.(snapshotter).Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// appendNew appends b to seq unless it repeats seq's last.
func appendNew(seq [][]byte, b []byte) [][]byte {
	if len(seq) > 0 && bytes.Equal(seq[len(seq)-1], b) {
		return seq
	}
	return append(seq, b)
}

// TestViewerShowsTheLiveMatch plays a match of each game and variant,
// noting every view of it whenever one changed, then steps the replay
// viewer through its replay: at every step the viewer's table holds the
// very views the live one did; stepping back and seeking land on them
// too.
func TestViewerShowsTheLiveMatch(t *testing.T) {
	for _, tc := range couchCases {
		t.Run(tc.name, func(t *testing.T) {
			d, table := openCouch(t, tc.open, 78, scenes.Options{})
			var live [][]byte
			run(t, d, 40000, func() bool {
				live = appendNew(live, snapshot(t, table))
				return table.Ended()
			})
			r, _ := table.Replay()
			g, _ := games.Find(tc.game)
			s, err := g.Watch(d, r)
			if err != nil {
				t.Fatal(err)
			}
			feed := s.(*replayview.Viewer).Feed()
			var watched [][]byte
			watched = appendNew(watched, snapshot(t, feed.Scene()))
			atStep := [][]byte{snapshot(t, feed.Scene())}
			for feed.Pos() < feed.Len() {
				if err := feed.Next(); err != nil {
					t.Fatal(err)
				}
				watched = appendNew(watched, snapshot(t, feed.Scene()))
				atStep = append(atStep, snapshot(t, feed.Scene()))
			}
			if len(watched) != len(live) {
				t.Fatalf("the viewer showed %d states, the live match %d", len(watched), len(live))
			}
			for i := range live {
				if !bytes.Equal(watched[i], live[i]) {
					t.Fatalf("state %d differs:\nlive    %s\nwatched %s", i, live[i], watched[i])
				}
			}
			for _, n := range []int{len(atStep) / 2, 0, len(atStep) - 1, 1} {
				if err := feed.Seek(n); err != nil {
					t.Fatal(err)
				}
				if got := snapshot(t, feed.Scene()); !bytes.Equal(got, atStep[n]) {
					t.Errorf("seek to %d: %s\nwant %s", n, got, atStep[n])
				}
			}
		})
	}
}

// TestViewerControls works the viewer as a player would: play runs the
// steps at the speed's pace, a step forward plays one step to its end,
// a step back and the seek bar set the table out again, and the hand
// shown cycles through the seats.
func TestViewerControls(t *testing.T) {
	src := new(input.Script)
	d, v, r := watchCouch(t, couchCases[0].open, 79, scenes.Options{Source: src}) // Ninjan
	scenetest.Run(t, d, 2, nil)
	feed := v.Feed()
	if v.Playing() || feed.Pos() != 0 {
		t.Fatalf("the viewer opens playing %v at step %d", v.Playing(), feed.Pos())
	}
	v.Toggle()
	scenetest.Until(t, d, 5000, nil, func() bool { return feed.Pos() >= 3 })
	ticks1x := scenetest.Until(t, d, 5000, nil, func() bool { return feed.Pos() >= 6 })
	for v.Speed() < 4 {
		tap(t, d, src, ebiten.KeyArrowUp)
	}
	from := feed.Pos()
	ticks4x := scenetest.Until(t, d, 5000, nil, func() bool { return feed.Pos() >= from+3 })
	if ticks4x*2 > ticks1x {
		t.Errorf("3 steps took %d ticks at 4×, %d at 1×", ticks4x, ticks1x)
	}
	v.Toggle()
	at := feed.Pos()
	scenetest.Run(t, d, 200, nil)
	if v.Playing() || feed.Pos() != at {
		t.Fatalf("paused at %d, then at %d", at, feed.Pos())
	}
	scenetest.Shoot(t, d, "replay-viewer-ninjan")
	v.StepBack()
	if feed.Pos() != at-1 {
		t.Errorf("a step back from %d lands on %d", at, feed.Pos())
	}
	v.Seek(feed.Len())
	if feed.Pos() != feed.Len() {
		t.Errorf("seeking the end lands on %d of %d", feed.Pos(), feed.Len())
	}
	for want := range len(r.Header.Seats) {
		v.NextHand()
		if feed.Shown() != want {
			t.Errorf("the hand shown is %d, want %d", feed.Shown(), want)
		}
	}
	v.NextHand()
	if feed.Shown() != -1 {
		t.Errorf("after the last seat the hand shown is %d, want none", feed.Shown())
	}
	v.NextHand()
	scenetest.Run(t, d, 2, nil)
	scenetest.Shoot(t, d, "replay-viewer-ninjan-hand")
}

// TestResultsOfferTheReplay: a match's results offer "Watch replay" under
// "Play again", which opens the viewer on the match just played.
func TestResultsOfferTheReplay(t *testing.T) {
	tc := couchCases[1] // That's Mine
	src := new(input.Script)
	d, table := openCouch(t, tc.open, 80, scenes.Options{Source: src, Watch: games.Watch})
	run(t, d, 40000, func() bool { return d.Status().Scene == "results" && !d.Status().Transitioning })
	played, _ := table.Replay()
	tap(t, d, src, ebiten.KeyArrowDown, ebiten.KeyEnter)
	scenetest.Run(t, d, 40, nil)
	v, ok := d.Top().(*replayview.Viewer)
	if !ok {
		t.Fatalf("Watch replay opened %q", d.Status().Scene)
	}
	if v.Feed().Replay() != played {
		t.Error("the viewer plays another replay than the match's")
	}
	scenetest.Shoot(t, d, "replay-viewer-thatsmine")
}

// TestViewerSeatsUnknownBots: a replay naming a bot this build lacks
// still plays, its seat empty.
func TestViewerSeatsUnknownBots(t *testing.T) {
	d, table := openCouch(t, couchCases[0].open, 81, scenes.Options{})
	run(t, d, 40000, table.Ended)
	r, _ := table.Replay()
	r.Header.Seats[1].Bot = "grandmaster"
	g, _ := games.Find(r.Header.Game)
	if _, err := g.Watch(d, r); err != nil {
		t.Fatal(err)
	}
}

// logged is a card table's runner, with its log.
type logged interface {
	Status() *cardtable.Status
}

// watchCouch plays the couch match open opens for secret to its end, and
// puts the viewer of its replay on top of the match's director.
func watchCouch(t *testing.T, open func(d *scenes.Director, secret uint64) (replayed, error), secret uint64, opts scenes.Options) (*scenes.Director, *replayview.Viewer, *replay.Replay) {
	t.Helper()
	d, table := openCouch(t, open, secret, opts)
	run(t, d, 40000, table.Ended)
	r, _ := table.Replay()
	s, err := games.Watch(d, r)
	if err != nil {
		t.Fatal(err)
	}
	v := s.(*replayview.Viewer)
	d.Push(v, scenes.Transition{Kind: scenes.Cut})
	return d, v, r
}

// logLines returns the log of the table v shows.
func logLines(v *replayview.Viewer) []string {
	return slices.Clone(v.Feed().Scene().(logged).Status().Lines())
}

// playLogged plays v's replay through d from where it is to its end, and
// returns the log at each step once the step has shown.
func playLogged(t *testing.T, d *scenes.Director, v *replayview.Viewer) [][]string {
	t.Helper()
	feed := v.Feed()
	played := make([][]string, feed.Len()+1)
	v.Toggle()
	for tick := 0; v.Playing(); tick++ {
		if tick == 100000 {
			t.Fatalf("the replay stopped at step %d of %d", feed.Pos(), feed.Len())
		}
		if err := d.Update(); err != nil {
			t.Fatal(err)
		}
		if !feed.Busy() {
			played[feed.Pos()] = logLines(v)
		}
	}
	return played
}

// checkSeekLogs checks that after a seek to each of steps, the log holds
// what it held played.
func checkSeekLogs(t *testing.T, d *scenes.Director, v *replayview.Viewer, played [][]string, steps ...int) {
	t.Helper()
	for _, n := range steps {
		v.Seek(n)
		scenetest.Run(t, d, 1, nil)
		if got := logLines(v); !slices.Equal(got, played[n]) {
			t.Errorf("after a seek to step %d the log holds\n%q\nplayed, it held\n%q", n, got, played[n])
		}
	}
}

// finishes reports whether a line of text says that the game is over
// or who won it.
func finishes(line string) bool {
	return strings.Contains(line, "Game over") || strings.HasSuffix(line, " wins!") || strings.HasSuffix(line, " share the win!")
}

// checkFinished checks that the table v shows, set out at the end of its
// match, says so beyond its log — that the game is over, or who won — and
// not that the players are still choosing.
func checkFinished(t *testing.T, d *scenes.Director, v *replayview.Viewer) {
	t.Helper()
	var drawn []string
	d.RecordText(func(line string, _, _ float64) { drawn = append(drawn, line) })
	defer d.RecordText(nil)
	scenetest.Shoot(t, d, "replay-viewer-finished")
	said := strings.Join(drawn, "\n")
	if strings.Contains(said, "still choosing") ||
		len(slices.DeleteFunc(drawn, func(l string) bool { return !finishes(l) })) <= len(slices.DeleteFunc(logLines(v), func(l string) bool { return !finishes(l) })) {
		t.Errorf("at the end of the replay the table says only in its log that the game is over:\n%s", said)
	}
}

// TestSeekWritesTheLog: after a seek, the game log holds the lines it
// held when the replay was played up to there, in each game and variant.
// Set out at the end, the table says the game is over, as played; it
// shoots the viewer there, at 1280×720 and 960×540.
func TestSeekWritesTheLog(t *testing.T) {
	for _, tc := range couchCases {
		t.Run(tc.name, func(t *testing.T) {
			d, v, _ := watchCouch(t, tc.open, 82, scenes.Options{})
			played := playLogged(t, d, v)
			n := v.Feed().Len()
			if len(played[n]) < 10 {
				t.Fatalf("the log at the end: %q", played[n])
			}
			checkSeekLogs(t, d, v, played, 1, n/3, n/2, n-1, n)
			checkFinished(t, d, v)
			// The end's headline, clear of the viewer's title and bar.
			scenetest.Shoot(t, d, "replay-viewer-end-"+tc.name)
			scenetest.ShootSize(t, d, "replay-viewer-end-"+tc.name+"-960", 960, 540)
		})
	}
}

// TestViewerNamesPhonePlayers: a seat played on a phone is named in the
// viewer as the player named themselves, as it was on the TV, not
// "Player N".
func TestViewerNamesPhonePlayers(t *testing.T) {
	d, table := openCouch(t, couchCases[0].open, 82, scenes.Options{})
	run(t, d, 40000, table.Ended)
	r, _ := table.Replay()
	r.Header.Seats[0] = replay.Seat{Kind: replay.Phone, Name: "Bo"}
	g, _ := games.Find(r.Header.Game)
	s, err := g.Watch(d, r)
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*replayview.Viewer).Feed().Scene().(logged).Status()
	if st.Who[0] != "Bo" || st.Names[0] != "Bo" {
		t.Errorf("the phone's seat is %q (names %q), want Bo", st.Who[0], st.Names[0])
	}
}
