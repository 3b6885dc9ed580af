//go:build !js

package replayview_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/replay/replaytest"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/folderpick"
	"github.com/jankenarcade/janken/scenes/replayview"
	"github.com/jankenarcade/janken/scenes/scenetest"
)

// exporting is a replay watched in the viewer, on a director fed by a
// script, whose exports start in the folder from.
type exporting struct {
	d   *scenes.Director
	src *input.Script
	v   *replayview.Viewer
	r   *replay.Replay
}

func newExporting(t *testing.T, from string) *exporting {
	t.Helper()
	e := &exporting{src: new(input.Script)}
	var err error
	if e.r, err = replaytest.Play(ninjan.Definition(), "ninjan/1", 3, nil, 4); err != nil {
		t.Fatal(err)
	}
	e.d = scenes.New(scenes.Options{Source: e.src, Store: persist.At(t.TempDir()), Games: games.Entries(), Watch: games.Watch,
		Start: func(d *scenes.Director) scenes.Scene {
			s, err := games.Watch(d, e.r)
			if err != nil {
				t.Fatal(err)
			}
			e.v = s.(*replayview.Viewer)
			return e.v
		}})
	s := e.d.Settings()
	s.ExportDir = from
	e.d.SetSettings(s)
	scenetest.Run(t, e.d, 2, nil)
	return e
}

// export clicks Export and returns the folder chooser it opens.
func (e *exporting) export(t *testing.T) *folderpick.Picker {
	t.Helper()
	e.src.Advance()
	e.src.Do(input.MouseMove(scenes.ScreenWidth-75, 20), input.MouseDown(ebiten.MouseButtonLeft))
	scenetest.Run(t, e.d, 1, nil)
	e.src.Advance()
	e.src.Do(input.MouseUp(ebiten.MouseButtonLeft))
	scenetest.Run(t, e.d, 1, nil)
	settle(t, e.d)
	p, ok := e.d.Top().(*folderpick.Picker)
	if !ok {
		t.Fatalf("Export opened %q, not the folder chooser", e.d.Status().Scene)
	}
	return p
}

// keys taps each key in turn.
func (e *exporting) keys(t *testing.T, keys ...ebiten.Key) {
	t.Helper()
	for _, k := range keys {
		press(t, e.d, e.src, k)
	}
}

// pad taps gamepad 0's button b.
func (e *exporting) pad(t *testing.T, b ebiten.StandardGamepadButton) {
	t.Helper()
	e.src.Do(input.PadDown(0, b))
	scenetest.Run(t, e.d, 1, nil)
	e.src.Advance()
	e.src.Do(input.PadUp(0, b))
	scenetest.Run(t, e.d, 1, nil)
	e.src.Advance()
}

// files lists dir's files, hidden ones too.
func files(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range entries {
		if !f.IsDir() {
			out = append(out, f.Name())
		}
	}
	return out
}

