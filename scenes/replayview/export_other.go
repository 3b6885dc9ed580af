//go:build !js

package replayview

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// exportDir returns the folder exports go to: the user's Downloads
// folder, or the home folder without one. Tests replace it.
var exportDir = func() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	if dl := filepath.Join(home, "Downloads"); isDir(dl) {
		return dl, nil
	}
	return home, nil
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// export writes data as a new file named name (numbered if the name is
// taken) in the export folder, and returns its path.
func export(name string, data []byte) (string, error) {
	dir, err := exportDir()
	if err != nil {
		return "", fmt.Errorf("no folder to export to: %w", err)
	}
	base, ext := strings.TrimSuffix(name, filepath.Ext(name)), filepath.Ext(name)
	for i := 1; i < 100; i++ {
		path := filepath.Join(dir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			name = fmt.Sprintf("%s-%d%s", base, i+1, ext)
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path) // no half a replay left behind
			return "", err
		}
		return path, nil
	}
	return "", fmt.Errorf("%s: too many files of that name", filepath.Join(dir, name))
}
