package wasm

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/jankenarcade/janken/internal/soak"
)

// target is a platform the game is built for.
type target struct{ goos, goarch, cgo string }

func (tt target) String() string { return tt.goos + "-" + tt.goarch }

func (tt target) env() []string {
	return append(os.Environ(), "GOOS="+tt.goos, "GOARCH="+tt.goarch, "CGO_ENABLED="+tt.cgo)
}

// The platforms the game ships on: Linux (with cgo, as Ebitengine needs
// there), Windows and macOS without cgo (Ebitengine loads the system
// libraries itself), and the browser.
var (
	linux  = target{"linux", "amd64", "1"}
	others = []target{{"windows", "amd64", "0"}, {"darwin", "arm64", "0"}, {"darwin", "amd64", "0"}}
)

// TestCrossBuild builds the game for Linux and the browser (the browser's
// build is the package's web build, made once for all its tests) and
// checks that it compiles for Windows and macOS.
//
// A build for a system other than Linux is a cold build of Ebitengine and
// the standard library, a minute and a half of CPU each. What breaks there
// first is the game's own code: a file for one system and not another, a
// name used that some system's files do not define. A type check of the
// game and of every package it imports, from source, with that system's
// build tags finds these for a tenth of the CPU, so the short run checks
// Windows and both Macs that way. With JANKEN_SOAK=1 (tools/test --soak)
// each of them is built and linked.
func TestCrossBuild(t *testing.T) {
	out := t.TempDir()
	build := func(tt target) {
		t.Run(tt.String(), func(t *testing.T) {
			start := time.Now()
			cmd := exec.Command("go", "build", "-o", filepath.Join(out, tt.String()), gamePackage)
			cmd.Dir = moduleDir
			cmd.Env = tt.env()
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("GOOS=%s GOARCH=%s CGO_ENABLED=%s %v: %v\n%s", tt.goos, tt.goarch, tt.cgo, cmd.Args, err, b)
			}
			t.Logf("built in %v", time.Since(start).Round(time.Millisecond))
		})
	}
	build(linux)
	for _, tt := range others {
		if soak.Full() {
			build(tt)
			continue
		}
		t.Run(tt.String()+"-types", func(t *testing.T) {
			if errs := typeCheck(t, tt); len(errs) > 0 {
				t.Errorf("the game does not compile for GOOS=%s GOARCH=%s CGO_ENABLED=%s:\n%s",
					tt.goos, tt.goarch, tt.cgo, strings.Join(errs, "\n"))
			}
		})
	}
	t.Run("js-wasm", func(t *testing.T) {
		res := webBuild(t)
		t.Logf("the web build: %d bytes of game.wasm, built in %v", res.WasmSize, itchBundle.took.Round(time.Millisecond))
	})
}

// typeCheck type-checks the game's main package and every package it
// imports from source, as go build would select their files for tt, and
// returns the errors found.
func typeCheck(t *testing.T, tt target) []string {
	t.Helper()
	start := time.Now()
	root, err := filepath.Abs(moduleDir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: moduleDir, Env: tt.env(), ParseFile: declarationsOnly(root)}
	pkgs, err := packages.Load(cfg, gamePackage)
	if err != nil {
		t.Fatalf("loading the game's packages for %v: %v", tt, err)
	}
	var errs []string
	n, own := 0, 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		n++
		if p.Module == nil || !p.Module.Main {
			return // checked without its functions' bodies
		}
		own++
		for _, e := range p.Errors {
			errs = append(errs, fmt.Sprintf("%s: %v", p.PkgPath, e))
		}
	})
	t.Logf("%d packages type-checked in %v, %d of them the game's", n, time.Since(start).Round(time.Millisecond), own)
	if own < 20 {
		t.Errorf("only %d of the game's packages checked for %v: the check would prove little", own, tt)
	}
	return errs
}

// declarationsOnly parses the files outside root without their functions'
// bodies: the game's code needs only its imports' declarations, and
// checking the bodies of the standard library and Ebitengine would take
// most of the time.
func declarationsOnly(root string) func(*token.FileSet, string, []byte) (*ast.File, error) {
	return func(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
		f, err := parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments)
		if err != nil || strings.HasPrefix(name, root+string(filepath.Separator)) {
			return f, err
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok {
				fn.Body = nil
			}
		}
		return f, nil
	}
}
