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

// hang bounds what the tests wait for on the wall clock (a build,
// Chromium, the page): only a hang reaches it, never a busy machine.
const hang = 15 * time.Minute

// A bundle is one bundle of the web build, built once for all tests of
// the package into a directory of its own (never the developer's dist/).
type bundle struct {
	itch bool
	once sync.Once
	res  *Result
	err  error
	took time.Duration
}

// The two bundles differ only in the link and in the few packages the
// itch tag changes: Go's build cache compiles everything else once.
var itchBundle, hostBundle = bundle{itch: true}, bundle{}

func (b *bundle) build(t *testing.T) *Result {
	t.Helper()
	b.once.Do(func() {
		out, err := os.MkdirTemp("", "janken-web-")
		if err != nil {
			b.err = err
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), hang)
		defer cancel()
		start := time.Now()
		b.res, b.err = Build(ctx, BuildOptions{ModuleDir: moduleDir, Package: gamePackage, OutDir: out, Itch: b.itch})
		b.took = time.Since(start)
	})
	if b.err != nil {
		t.Fatalf("web build (itch %v): %v", b.itch, b.err)
	}
	return b.res
}

// webBuild returns the itch.io bundle: what a player on itch.io loads,
// which most browser tests play. It is also the js/wasm target of
// TestCrossBuild.
func webBuild(t *testing.T) *Result { return itchBundle.build(t) }

// hostBuild returns the bundle a desktop host serves, which the tests of
// a browser joining a host play.
func hostBuild(t *testing.T) *Result { return hostBundle.build(t) }

func TestMain(m *testing.M) {
	code := m.Run()
	for _, b := range []*bundle{&itchBundle, &hostBundle} {
		if b.res != nil {
			os.RemoveAll(filepath.Dir(b.res.WebDir))
		}
	}
	os.Exit(code)
}

// joinerText is drawn only by the network menus of a page a desktop host
// served, which the itch.io bundle leaves out.
const joinerText = "This page comes from the game hosting at "

