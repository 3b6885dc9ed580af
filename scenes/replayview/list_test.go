//go:build !js

package replayview_test

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/catalog"
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/replay/replaytest"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/replayview"
	"github.com/jankenarcade/janken/scenes/scenetest"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

func TestMain(m *testing.M) { scenetest.Main(m) }

var games = catalog.List{thatsminetable.Game(), ninjantable.Game()}

// keep plays and keeps a game of each: That's Mine first, Ninjan a
// minute later; the second Ninjan one under other rules.
func keep(t *testing.T, store *persist.Store) {
	t.Helper()
	lib := library.At(store)
	for i, play := range []func() (*replay.Replay, error){
		func() (*replay.Replay, error) { return replaytest.Play(tm.Definition(), "thatsmine/1", 3, nil, 1) },
		func() (*replay.Replay, error) { return replaytest.Play(ninjan.Definition(), "ninjan/1", 3, nil, 2) },
		func() (*replay.Replay, error) {
			r, err := replaytest.Play(ninjan.Definition(), "ninjan/1", 3, nil, 3)
			if r != nil {
				r.Header.Rules = "ninjan/0"
			}
			return r, err
		},
	} {
		r, err := play()
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Date = time.Date(2026, 11, 24, 5, i, 0, 0, time.UTC)
		if _, err := lib.Save(r); err != nil {
			t.Fatal(err)
		}
	}
}

// press taps key for one tick, then lets it go for one.
func press(t *testing.T, d *scenes.Director, src *input.Script, key ebiten.Key) {
	t.Helper()
	src.Do(input.KeyDown(key))
	scenetest.Run(t, d, 1, nil)
	src.Advance()
	src.Do(input.KeyUp(key))
	scenetest.Run(t, d, 1, nil)
	src.Advance()
}

// settle runs d until its transition (which waits for a table's
// sprites) has ended.
func settle(t *testing.T, d *scenes.Director) {
	t.Helper()
	scenetest.Until(t, d, 2000, nil, func() bool { return !d.Status().Transitioning })
}

// TestListOpensKeptReplays: the list shows the kept replays newest first;
// Enter on one opens its game's viewer, Back returns; a replay of other
// rules is refused with both versions named, and nothing opens.
func TestListOpensKeptReplays(t *testing.T) {
	store := persist.At(t.TempDir())
	keep(t, store)
	src := new(input.Script)
	var list *replayview.List
	d := scenes.New(scenes.Options{Source: src, Store: store, Games: games.Entries(), Watch: games.Watch,
		Start: func(d *scenes.Director) scenes.Scene { list = replayview.NewList(d); return list }})
	scenetest.Run(t, d, 2, nil)
	es := list.Entries()
	if len(es) != 3 || es[0].Header.Rules != "ninjan/0" || es[2].Header.Game != "thatsmine" {
		t.Fatalf("listed %+v", es)
	}
	scenetest.Shoot(t, d, "replay-list")
	press(t, d, src, ebiten.KeyEnter) // the newest: other rules
	if d.Status().Scene != "replays" {
		t.Fatalf("a replay of other rules opened %q", d.Status().Scene)
	}
	press(t, d, src, ebiten.KeyArrowDown)
	press(t, d, src, ebiten.KeyEnter)
	settle(t, d)
	if d.Status().Scene != "replay" {
		t.Fatalf("Enter on a Ninjan replay opened %q", d.Status().Scene)
	}
	press(t, d, src, ebiten.KeyEscape)
	settle(t, d)
	if d.Status().Scene != "replays" {
		t.Errorf("Back from the viewer lands on %q", d.Status().Scene)
	}
}

// TestListOpensFiles: a file picked or dropped on the page opens the
// viewer when it is a replay; a corrupt one is named in an error and the
// list stays as it was.
func TestListOpensFiles(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("..", "..", "replay", "testdata", "ninjan.jrp"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, file string
		data       []byte
		scene      string // the top scene after
		notice     string // in the list's notice, "" for none
	}{
		{"a replay", "ninjan.jrp", good, "replay", ""},
		{"truncated", "half.jrp", good[:len(good)/2], "replays", "half.jrp: replay: truncated"},
		{"not a replay", "notes.jrp", []byte("hello, world"), "replays", "notes.jrp: replay: not a replay"},
		{"flipped byte", "flip.jrp", flip(good, len(good)/2), "replays", "flip.jrp: replay: checksum mismatch"},
		{"a name no build writes", "evil.jrp", forgeNames(t, good), "replays", "evil.jrp: replay: corrupt: header: seat 1's name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var list *replayview.List
			d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir()), Games: games.Entries(), Watch: games.Watch,
				Start: func(d *scenes.Director) scenes.Scene { list = replayview.NewList(d); return list }})
			scenetest.Run(t, d, 2, nil)
			replayview.Deliver(t, tc.file, tc.data)
			scenetest.Run(t, d, 1, nil)
			settle(t, d)
			if got := d.Status().Scene; got != tc.scene {
				t.Errorf("top scene %q, want %q", got, tc.scene)
			}
			if got := list.Detail(); !strings.Contains(got, tc.notice) || (tc.notice == "") != (got == "") {
				t.Errorf("notice %q, want one with %q", got, tc.notice)
			}
		})
	}
}

// forgeNames returns the replay file good with a seat name no build
// writes: a bidirectional override, a line break and a line of W's that
// would run across every seat's panel. The file is otherwise sound: its
// checksum holds, as a forger makes it hold.
func forgeNames(t *testing.T, good []byte) []byte {
	t.Helper()
	const magic, plainFormat = "JKRP", 1
	body := good[len(magic)+1+4 : len(good)-4]
	if good[len(magic)] != plainFormat {
		var err error
		if body, err = io.ReadAll(flate.NewReader(bytes.NewReader(body))); err != nil {
			t.Fatal(err)
		}
	}
	n, k := binary.Uvarint(body)
	var h map[string]any
	if err := json.Unmarshal(body[k:k+int(n)], &h); err != nil {
		t.Fatal(err)
	}
	h["seats"].([]any)[0].(map[string]any)["name"] = "\u202eevil\n" + strings.Repeat("W", 120)
	head, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	forged := append(binary.AppendUvarint(nil, uint64(len(head))), head...)
	forged = append(forged, body[k+int(n):]...)
	file := append([]byte(magic), plainFormat, 0, 0, 0, 0)
	file = append(file, forged...)
	binary.LittleEndian.PutUint32(file[len(magic)+1:], uint32(len(file)+4))
	return binary.LittleEndian.AppendUint32(file, crc32.ChecksumIEEE(file))
}

// flip returns a copy of b with its i-th byte changed.
func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0xff
	return c
}
