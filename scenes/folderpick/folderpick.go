// Package folderpick is the desktop's folder chooser, a scene: it opens
// in a folder, lists the folder's sub-folders, and lets the player enter
// one, go up to the parent, choose the folder shown or cancel — by keys,
// gamepads, mouse and touch, as every menu answers them (Left goes up,
// Right enters the sub-folder highlighted, Back cancels). A folder this
// program cannot write in is refused with the reason, and the chooser
// stays open.
package folderpick

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/scenes"
)

// Picker is the folder chooser scene.
type Picker struct {
	d      *scenes.Director
	title  string
	dir    string
	subs   []string // dir's sub-folders, by name
	menu   scenes.Menu
	acts   []func(p *Picker, ctx *scenes.Context) // the menu's items'
	notice string
	choose func(dir string) error
	bd     *scenes.Backdrop
}

// New returns the chooser titled title ("Export the replay to…"), open
// at start. choose is called with the folder the player chooses, once
// the chooser has checked it can write there; the chooser closes when it
// returns nil, and shows its error otherwise.
func New(d *scenes.Director, title, start string, choose func(dir string) error) *Picker {
	p := &Picker{d: d, title: title, choose: choose, bd: scenes.NewBackdrop(),
		menu: scenes.Menu{X: 240, Y: 220, Width: 800, MaxHeight: 380}}
	if err := p.Enter(start); err != nil {
		p.dir = filepath.Clean(start) // shown, with the reason; Up still leads out
		p.notice = err.Error()
		p.fill()
	}
	return p
}

// Start returns the folder a chooser opens at: last (the folder chosen
// the time before) if it is still a folder, else the user's Downloads
// folder, else the home folder, else the working folder.
func Start(last string) string {
	if last != "" && isDir(last) {
		return last
	}
	home, err := os.UserHomeDir()
	if err != nil {
		if wd, err := os.Getwd(); err == nil {
			return wd
		}
		return "."
	}
	if dl := filepath.Join(home, "Downloads"); isDir(dl) {
		return dl
	}
	return home
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// Name implements scenes.Scene.
func (p *Picker) Name() string { return "folder-picker" }

// Dir returns the folder shown.
func (p *Picker) Dir() string { return p.dir }

// Folders returns the names of the folder's sub-folders, as listed.
func (p *Picker) Folders() []string { return p.subs }

// Cursor implements scenes.Cursored.
func (p *Picker) Cursor() int { return p.menu.Cursor }

// Detail implements scenes.Detailed: why the last choice or folder was
// refused.
func (p *Picker) Detail() string { return p.notice }

// Enter shows dir and its sub-folders (hidden ones left out); on an error
// the chooser stays where it was.
func (p *Picker) Enter(dir string) error {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("cannot open %s: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("cannot open %s: %w", dir, unwrapPath(err))
	}
	subs := make([]string, 0, len(entries))
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") && (e.IsDir() || e.Type()&os.ModeSymlink != 0 && isDir(filepath.Join(dir, e.Name()))) {
			subs = append(subs, e.Name())
		}
	}
	slices.SortFunc(subs, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	p.dir, p.subs, p.notice = dir, subs, ""
	p.fill()
	p.menu.Cursor = 0
	return nil
}

// unwrapPath drops the path an *os.PathError repeats.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// fill lists the menu: choose this folder, up, the sub-folders, cancel.
func (p *Picker) fill() {
	p.menu.Items, p.acts = p.menu.Items[:0], p.acts[:0]
	add := func(label string, do func(p *Picker, ctx *scenes.Context)) {
		p.menu.Items = append(p.menu.Items, scenes.MenuItem{Label: label})
		p.acts = append(p.acts, do)
	}
	add("Choose this folder", (*Picker).Choose)
	if parent := filepath.Dir(p.dir); parent != p.dir {
		add("↑ Up to "+filepath.Base(parent), (*Picker).Up)
	}
	for _, name := range p.subs {
		add(name+string(filepath.Separator), func(p *Picker, ctx *scenes.Context) { p.open(ctx, filepath.Join(p.dir, name)) })
	}
	add("Cancel", func(_ *Picker, ctx *scenes.Context) { ctx.Pop(scenes.Backward) })
}

// Up shows the parent folder.
func (p *Picker) Up(ctx *scenes.Context) { p.open(ctx, filepath.Dir(p.dir)) }

// open enters dir, or says why it cannot.
func (p *Picker) open(ctx *scenes.Context, dir string) {
	if err := p.Enter(dir); err != nil {
		p.fail(ctx, err.Error())
	}
}

// Choose hands the folder shown to the chooser's caller, once a file can
// be written there, and closes; or says why not, and stays.
func (p *Picker) Choose(ctx *scenes.Context) {
	if err := Writable(p.dir); err != nil {
		p.fail(ctx, err.Error())
		return
	}
	if err := p.choose(p.dir); err != nil {
		p.fail(ctx, err.Error())
		return
	}
	ctx.Pop(scenes.Backward)
}

// Writable reports why no file can be written in dir, if none can: it
// writes and removes a small file there.
func Writable(dir string) error {
	f, err := os.CreateTemp(dir, ".janken-check-*")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", dir, unwrapPath(err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// fail shows why.
func (p *Picker) fail(ctx *scenes.Context, why string) {
	p.notice = why
	ctx.Play(assets.Error)
}

// Update implements scenes.Scene.
func (p *Picker) Update(ctx *scenes.Context) error {
	p.bd.Update(ctx.ReducedMotion())
	ev := p.menu.Update(ctx)
	nav := ctx.Nav()
	switch {
	case ev.Action == scenes.MenuBack:
		ctx.Pop(scenes.Backward)
	case ev.Action == scenes.MenuActivate && ev.Index >= 0 && ev.Index < len(p.acts):
		p.acts[ev.Index](p, ctx)
	case nav.Left:
		p.Up(ctx)
	case nav.Right && p.isFolder(p.menu.Cursor):
		p.acts[p.menu.Cursor](p, ctx)
	}
	return nil
}

// isFolder reports whether menu item i is a sub-folder.
func (p *Picker) isFolder(i int) bool {
	first := len(p.acts) - 1 - len(p.subs) // Cancel is last
	return i >= first && i < len(p.acts)-1
}

// Draw implements scenes.Scene.
func (p *Picker) Draw(c *scenes.Canvas) {
	pal := p.d.Palette()
	p.bd.Draw(c, pal)
	scenes.Panel(c, pal, 200, 30, 880, 660)
	c.Text(p.title, scenes.ScreenWidth/2, 76, scenes.TextStyle{Size: 36, Bold: true, Color: pal.Text, Align: text.AlignCenter, VAlign: text.AlignCenter})
	st := scenes.TextStyle{Size: 20, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter}
	c.Text(p.dir, scenes.ScreenWidth/2, 124, st.Fit(p.dir, 820))
	hint := "Left: up a folder · Right: into a folder · Back: cancel"
	c.Text(hint, scenes.ScreenWidth/2, 170, scenes.TextStyle{Size: 16, Color: pal.TextDim, Align: text.AlignCenter, VAlign: text.AlignCenter})
	p.menu.Draw(c, pal)
	if p.notice != "" {
		st := scenes.TextStyle{Size: 18, Bold: true, Color: pal.Notice, Align: text.AlignCenter, VAlign: text.AlignCenter}
		c.Text(p.notice, scenes.ScreenWidth/2, 650, st.Fit(p.notice, 820))
	}
}
