package wasm

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jankenarcade/janken/wasm/internal/wasmsize"
)

// moduleDir is the module's root, seen from this package's directory.
const moduleDir = ".."

// gamePackage is the game's main package, relative to moduleDir.
const gamePackage = "."

var (
	buildOnce   sync.Once
	buildResult *Result
	buildErr    error
	buildTime   time.Duration
)

// hang bounds what the tests wait for on the wall clock (a build,
// Chromium, the page): only a hang reaches it, never a busy machine.
const hang = 15 * time.Minute

// webBuild builds the web version once for all tests of the package, into
// a directory of its own (never the developer's dist/). It is also the
// js/wasm target of TestCrossBuild.
func webBuild(t *testing.T) *Result {
	t.Helper()
	buildOnce.Do(func() {
		out, err := os.MkdirTemp("", "janken-web-")
		if err != nil {
			buildErr = err
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), hang)
		defer cancel()
		start := time.Now()
		buildResult, buildErr = Build(ctx, BuildOptions{ModuleDir: moduleDir, Package: gamePackage, OutDir: out})
		buildTime = time.Since(start)
	})
	if buildErr != nil {
		t.Fatalf("web build: %v", buildErr)
	}
	return buildResult
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildResult != nil {
		os.RemoveAll(filepath.Dir(buildResult.WebDir))
	}
	os.Exit(code)
}

// TestZipForItch checks the upload: index.html at the zip's root, every
// file the page loads next to it, and fewer than 20 files (itch.io's
// limits are generous, but a flat, small zip is what its HTML games
// expect).
func TestZipForItch(t *testing.T) {
	res := webBuild(t)
	t.Logf("build took %v; game.wasm %.2f MB raw, %.2f MB gzip", buildTime.Round(time.Millisecond),
		float64(res.WasmSize)/1e6, float64(res.WasmGzip)/1e6)
	zr, err := zip.OpenReader(res.Zip)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	names := map[string]bool{}
	for _, f := range zr.File {
		names[f.Name] = true
		if strings.Contains(f.Name, "/") {
			t.Errorf("zip entry %q is not at the root", f.Name)
		}
	}
	if len(zr.File) >= 20 {
		t.Errorf("zip has %d files, want fewer than 20", len(zr.File))
	}
	for _, want := range []string{IndexFile, WasmFile, WasmExecJS} {
		if !names[want] {
			t.Errorf("zip lacks %s (has %v)", want, names)
		}
	}
	page, err := os.ReadFile(filepath.Join(res.WebDir, IndexFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{wasmGzTag, wasmSizeTag} {
		if strings.Contains(string(page), tag) {
			t.Errorf("index.html still has the placeholder %s", tag)
		}
	}
	for _, f := range zr.File {
		if f.Modified.Year() < 2020 {
			t.Errorf("zip entry %s is dated %v, want the build's date", f.Name, f.Modified)
		}
	}
	for _, ref := range []string{`src="wasm_exec.js"`, `fetch("game.wasm.gz")`} {
		if !strings.Contains(string(page), ref) {
			t.Errorf("index.html does not load %s", ref)
		}
	}
}

// TestVersionStamped checks that the build stamps its version into the
// game, which shows it on the title screen, instead of "dev".
func TestVersionStamped(t *testing.T) {
	res := webBuild(t)
	if res.Version == "" || res.Version == "dev" {
		t.Fatalf("version %q: want git's name of the checkout", res.Version)
	}
	gz, err := os.ReadFile(filepath.Join(res.WebDir, WasmFile))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(wasm, []byte(res.Version)) {
		t.Errorf("game.wasm does not contain its version %q", res.Version)
	}
}

// TestWasmSizeBudget reports the download size against the budget of
// 5.26 MB gzipped for the whole game. It was 5 MB until network play was
// sealed (netplay/secure): X25519 comes through crypto/ecdh, which links
// the standard library's whole FIPS elliptic-curve module, about 170 kB
// gzipped that no smaller vetted library avoids. It was 5.4 MB after
// replays and inlining for the code that paints pixels on the CPU came
// in, until the browser's fonts became subsets of the Go fonts (about
// 96 kB) and its main stopped parsing flags (13 kB), to 5.245 MB; the
// touch wording, the phones' names and prompts with buttons, the shared
// replay viewer's Slam and the stronger That's Mine bot then added 37 kB
// (5.282 MB). The browser build then left out what a browser cannot run:
// the host of a card-game match (33 kB), the room host and LAN discovery
// of the network lobby (22 kB) and the headless subcommands' command line
// (8 kB), to 5.217 MB, 5.230 MB with the same session's room-code keypad
// and touch peek button; the peek banner's own place at each table, key
// hints worded for touch, players' names from the lobby and the settings,
// and Ninjan Hard's model of its opponents' picks then added 13 kB
// (5.243 MB). The budget guards against growth nobody meant;
// issue 14's target (1.2x a bare Ebitengine page) is a separate figure,
// printed by the browser benchmark, and go run ./wasm/internal/wasmsize/sizes
// shows what each package adds to the bare page.
func TestWasmSizeBudget(t *testing.T) {
	res := webBuild(t)
	const budget = 5_260_000
	t.Logf("game.wasm: %d bytes raw, %d bytes gzip (budget %d)", res.WasmSize, res.WasmGzip, budget)
	if res.WasmGzip > budget {
		t.Errorf("game.wasm is %.2f MiB gzipped, over the budget of %d bytes", float64(res.WasmGzip)/(1<<20), budget)
	}
}

// TestWebBuildLeavesOutDesktopOnly checks that the browser build links
// none of what a browser cannot run, which build tags keep out of it: the
// host of a card-game match (netplay.Host) and of a lobby's room
// (netplay.LobbyHost), LAN discovery (netplay.RoomFinder) and the
// headless subcommands' command line (package flag).
func TestWebBuildLeavesOutDesktopOnly(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	res, err := Build(ctx, BuildOptions{ModuleDir: moduleDir, Package: gamePackage, OutDir: t.TempDir(), Version: "names", KeepNames: true})
	if err != nil {
		t.Fatalf("web build: %v", err)
	}
	m, err := wasmsize.Open(filepath.Join(res.WebDir, WasmFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	const netplay = "github.com_jankenarcade_janken_netplay."
	desktopOnly := []string{netplay + "NewHost", netplay + "__Host_", netplay + "NewLobbyHost", netplay + "__LobbyHost_",
		netplay + "NewRoomFinder", netplay + "__RoomFinder_", "flag."}
	linked := map[string]int{}
	for _, f := range m.Funcs {
		for _, prefix := range desktopOnly {
			if strings.HasPrefix(f.Name, prefix) {
				linked[prefix]++
			}
		}
	}
	for _, prefix := range desktopOnly {
		if n := linked[prefix]; n > 0 {
			t.Errorf("the browser build links %s… (%d functions)", prefix, n)
		}
	}
}
