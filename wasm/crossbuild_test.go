package wasm

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jankenarcade/janken/internal/soak"
)

// TestCrossBuild compiles the game for every platform it ships on: Linux
// (with cgo, as Ebitengine needs there), Windows and macOS without cgo
// (Ebitengine loads the system libraries itself), and the browser, whose
// build is the package's web build, made once for all its tests. Each
// other platform is a cold build of Ebitengine and the standard library
// the first time (a minute or two); macOS on Intel, which differs from
// macOS on Apple silicon only below the game's code, is built with
// JANKEN_SOAK=1.
func TestCrossBuild(t *testing.T) {
	type target struct{ goos, goarch, cgo string }
	targets := []target{{"linux", "amd64", "1"}, {"windows", "amd64", "0"}, {"darwin", "arm64", "0"}}
	if soak.Full() {
		targets = append(targets, target{"darwin", "amd64", "0"})
	}
	out := t.TempDir()
	for _, tt := range targets {
		t.Run(tt.goos+"-"+tt.goarch, func(t *testing.T) {
			start := time.Now()
			cmd := exec.Command("go", "build", "-o", filepath.Join(out, tt.goos+"-"+tt.goarch), gamePackage)
			cmd.Dir = moduleDir
			cmd.Env = append(os.Environ(), "GOOS="+tt.goos, "GOARCH="+tt.goarch, "CGO_ENABLED="+tt.cgo)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("GOOS=%s GOARCH=%s CGO_ENABLED=%s %v: %v\n%s", tt.goos, tt.goarch, tt.cgo, cmd.Args, err, b)
			}
			t.Logf("built in %v", time.Since(start).Round(time.Millisecond))
		})
	}
	t.Run("js-wasm", func(t *testing.T) {
		res := webBuild(t)
		t.Logf("the web build: %d bytes of game.wasm, built in %v", res.WasmSize, buildTime.Round(time.Millisecond))
	})
}
