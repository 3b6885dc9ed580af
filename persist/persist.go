// Package persist keeps the program's small files: settings, key bindings,
// replays. On the desktop each file lives under the user's configuration
// directory (os.UserConfigDir()/janken-arcade/) and is replaced atomically,
// so a crash or a full disk mid-write leaves the previous version intact.
// In the browser the files are localStorage entries.
//
// The environment variable JANKEN_CONFIG_DIR, when set, overrides the
// desktop directory (tests, portable installs).
package persist

import (
	"errors"
	"fmt"
	"strings"
)

// AppDir is the name of the program's directory under the user's
// configuration directory, and the key prefix in the browser.
const AppDir = "janken-arcade"

// DirEnv names the environment variable that overrides the directory.
const DirEnv = "JANKEN_CONFIG_DIR"

// ErrBadName reports a file name that is empty, hidden or leaves the
// store's directory.
var ErrBadName = errors.New("persist: bad file name")

// Store reads and writes the named files of one directory (one key prefix
// in the browser). It is safe for use by one goroutine at a time.
type Store struct {
	root string
	// sync flushes a written temporary file; tests replace it to
	// simulate a failing disk.
	sync func(f syncer) error
}

type syncer interface{ Sync() error }

// At returns a store rooted at dir (a key prefix in the browser).
func At(dir string) *Store { return &Store{root: dir} }

// Default returns the program's store: $JANKEN_CONFIG_DIR if set, else
// os.UserConfigDir()/janken-arcade on the desktop, or the "janken-arcade/"
// key prefix in the browser.
func Default() (*Store, error) {
	dir, err := defaultRoot()
	if err != nil {
		return nil, fmt.Errorf("persist: locate configuration directory: %w", err)
	}
	return At(dir), nil
}

// WriteFile replaces the named file of the default store with data,
// atomically.
func WriteFile(name string, data []byte) error {
	s, err := Default()
	if err != nil {
		return err
	}
	return s.WriteFile(name, data)
}

// ReadFile returns the contents of the named file of the default store. A
// missing file gives an error wrapping fs.ErrNotExist.
func ReadFile(name string) ([]byte, error) {
	s, err := Default()
	if err != nil {
		return nil, err
	}
	return s.ReadFile(name)
}

// Root returns the store's directory (key prefix in the browser).
func (s *Store) Root() string { return s.root }

// checkName accepts plain file names only: "settings.json", "keys.json",
// "replay-0001.json".
func checkName(name string) error {
	if name == "" || name == "." || name == ".." || strings.HasPrefix(name, ".") ||
		strings.ContainsAny(name, `/\:`) || strings.ContainsRune(name, 0) {
		return fmt.Errorf("%w: %q", ErrBadName, name)
	}
	return nil
}
