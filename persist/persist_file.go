//go:build !js

package persist

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

func defaultRoot() (string, error) {
	if dir := os.Getenv(DirEnv); dir != "" {
		return dir, nil
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, AppDir), nil
}

// WriteFile replaces the named file with data atomically: it writes a
// temporary file in the same directory, flushes it to disk and renames it
// over the old one. On any failure the temporary file is removed and the
// old file, if any, is left as it was.
func (s *Store) WriteFile(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	if err := os.MkdirAll(s.root, 0o755); err != nil {
		return fmt.Errorf("persist: create %s: %w", s.root, err)
	}
	dst := filepath.Join(s.root, name)
	tmp, err := os.CreateTemp(s.root, "."+name+".tmp-*")
	if err != nil {
		return fmt.Errorf("persist: write %s: %w", dst, err)
	}
	if err := s.fill(tmp, data); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("persist: write %s: %w", dst, err)
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("persist: write %s: %w", dst, err)
	}
	syncDir(s.root)
	return nil
}

// fill writes data to f, flushes it and closes it; f is closed on return.
func (s *Store) fill(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if err == nil {
		sync := s.sync
		if sync == nil {
			sync = syncer.Sync
		}
		err = sync(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir flushes the directory entry of the rename where the system
// allows it (not on Windows); failing here loses no data already renamed,
// so errors are ignored.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// ReadFile returns the contents of the named file. A missing file gives an
// error wrapping fs.ErrNotExist.
func (s *Store) ReadFile(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(s.root, name))
	if err != nil {
		return nil, fmt.Errorf("persist: %w", err)
	}
	return b, nil
}

// List returns the names of the store's files that start with prefix, in
// increasing order. A store whose directory does not exist yet has none.
func (s *Store) List(prefix string) ([]string, error) {
	entries, err := os.ReadDir(s.root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("persist: list %s: %w", s.root, err)
	}
	var names []string
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && strings.HasPrefix(name, prefix) && checkName(name) == nil {
			names = append(names, name)
		}
	}
	return names, nil // ReadDir sorts by name
}

// Remove deletes the named file; removing a missing file is no error.
func (s *Store) Remove(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(s.root, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("persist: %w", err)
	}
	return nil
}