// TestZipForItch checks the upload: index.html at the zip's root, every
// file the page loads next to it, and fewer than 20 files (itch.io's
// limits are generous, but a flat, small zip is what its HTML games
// expect); and that its game is the itch.io bundle, without the joiner
// that the bundle a desktop host serves has.
func TestZipForItch(t *testing.T) {
	res := webBuild(t)
	t.Logf("build took %v; game.wasm %.2f MB raw, %.2f MB gzip", itchBundle.took.Round(time.Millisecond),
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
		if f.Name == WasmFile {
			gz, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			if game := gunzip(t, gz); bytes.Contains(game, []byte(joinerText)) {
				t.Errorf("the zip's %s has the joiner's network menu: not the itch.io bundle", WasmFile)
			}
			gz.Close()
		}
	}
	if host := gunzipFile(t, filepath.Join(hostBuild(t).WebDir, WasmFile)); !bytes.Contains(host, []byte(joinerText)) {
		t.Errorf("the bundle a host serves lacks %q: the check above proves nothing", joinerText)
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
	if wasm := gunzipFile(t, filepath.Join(res.WebDir, WasmFile)); !bytes.Contains(wasm, []byte(res.Version)) {
		t.Errorf("game.wasm does not contain its version %q", res.Version)
	}
}

// gunzipFile returns the gzipped file at path, unpacked.
func gunzipFile(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return gunzip(t, f)
}

// gunzip returns what r holds gzipped.
func gunzip(t *testing.T, r io.Reader) []byte {
	t.Helper()
	zr, err := gzip.NewReader(r)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWasmSizeBudget reports the download of the itch.io bundle, the one
// players load, against the budget of 4.87 MB gzipped. It was 5 MB until
// network play was sealed (netplay/secure): X25519 comes through
// crypto/ecdh, which links the standard library's whole FIPS
// elliptic-curve module, about 170 kB gzipped that no smaller vetted
// library avoids. It was 5.4 MB after replays and inlining for the code
// that paints pixels on the CPU came in, until the browser's fonts became
// subsets of the Go fonts (about 96 kB) and its main stopped parsing
// flags (13 kB), to 5.245 MB; the touch wording, the phones' names and
// prompts with buttons, the shared replay viewer's Slam and the stronger
// That's Mine bot then added 37 kB (5.282 MB). The browser build then
// left out what a browser cannot run: the host of a card-game match
// (33 kB), the room host and LAN discovery of the network lobby (22 kB)
// and the headless subcommands' command line (8 kB), to 5.217 MB,
// 5.230 MB with the same session's room-code keypad and touch peek
// button; the peek banner's own place at each table, key hints worded for
// touch, players' names from the lobby and the settings, and Ninjan
// Hard's model of its opponents' picks then added 13 kB (5.243 MB). The
// itch.io bundle then left out the network client, which its page can
// never use (389 kB: 5.244 MB for the bundle a host serves, 4.855 MB for
// itch.io). Names typed on a phone's own keyboard (Ebitengine's
// exp/textinput, 15 kB) and the browser fonts' Greek and Cyrillic letters
// (18 kB), which a name may hold, then added 58 kB (4.913 MB). The budget guards against growth nobody meant; issue 14's
// target (1.2x a bare Ebitengine page) is a separate figure, printed by
// the browser benchmark, and go run ./wasm/internal/wasmsize/sizes shows
// what each package adds to the bare page.
func TestWasmSizeBudget(t *testing.T) {
	res := webBuild(t)
	const budget = 4_930_000
	t.Logf("game.wasm: %d bytes raw, %d bytes gzip (budget %d)", res.WasmSize, res.WasmGzip, budget)
	if res.WasmGzip > budget {
		t.Errorf("game.wasm is %.2f MiB gzipped, over the budget of %d bytes", float64(res.WasmGzip)/(1<<20), budget)
	}
}

// TestWebBuildLeavesOutDesktopOnly checks, by function name, that neither
// bundle of the web build links what a browser cannot run, which build
// tags keep out of it: the host of a card-game match (netplay.Host) and
// of a lobby's room (netplay.LobbyHost), LAN discovery
// (netplay.RoomFinder) and the headless subcommands' command line
// (package flag); and that the itch.io bundle, whose page can never reach
// a host, links no network client either: no joining, no client or
// rollback session, no WebSocket, no network lobby or table, and none of
// the room's encryption (netplay/secure, Noise, crypto/ecdh).
func TestWebBuildLeavesOutDesktopOnly(t *testing.T) {
	const (
		netplay  = "github.com_jankenarcade_janken_netplay."
		netlobby = "github.com_jankenarcade_janken_scenes_netlobby."
		nettable = "github.com_jankenarcade_janken_scenes_nettable."
	)
	desktopOnly := []string{netplay + "NewHost", netplay + "__Host_", netplay + "NewLobbyHost", netplay + "__LobbyHost_",
		netplay + "NewRoomFinder", netplay + "__RoomFinder_", "flag."}
	networkClient := []string{netplay + "NewJoin", netplay + "__Join_", netplay + "NewClient", netplay + "__Client_",
		netplay + "NewSession", netplay + "__Session_", netplay + "DialWebSocket", netlobby + "__Chooser_", netlobby + "__Lobby_",
		nettable + "OpenSide", nettable + "NewRemote", "github.com_jankenarcade_janken_netplay_secure.", "github.com_flynn_noise.",
		"crypto_ecdh.", "crypto_internal_fips140_ecdh."}
	for _, tt := range []struct {
		itch          bool
		leftOut, kept []string // kept: proof that the names are still the code's
	}{{false, desktopOnly, networkClient}, {true, append(desktopOnly, networkClient...), nil}} {
		t.Run(map[bool]string{false: "host", true: "itch"}[tt.itch], func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), hang)
			defer cancel()
			res, err := Build(ctx, BuildOptions{ModuleDir: moduleDir, Package: gamePackage, OutDir: t.TempDir(), Version: "names", KeepNames: true, Itch: tt.itch})
			if err != nil {
				t.Fatalf("web build: %v", err)
			}
			m, err := wasmsize.Open(filepath.Join(res.WebDir, WasmFile), nil)
			if err != nil {
				t.Fatal(err)
			}
			linked := map[string]int{}
			for _, f := range m.Funcs {
				for _, prefix := range append(tt.leftOut, tt.kept...) {
					if strings.HasPrefix(f.Name, prefix) {
						linked[prefix]++
					}
				}
			}
			for _, prefix := range tt.leftOut {
				if n := linked[prefix]; n > 0 {
					t.Errorf("the bundle links %s… (%d functions)", prefix, n)
				}
			}
			for _, prefix := range tt.kept {
				if linked[prefix] == 0 {
					t.Errorf("the bundle links no %s…: has it been renamed?", prefix)
				}
			}
		})
	}
}
