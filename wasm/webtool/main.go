// Command webtool builds Janken Arcade for the browser and serves it
// locally.
//
//	go run ./wasm/webtool build [-pkg .] [-out dist] [-version v1.2]
//	go run ./wasm/webtool serve [-pkg .] [-out dist] [-addr 127.0.0.1:8080] [-nobuild]
//
// build writes the web build's two bundles, each index.html, wasm_exec.js
// and game.wasm.gz: dist/web/, which a desktop host serves to the browsers
// on its network so that they join it (the game's -web flag), and
// dist/itch/, the game without network play, zipped as
// dist/janken-arcade-web.zip, ready for itch.io (see package wasm). serve
// builds (unless -nobuild) and serves dist/itch on the loopback address,
// printing the URL. Run it from the module's root.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/jankenarcade/janken/wasm"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "webtool:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 || (args[0] != "build" && args[0] != "serve") {
		return errors.New("usage: webtool build|serve [flags] (see go doc ./wasm/webtool)")
	}
	cmd := args[0]
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	pkg := fs.String("pkg", ".", "the game's main package")
	out := fs.String("out", "dist", "output directory")
	addr := fs.String("addr", "127.0.0.1:8080", "address to serve on (serve)")
	noBuild := fs.Bool("nobuild", false, "serve the existing build (serve)")
	version := fs.String("version", "", "version to stamp into the game (default: git describe)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	itchDir := filepath.Join(*out, wasm.ItchDir)
	if cmd == "build" || !*noBuild {
		for _, itch := range []bool{false, true} {
			res, err := wasm.Build(ctx, wasm.BuildOptions{ModuleDir: ".", Package: *pkg, OutDir: *out, Version: *version, Itch: itch})
			if err != nil {
				return err
			}
			report(res)
		}
	}
	if cmd == "build" {
		return nil
	}
	return serve(ctx, *addr, itchDir)
}

// report prints what a build of one bundle made.
func report(res *wasm.Result) {
	fmt.Printf("built %s (version %s): game.wasm %.2f MB raw, %.2f MB gzip\n",
		res.WebDir, res.Version, float64(res.WasmSize)/1e6, float64(res.WasmGzip)/1e6)
	if res.Zip != "" {
		fmt.Printf("zipped it for itch.io: %s\n", res.Zip)
	}
}

func serve(ctx context.Context, addr, dir string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("address %q: serve binds the loopback interface only", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: wasm.Handler(dir)}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Printf("serving %s at http://%s/ (Ctrl-C to stop)\n", dir, ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
