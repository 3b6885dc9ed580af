package folderpick

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestStart: the chooser opens at the last folder while it exists, else
// at Downloads or the home folder.
func TestStart(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home) // Windows' home
	last := t.TempDir()
	if got := Start(last); got != last {
		t.Errorf("Start(%s) = %s", last, got)
	}
	if got := Start(filepath.Join(last, "gone")); got != home {
		t.Errorf("a folder gone, and no Downloads: %s, want %s", got, home)
	}
	dl := filepath.Join(home, "Downloads")
	if err := os.Mkdir(dl, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, last := range []string{"", filepath.Join(last, "gone")} {
		if got := Start(last); got != dl {
			t.Errorf("Start(%q) = %s, want %s", last, got, dl)
		}
	}
}

// TestEnterListsSubfolders: a folder's sub-folders, hidden ones and files
// left out, in order whatever their case; a folder that cannot be read
// leaves the chooser where it was, with the reason.
func TestEnterListsSubfolders(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"beta", "Alpha", ".git", "gamma/inner"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	p := New(nil, "Choose", root, func(string) error { return nil })
	if p.Dir() != root || !slices.Equal(p.Folders(), []string{"Alpha", "beta", "gamma"}) || p.Detail() != "" {
		t.Fatalf("at %s: %q, %q", p.Dir(), p.Folders(), p.Detail())
	}
	// Choose this folder, Up, the three folders, Cancel.
	if n := len(p.menu.Items); n != 6 || !p.isFolder(2) || !p.isFolder(4) || p.isFolder(1) || p.isFolder(5) {
		t.Errorf("%d items: %+v", n, p.menu.Items)
	}
	if err := p.Enter(filepath.Join(root, "notes.txt")); err == nil || p.Dir() != root {
		t.Errorf("entering a file: %v, at %s", err, p.Dir())
	}
	gone := New(nil, "Choose", filepath.Join(root, "gone"), func(string) error { return nil })
	if gone.Detail() == "" {
		t.Error("a chooser opened at a missing folder says nothing")
	}
}

// TestWritable: a folder one can write in leaves nothing behind; a
// missing one is refused.
func TestWritable(t *testing.T) {
	dir := t.TempDir()
	if err := Writable(dir); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left %v", left)
	}
	if err := Writable(filepath.Join(dir, "gone")); err == nil {
		t.Error("a missing folder is writable")
	}
}
