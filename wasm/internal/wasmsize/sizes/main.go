// Command sizes prints what the game's WebAssembly adds to the bare
// Ebitengine page's (wasm/internal/barepage), package by package:
//
//	go run ./wasm/internal/wasmsize/sizes [-n 30]
//
// It builds both as the web build does (wasm.Build; the game's itch.io
// bundle, which players load), keeping function names, and prints the sections of each and the n packages that add the
// most code, with each package's code gzipped on its own. Run it from the
// module's root.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/jankenarcade/janken/internal/webflags"
	"github.com/jankenarcade/janken/wasm"
	"github.com/jankenarcade/janken/wasm/internal/wasmsize"
)

func main() {
	n := flag.Int("n", 30, "packages to list")
	flag.Parse()
	if err := run(*n); err != nil {
		fmt.Fprintln(os.Stderr, "sizes:", err)
		os.Exit(1)
	}
}

func run(n int) error {
	tmp, err := os.MkdirTemp("", "janken-sizes-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	game, err := build(tmp, ".", true)
	if err != nil {
		return err
	}
	bare, err := build(tmp, "./wasm/internal/barepage", false)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "section\tgame\tbare page\tadded\t")
	for _, s := range game.Sections {
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t\n", s.Name, s.Size, bare.Section(s.Name), s.Size-bare.Section(s.Name))
	}
	fmt.Fprintln(w, "\nadded by package\tfuncs\tcode\tgzip\t")
	for i, p := range game.Added(bare) {
		if i == n {
			break
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t\n", p.Path, p.Funcs, p.Code, p.Gzip)
	}
	return w.Flush()
}

// build builds pkg for the web, as its itch.io bundle if itch, with its
// function names and parses it.
func build(tmp, pkg string, itch bool) (*wasmsize.Module, error) {
	res, err := wasm.Build(context.Background(), wasm.BuildOptions{
		ModuleDir: ".", Package: pkg, OutDir: filepath.Join(tmp, filepath.Base(pkg)), Version: "sizes", KeepNames: true, Itch: itch,
	})
	if err != nil {
		return nil, err
	}
	fmt.Printf("%s: %d bytes, %d gzip (with names)\n", pkg, res.WasmSize, res.WasmGzip)
	list := exec.Command("go", "list", "-deps", "-tags="+map[bool]string{true: webflags.ItchTag}[itch], pkg)
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s: %w", pkg, err)
	}
	return wasmsize.Open(filepath.Join(res.WebDir, wasm.WasmFile), strings.Fields(string(out)))
}
