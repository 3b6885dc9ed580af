//go:build !js

package settings_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/settings"
)

// TestSaveThroughPersist saves to a real directory and reads the file as
// any tool would: versioned JSON, nothing else left beside it.
func TestSaveThroughPersist(t *testing.T) {
	dir := t.TempDir()
	s := settings.Defaults()
	s.Volume = 40
	if err := settings.Save(persist.At(dir), s); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, settings.FileName))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil || raw["version"] != float64(settings.Version) || raw["volume"] != float64(40) {
		t.Fatalf("file %s: %v", b, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want only %s", len(entries), settings.FileName)
	}
	if got, notice := settings.Load(persist.At(dir)); got != s || notice != "" {
		t.Errorf("Load = %+v, %q", got, notice)
	}
}
