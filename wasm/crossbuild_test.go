package wasm

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestCrossBuild compiles the game for every platform it ships on: Linux
// (with cgo, as Ebitengine needs there), Windows and macOS without cgo
// (Ebitengine loads the system libraries itself), and the browser. The
// build cache makes repeated runs quick; with -short it type-checks with
// go vet instead, which skips the link.
func TestCrossBuild(t *testing.T) {
	pkg := gamePackage
	targets := []struct {
		goos, goarch, cgo string
	}{
		{"linux", "amd64", "1"},
		{"windows", "amd64", "0"},
		{"darwin", "arm64", "0"},
		{"darwin", "amd64", "0"},
		{"js", "wasm", "0"},
	}
	out := t.TempDir()
	for _, tt := range targets {
		t.Run(tt.goos+"-"+tt.goarch, func(t *testing.T) {
			start := time.Now()
			cmd := exec.Command("go", "build", "-o", filepath.Join(out, tt.goos+"-"+tt.goarch), pkg)
			if testing.Short() {
				cmd = exec.Command("go", "vet", pkg)
			}
			cmd.Dir = moduleDir
			cmd.Env = append(os.Environ(), "GOOS="+tt.goos, "GOARCH="+tt.goarch, "CGO_ENABLED="+tt.cgo)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("GOOS=%s GOARCH=%s CGO_ENABLED=%s %v: %v\n%s", tt.goos, tt.goarch, tt.cgo, cmd.Args, err, b)
			}
			t.Logf("%s in %v", cmd.Args[1], time.Since(start).Round(time.Millisecond))
		})
	}
}
