package replayview

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/replay"
	"github.com/jankenarcade/janken/replay/library"
	"github.com/jankenarcade/janken/scenes"
)

// List is the "Replays" screen: the replays the program keeps, newest
// first, each opened in its game's viewer; and a replay file dropped on
// the window (or the page) or, in the browser, picked, opened the same
// way.
type List struct {
	d       *scenes.Director
	lib     *library.Library // nil where nothing can be kept
	entries []library.Entry
	menu    scenes.Menu
	notice  string
	bd      *scenes.Backdrop
}

// NewList returns the list of the replays kept in d's store.
func NewList(d *scenes.Director) *List {
	l := &List{d: d, bd: scenes.NewBackdrop(),
		menu: scenes.Menu{X: 240, Y: 170, Width: 800, MaxHeight: 430}}
	if shelf, ok := d.Store().(library.Shelf); ok {
		l.lib = library.At(shelf)
	}
	listen()
	l.load()
	return l
}

// pickedFile is a file the player picked or dropped on the page, or why
// it could not be read.
type pickedFile struct {
	name string
	data []byte
	err  error
}

// openFileLabel is the browser's menu item that opens the file picker.
const openFileLabel = "Open a replay file…"

// load reads the kept replays' headers.
func (l *List) load() {
	l.entries, l.menu.Items = nil, nil
	if l.lib == nil {
		l.notice = "Replays cannot be kept here (no settings folder, or storage blocked)."
	} else if entries, err := l.lib.List(); err != nil {
		l.notice = "The replays could not be read: " + err.Error()
	} else {
		l.entries = entries
	}
	for _, e := range l.entries {
		l.menu.Items = append(l.menu.Items, scenes.MenuItem{Label: Describe(&e.Header, l.title(e.Header.Game))})
	}
	if canPick {
		l.menu.Items = append(l.menu.Items, scenes.MenuItem{Label: openFileLabel})
	}
	l.menu.Items = append(l.menu.Items, scenes.MenuItem{Label: "Back"})
	l.menu.Cursor = min(l.menu.Cursor, len(l.menu.Items)-1)
}

// title returns the title of the game named name, or the name.
func (l *List) title(name string) string {
	for _, g := range l.d.Games() {
		if g.Name == name {
			return g.Title
		}
	}
	return name
}

// Describe names a kept replay of game (its title) in one line: "Ninjan ·
// 24 Nov 05:40 · Player 2 wins".
func Describe(h *replay.Header, game string) string {
	s := game + " · " + h.Date.Local().Format("2 Jan 15:04")
	switch res := h.Result; {
	case !res.Over:
		s += " · left early"
	case len(res.Winners) == 1 && res.Winners[0] < len(h.Seats):
		s += " · " + h.Seats[res.Winners[0]].Name + " wins"
	case len(res.Winners) > 1:
		s += " · a shared win"
	}
	if h.Viewer != replay.WholeGame {
		s += fmt.Sprintf(" · as Player %d", h.Viewer+1)
	}
	return s
}

// Entries returns the replays listed, newest first.
func (l *List) Entries() []library.Entry { return l.entries }

// Name implements scenes.Scene.
func (l *List) Name() string { return "replays" }

// Cursor implements scenes.Cursored.
func (l *List) Cursor() int { return l.menu.Cursor }

// Detail implements scenes.Detailed: the notice, such as why a file
// could not be watched.
func (l *List) Detail() string { return l.notice }

// Enter implements scenes.Enterer: the list is read again whenever it
// shows (a match may have ended since), and a file dropped on the page
// while another screen showed is forgotten, not opened by surprise.
func (l *List) Enter(*scenes.Context) {
	l.load()
	select {
	case <-opened:
	default:
	}
}

// Update implements scenes.Scene.
func (l *List) Update(ctx *scenes.Context) error {
	l.bd.Update(ctx.ReducedMotion())
	if dropped := ebiten.DroppedFiles(); dropped != nil {
		l.openDropped(ctx, dropped)
		return nil
	}
	select {
	case f := <-opened:
		l.openFile(ctx, f)
		return nil
	default:
	}
	ev := l.menu.Update(ctx)
	switch {
	case ev.Action == scenes.MenuBack, ev.Action == scenes.MenuActivate && ev.Index == len(l.menu.Items)-1:
		ctx.Pop(scenes.Backward)
	case ev.Action == scenes.MenuActivate && ev.Index == len(l.entries):
		if err := pick(); err != nil {
			l.fail(ctx, err)
		}
	case ev.Action == scenes.MenuActivate && ev.Index >= 0:
		r, err := l.lib.Load(l.entries[ev.Index].Name)
		if err != nil {
			l.fail(ctx, err)
			return nil
		}
		l.Open(ctx, r)
	}
	return nil
}

// Open opens the viewer on r, or says why it cannot.
func (l *List) Open(ctx *scenes.Context, r *replay.Replay) {
	v, err := ctx.Director().Watch(r)
	if err != nil {
		l.fail(ctx, err)
		return
	}
	l.notice = ""
	ctx.Push(v, scenes.Forward)
}

// fail shows why a replay cannot be watched.
func (l *List) fail(ctx *scenes.Context, err error) {
	l.notice = "Cannot watch it: " + err.Error()
	ctx.Play(assets.Error)
}

// openDropped opens the first replay file among the files dropped.
func (l *List) openDropped(ctx *scenes.Context, files fs.FS) {
	entries, err := fs.ReadDir(files, ".")
	if err != nil || len(entries) == 0 {
		l.fail(ctx, fmt.Errorf("nothing was dropped"))
		return
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(strings.ToLower(e.Name()), library.Ext) {
			continue
		}
		data, err := fs.ReadFile(files, e.Name())
		l.openFile(ctx, pickedFile{name: e.Name(), data: data, err: err})
		return
	}
	l.fail(ctx, fmt.Errorf("no %s file was dropped", library.Ext))
}

// openFile opens the replay in f, or says why it cannot.
func (l *List) openFile(ctx *scenes.Context, f pickedFile) {
	var r *replay.Replay
	err := f.err
	if err == nil {
		r, err = replay.Decode(f.data)
	}
	if err != nil {
		if f.name != "" {
			err = fmt.Errorf("%s: %w", f.name, err)
		}
		l.fail(ctx, err)
		return
	}
	l.Open(ctx, r)
}

// Draw implements scenes.Scene.
func (l *List) Draw(c *scenes.Canvas) {
	pal := l.d.Palette()
	l.bd.Draw(c, pal)
	scenes.Panel(c, pal, 200, 40, 880, 640)
	c.Text("Replays", scenes.ScreenWidth/2, 90, scenes.TextStyle{Size: 44, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	drop := "Drop a " + library.Ext + " file here to watch it."
	if canPick {
		drop = "Drop a " + library.Ext + " file here, or open one, to watch it."
	}
	hint := fmt.Sprintf("The last %d matches are kept. %s", library.Keep, drop)
	if len(l.entries) == 0 && l.lib != nil {
		hint = "No replays yet: every match you finish is kept here. " + drop
	}
	c.Text(hint, scenes.ScreenWidth/2, 136, scenes.TextStyle{Size: 18, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	l.menu.Draw(c, pal)
	if l.notice != "" {
		c.Text(l.notice, scenes.ScreenWidth/2, 648, scenes.TextStyle{Size: 18, Bold: true, Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter})
	}
}
