//go:build !js

package chromium

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPathHonoursOverride(t *testing.T) {
	fake := filepath.Join(t.TempDir(), "my-chromium")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("JANKEN_CHROMIUM", fake)
	if got := Path(t); got != fake {
		t.Errorf("Path = %q, want the override %q", got, fake)
	}
}

func TestPathFindsBrowserOnPath(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "chromium-browser")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("JANKEN_CHROMIUM", "")
	t.Setenv("PATH", dir)
	if got := Path(t); got != fake {
		t.Errorf("Path = %q, want Ubuntu's name found on PATH %q", got, fake)
	}
}
