//go:build !js

package persist

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	s := At(filepath.Join(t.TempDir(), "nested", "dir"))
	if _, err := s.ReadFile("settings.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("ReadFile of a missing file: %v, want fs.ErrNotExist", err)
	}
	for _, data := range []string{"first", "second, longer than the first", ""} {
		if err := s.WriteFile("settings.json", []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := s.ReadFile("settings.json")
		if err != nil || string(got) != data {
			t.Fatalf("ReadFile = %q, %v; want %q", got, err, data)
		}
	}
	assertOnly(t, s.Root(), "settings.json")
}

func TestBadNames(t *testing.T) {
	s := At(t.TempDir())
	for _, name := range []string{"", ".", "..", ".hidden", "a/b", `a\b`, "../escape", "c:x", "nul\x00"} {
		if err := s.WriteFile(name, []byte("x")); !errors.Is(err, ErrBadName) {
			t.Errorf("WriteFile(%q) = %v, want ErrBadName", name, err)
		}
		if _, err := s.ReadFile(name); !errors.Is(err, ErrBadName) {
			t.Errorf("ReadFile(%q) = %v, want ErrBadName", name, err)
		}
	}
	assertOnly(t, s.Root())
}

// TestAtomicOnFailure makes the flush fail after the data was written: the
// old file must stay whole and no temporary file may be left behind.
func TestAtomicOnFailure(t *testing.T) {
	s := At(t.TempDir())
	if err := s.WriteFile("keys.json", []byte("old and complete")); err != nil {
		t.Fatal(err)
	}
	diskFull := errors.New("disk full")
	s.sync = func(syncer) error { return diskFull }
	err := s.WriteFile("keys.json", []byte("new"))
	if !errors.Is(err, diskFull) {
		t.Fatalf("WriteFile with a failing flush = %v, want %v", err, diskFull)
	}
	got, err := s.ReadFile("keys.json")
	if err != nil || string(got) != "old and complete" {
		t.Fatalf("after a failed write ReadFile = %q, %v; want the old contents", got, err)
	}
	assertOnly(t, s.Root(), "keys.json")
}

func TestWriteIntoUnwritablePlace(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The store's directory would have to be created inside a file.
	s := At(filepath.Join(blocker, "sub"))
	if err := s.WriteFile("settings.json", []byte("x")); err == nil {
		t.Fatal("WriteFile under a regular file succeeded")
	}
	assertOnly(t, dir, "file")
}

func TestDefaultHonoursEnv(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(DirEnv, dir)
	if err := WriteFile("replay.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFile("replay.json"); err != nil || string(got) != "{}" {
		t.Fatalf("ReadFile = %q, %v", got, err)
	}
	assertOnly(t, dir, "replay.json")
}

// assertOnly checks that dir holds exactly the named entries.
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if len(got) != len(names) {
		t.Fatalf("%s holds %q, want %q", dir, got, names)
	}
	for i := range names {
		if got[i] != names[i] {
			t.Fatalf("%s holds %q, want %q", dir, got, names)
		}
	}
}
