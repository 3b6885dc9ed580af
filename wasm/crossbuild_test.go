package wasm

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jankenarcade/janken/internal/soak"
)

// target is a platform the game is built for.
type target struct{ goos, goarch, cgo string }

func (tt target) String() string { return tt.goos + "-" + tt.goarch }

// TestCrossBuild compiles the game for the platforms it ships on: Linux
// (with cgo, as Ebitengine needs there), Windows and macOS without cgo
// (Ebitengine loads the system libraries itself), and the browser, whose
// build is the package's web build, made once for all its tests.
//
// Each platform other than Linux is a cold build of Ebitengine and the
// standard library (a minute or two of CPU), so the short run builds
// Windows, the one system that is not Unix and where code written on
// Linux breaks first, and macOS only where the game's own code differs
// from Windows' (a file for one system or processor and not the other);
// beneath it, Ebitengine and the standard library answer for their own
// ports. With JANKEN_SOAK=1 (tools/test --soak) every platform is built.
func TestCrossBuild(t *testing.T) {
	always := []target{{"linux", "amd64", "1"}, {"windows", "amd64", "0"}}
	targets := always
	reference := ownFiles(t, always[1])
	for _, tt := range []target{{"darwin", "arm64", "0"}, {"darwin", "amd64", "0"}} {
		switch {
		case soak.Full():
			targets = append(targets, tt)
		case ownFiles(t, tt) != reference:
			t.Logf("%v compiles other files of the game than %v: built too", tt, always[1])
			targets = append(targets, tt)
		default:
			t.Logf("%v compiles the same files of the game as %v: built with JANKEN_SOAK=1", tt, always[1])
		}
	}
	out := t.TempDir()
	for _, tt := range targets {
		t.Run(tt.String(), func(t *testing.T) {
			start := time.Now()
			cmd := exec.Command("go", "build", "-o", filepath.Join(out, tt.String()), gamePackage)
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
		t.Logf("the web build: %d bytes of game.wasm, built in %v", res.WasmSize, itchBundle.took.Round(time.Millisecond))
	})
}

// ownFiles lists, package by package, the files of the game's own module
// that its build for tt compiles (Go, cgo and assembly).
func ownFiles(t *testing.T, tt target) string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f",
		`{{if and .Module .Module.Main}}{{.ImportPath}} {{.GoFiles}} {{.CgoFiles}} {{.SFiles}}{{end}}`, gamePackage)
	cmd.Dir = moduleDir
	cmd.Env = append(os.Environ(), "GOOS="+tt.goos, "GOARCH="+tt.goarch, "CGO_ENABLED="+tt.cgo)
	b, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go list for %v: %v\n%s", tt, err, stderr)
	}
	return string(b)
}
