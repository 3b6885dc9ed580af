package phone

import (
	_ "embed"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/jankenarcade/janken/internal/webflags"
)

// The files of the phone page, at the root of Config.Pad.
const (
	PadPage = "index.html"
	PadWasm = "pad.wasm"
	PadExec = "wasm_exec.js"
)

//go:embed pad/index.html
var padPage []byte

// BuildPad builds the phone page into dir with the Go toolchain: PadPage,
// PadWasm (package phone/pad for js/wasm, stripped, with the game's web
// build flags, so that the two share Go's build cache) and the toolchain's
// PadExec. The game serves it from there (see Config.Pad).
func BuildPad(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("phone: build the page: %w", err)
	}
	args := append([]string{"build", "-ldflags=-s -w"}, webflags.Go()...)
	build := exec.Command("go", append(args, "-o", filepath.Join(dir, PadWasm), "github.com/jankenarcade/janken/phone/pad")...)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("phone: build the page: %v\n%s", err, out)
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("phone: find the Go toolchain: %w", err)
	}
	exec, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", PadExec))
	if err != nil {
		return fmt.Errorf("phone: build the page: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, PadExec), exec, 0o644); err != nil {
		return fmt.Errorf("phone: build the page: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, PadPage), padPage, 0o644); err != nil {
		return fmt.Errorf("phone: build the page: %w", err)
	}
	return nil
}

// FindPad returns the phone page padtool built: in the directory
// $JANKEN_PAD names, else dist/pad in the working directory, else pad
// beside the executable; nil if there is none.
func FindPad() fs.FS {
	dirs := []string{os.Getenv("JANKEN_PAD"), filepath.Join("dist", "pad")}
	if exe, err := os.Executable(); err == nil {
		dirs = append(dirs, filepath.Join(filepath.Dir(exe), "pad"))
	}
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, PadWasm)); err == nil {
			return os.DirFS(dir)
		}
	}
	return nil
}
