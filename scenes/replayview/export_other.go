//go:build !js

package replayview

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/folderpick"
)

// export asks the player for a folder (the folder chooser, open at the
// one chosen last) and writes data there as a new file named after name;
// the folder is kept in the settings for the next export.
func (v *Viewer) export(ctx *scenes.Context, name string, data []byte) {
	start := folderpick.Start(v.d.Settings().ExportDir)
	ctx.Push(folderpick.New(v.d, "Export the replay to…", start, func(dir string) error {
		path, err := WriteNew(dir, name, data)
		if err != nil {
			return err
		}
		s := v.d.Settings()
		s.ExportDir = dir
		v.d.SetSettings(s)
		v.notice = "Exported to " + path
		return nil
	}), scenes.Forward)
}

// WriteNew writes data atomically as a new file named name in dir —
// numbered "name-2.jrp" and on if the name is taken, never over another
// file — and returns its path. The data go to a temporary file first,
// linked (or, where links are refused, renamed) to the free name once
// complete, so a reader never sees half a replay.
func WriteNew(dir, name string, data []byte) (string, error) {
	tmp, err := os.CreateTemp(dir, ".janken-export-*")
	if err != nil {
		return "", fmt.Errorf("cannot write in %s: %w", dir, err)
	}
	defer os.Remove(tmp.Name()) // once linked, or on an error
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("export to %s: %w", dir, err)
	}
	base, ext := strings.TrimSuffix(name, filepath.Ext(name)), filepath.Ext(name)
	for i := 1; i < 100; i++ {
		path := filepath.Join(dir, name)
		switch err := place(tmp.Name(), path); {
		case err == nil:
			return path, nil
		case !errors.Is(err, fs.ErrExist):
			return "", fmt.Errorf("export to %s: %w", path, err)
		}
		name = fmt.Sprintf("%s-%d%s", base, i+1, ext)
	}
	return "", fmt.Errorf("%s: too many files of that name", filepath.Join(dir, name))
}

// place gives the complete file tmp the name path unless path exists
// (fs.ErrExist): a hard link, which never replaces a file; where the
// file system has none, a rename after a check.
func place(tmp, path string) error {
	err := os.Link(tmp, path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, serr := os.Lstat(path); serr == nil {
		return fs.ErrExist
	}
	return os.Rename(tmp, path)
}