// TestExportToAChosenFolder steps the folder chooser tick by tick, from
// the keys and a gamepad, into a folder two levels down, out and in
// again, and chooses it: the replay is written there under a new name
// (a second export never overwrites the first), reads back as the same
// replay, leaves no temporary file, and the next export opens there.
func TestExportToAChosenFolder(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"alpha/beta", "zeta", ".hidden"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e := newExporting(t, root)
	p := e.export(t)
	if p.Dir() != root || !slices.Equal(p.Folders(), []string{"alpha", "zeta"}) {
		t.Fatalf("the chooser opens at %s listing %q", p.Dir(), p.Folders())
	}
	// Choose this folder, Up, alpha/, zeta/, Cancel: into alpha by
	// Down Down Enter, into beta by the pad, up by Left and in again by Right.
	e.keys(t, ebiten.KeyArrowDown, ebiten.KeyArrowDown, ebiten.KeyEnter)
	if p.Dir() != filepath.Join(root, "alpha") {
		t.Fatalf("Enter on alpha/ shows %s", p.Dir())
	}
	e.src.Do(input.PadConnect(0))
	e.pad(t, ebiten.StandardGamepadButtonLeftBottom)
	e.pad(t, ebiten.StandardGamepadButtonLeftBottom)
	e.pad(t, ebiten.StandardGamepadButtonRightBottom)
	beta := filepath.Join(root, "alpha", "beta")
	if p.Dir() != beta {
		t.Fatalf("the pad's A on beta/ shows %s", p.Dir())
	}
	e.keys(t, ebiten.KeyArrowLeft)
	if p.Dir() != filepath.Join(root, "alpha") {
		t.Fatalf("Left from beta shows %s", p.Dir())
	}
	e.keys(t, ebiten.KeyArrowDown, ebiten.KeyArrowDown, ebiten.KeyArrowRight)
	if p.Dir() != beta || p.Cursor() != 0 {
		t.Fatalf("Right on beta/ shows %s, cursor %d", p.Dir(), p.Cursor())
	}
	e.keys(t, ebiten.KeyEnter) // Choose this folder
	settle(t, e.d)
	if e.d.Top() != scenes.Scene(e.v) {
		t.Fatalf("after choosing, %q shows", e.d.Status().Scene)
	}
	if got := e.d.Settings().ExportDir; got != beta {
		t.Errorf("the settings keep %q as the export folder, want %q", got, beta)
	}
	p = e.export(t)
	if p.Dir() != beta {
		t.Errorf("the second export opens at %s, want %s", p.Dir(), beta)
	}
	e.keys(t, ebiten.KeyEnter)
	settle(t, e.d)
	got := files(t, beta)
	want := []string{replayview.FileName(&e.r.Header), strings.TrimSuffix(replayview.FileName(&e.r.Header), library.Ext) + "-2" + library.Ext}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("exported %q, want %q", got, want)
	}
	for _, name := range got {
		data, err := os.ReadFile(filepath.Join(beta, name))
		if err != nil {
			t.Fatal(err)
		}
		back, err := replay.Decode(data)
		if err != nil || len(back.Steps) != len(e.r.Steps) || back.Header.Seed != e.r.Header.Seed {
			t.Errorf("%s reads back as %v, %v", name, back, err)
		}
	}
	if others := files(t, root); len(others) != 0 {
		t.Errorf("left in the first folder: %q", others)
	}
}

// TestExportCancels: Back closes the chooser and writes nothing.
func TestExportCancels(t *testing.T) {
	root := t.TempDir()
	e := newExporting(t, root)
	e.export(t)
	e.keys(t, ebiten.KeyEscape)
	settle(t, e.d)
	if e.d.Top() != scenes.Scene(e.v) || len(files(t, root)) != 0 {
		t.Errorf("after Back: %q shows, %q written", e.d.Status().Scene, files(t, root))
	}
}

// unwritable returns a folder this process cannot write in: a folder
// made read-only, or for a root user, whom that does not stop, /sys.
func unwritable(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	if folderpick.Writable(dir) != nil {
		return dir
	}
	if folderpick.Writable("/sys") != nil {
		return "/sys"
	}
	t.Fatal("no folder this process cannot write in")
	return ""
}

// TestExportRefusesAnUnwritableFolder: choosing a folder the program
// cannot write in says so, writes nothing, and leaves the chooser open.
func TestExportRefusesAnUnwritableFolder(t *testing.T) {
	dir := unwritable(t)
	before := files(t, dir)
	e := newExporting(t, dir)
	p := e.export(t)
	e.keys(t, ebiten.KeyEnter) // Choose this folder
	scenetest.Run(t, e.d, 10, nil)
	if e.d.Top() != scenes.Scene(p) {
		t.Fatalf("the chooser closed on an unwritable folder: %q shows", e.d.Status().Scene)
	}
	if !strings.Contains(p.Detail(), "cannot write in "+dir) {
		t.Errorf("the chooser says %q", p.Detail())
	}
	if after := files(t, dir); !slices.Equal(after, before) {
		t.Errorf("files in %s: %q, before %q", dir, after, before)
	}
	if e.d.Settings().ExportDir != dir {
		t.Errorf("the settings' export folder changed to %q", e.d.Settings().ExportDir)
	}
	scenetest.Shoot(t, e.d, "folder-chooser-unwritable")
}

// choosing reports whether the folder chooser shows on e's director.
func (e *exporting) choosing() bool {
	_, ok := e.d.Top().(*folderpick.Picker)
	return ok
}

// TestExportByKeyAndPad steps the viewer tick by tick: the export key
// opens the folder chooser on the tick it goes down, and so does the
// pad's export button; Back returns to the viewer each time. Bound on
// the controls screen to an action, the key does that action instead.
func TestExportByKeyAndPad(t *testing.T) {
	e := newExporting(t, t.TempDir())
	e.src.Do(input.KeyDown(replayview.ExportKey))
	scenetest.Run(t, e.d, 1, nil)
	e.src.Advance()
	settle(t, e.d)
	if !e.choosing() {
		t.Fatalf("%s opened %q, not the folder chooser", input.KeyCap(replayview.ExportKey), e.d.Status().Scene)
	}
	e.src.Do(input.KeyUp(replayview.ExportKey))
	e.keys(t, ebiten.KeyEscape)
	settle(t, e.d)
	if e.d.Top() != scenes.Scene(e.v) {
		t.Fatalf("Back from the chooser shows %q", e.d.Status().Scene)
	}

	e.src.Do(input.PadConnect(0))
	scenetest.Run(t, e.d, 1, nil)
	e.src.Advance()
	e.src.Do(input.PadDown(0, replayview.ExportPad))
	scenetest.Run(t, e.d, 1, nil)
	e.src.Advance()
	settle(t, e.d)
	if !e.choosing() {
		t.Fatalf("the pad's %s opened %q, not the folder chooser", input.PadCap(replayview.ExportPad), e.d.Status().Scene)
	}
	e.src.Do(input.PadUp(0, replayview.ExportPad))
	e.pad(t, ebiten.StandardGamepadButtonRightRight) // B: back
	settle(t, e.d)
	if e.d.Top() != scenes.Scene(e.v) {
		t.Fatalf("B from the chooser shows %q", e.d.Status().Scene)
	}

	c := e.d.Router().Controls()
	if err := c.BindKey(0, rulesets.ButtonConfirm, replayview.ExportKey); err != nil {
		t.Fatal(err)
	}
	if err := e.d.Router().SetControls(c); err != nil {
		t.Fatal(err)
	}
	e.keys(t, replayview.ExportKey)
	if e.choosing() || !e.v.Playing() {
		t.Errorf("bound to Confirm, %s opened %q, playing %v", input.KeyCap(replayview.ExportKey), e.d.Status().Scene, e.v.Playing())
	}
}

// TestExportHint: the band names the export key and button, until the
// player touches the screen: then it says to tap Export.
func TestExportHint(t *testing.T) {
	e := newExporting(t, t.TempDir())
	said := func(shot string) string {
		var lines []string
		e.d.RecordText(func(line string, _, _ float64) { lines = append(lines, line) })
		defer e.d.RecordText(nil)
		scenetest.Shoot(t, e.d, shot)
		return strings.Join(lines, "\n")
	}
	want := input.KeyCap(replayview.ExportKey) + " / " + input.PadCap(replayview.ExportPad) + ": export"
	if s := said("replay-viewer-hint-keys"); !strings.Contains(s, want) {
		t.Errorf("the viewer says\n%s\nwithout %q", s, want)
	}
	e.src.Do(input.TouchDown(1, 640, 300))
	scenetest.Run(t, e.d, 1, nil)
	e.src.Advance()
	e.src.Do(input.TouchUp(1))
	scenetest.Run(t, e.d, 1, nil)
	e.src.Advance()
	if s := said("replay-viewer-hint-touch"); strings.Contains(s, ": export") || !strings.Contains(s, "tap Export") {
		t.Errorf("on a touch screen the viewer says\n%s", s)
	}
}
