package wasm

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jankenarcade/janken/internal/webflags"
)

//go:embed index.html
var indexHTML string

// The files of the web build, all at the root of each bundle's directory
// and of the zip. The game ships gzipped and the page unpacks it (DecompressionStream):
// hosts such as itch.io do not all compress .wasm on the fly, and 25 MB
// against 6 MB is the difference between a game that starts and one that
// is closed while loading.
const (
	IndexFile   = "index.html"
	WasmFile    = "game.wasm.gz"
	WasmExecJS  = "wasm_exec.js"
	ZipName     = "janken-arcade-web.zip"
	wasmGzTag   = "{{WASM_GZ_SIZE}}"
	wasmSizeTag = "{{WASM_SIZE}}"
)

// The two bundles of the web build, each a directory of OutDir.
const (
	// HostDir is the bundle a desktop host serves to the browsers on its
	// network (its -web flag), which joins that host's room.
	HostDir = "web"
	// ItchDir is the bundle zipped for itch.io: the game without network
	// play (build tag webflags.ItchTag). A page on an https site can never
	// open a plain WebSocket to a host on the LAN, so the network client
	// (netplay's sessions, its encryption, the network lobby and tables)
	// would be download for nothing; its network menu says how to join
	// from the page a host serves.
	ItchDir = "itch"
)

// BuildOptions says what to build and where.
type BuildOptions struct {
	// ModuleDir is the module's root directory, where go build runs.
	ModuleDir string
	// Package is the game's main package, relative to ModuleDir; "" means
	// "." (the root package).
	Package string
	// OutDir receives web/ and the zip; "" means ModuleDir/dist.
	OutDir string
	// Version is stamped into the game (main.version, shown on the title
	// screen); "" means what git describe says of ModuleDir, or "dev"
	// outside a git checkout.
	Version string
	// KeepNames keeps the names of the functions in the WebAssembly (its
	// name section), so that a browser's profile names them; the download
	// is larger.
	KeepNames bool
	// Itch builds the itch.io bundle, into OutDir/ItchDir with the zip to
	// upload (OutDir/ZipName), rather than the bundle a desktop host
	// serves (OutDir/HostDir).
	Itch bool
}

// Result describes a finished build.
type Result struct {
	Version  string // the version stamped into the game
	WebDir   string // the directory to serve: OutDir/HostDir or OutDir/ItchDir
	Zip      string // the itch.io upload, or "" for the bundle a host serves
	WasmSize int64  // game.wasm in bytes
	WasmGzip int64  // game.wasm gzipped (best compression): game.wasm.gz, the download
}

// Build compiles one bundle of the game for GOOS=js GOARCH=wasm and
// writes the page, the Go runtime's wasm_exec.js and, for itch.io, the
// zip. The two bundles differ only by the build tag.
func Build(ctx context.Context, opts BuildOptions) (*Result, error) {
	if opts.Package == "" {
		opts.Package = "."
	}
	if opts.OutDir == "" {
		opts.OutDir = filepath.Join(opts.ModuleDir, "dist")
	}
	web, flags := filepath.Join(opts.OutDir, HostDir), webflags.Go()
	if opts.Itch {
		web, flags = filepath.Join(opts.OutDir, ItchDir), webflags.Itch()
	}
	if err := os.RemoveAll(web); err != nil {
		return nil, fmt.Errorf("wasm: clean %s: %w", web, err)
	}
	if err := os.MkdirAll(web, 0o755); err != nil {
		return nil, fmt.Errorf("wasm: %w", err)
	}
	tmp, err := os.MkdirTemp("", "janken-wasm-")
	if err != nil {
		return nil, fmt.Errorf("wasm: %w", err)
	}
	defer os.RemoveAll(tmp)
	if opts.Version == "" {
		opts.Version = describe(ctx, opts.ModuleDir)
	}
	if strings.ContainsAny(opts.Version, " \t\n'\"") {
		return nil, fmt.Errorf("wasm: version %q: want no spaces or quotes", opts.Version)
	}
	wasmPath := filepath.Join(tmp, "game.wasm")
	ldflags := "-s -w -X main.version=" + opts.Version
	if opts.KeepNames {
		ldflags = "-w -X main.version=" + opts.Version
	}
	args := append([]string{"build", "-ldflags=" + ldflags}, flags...)
	build := exec.CommandContext(ctx, "go", append(args, "-o", wasmPath, opts.Package)...)
	build.Dir = opts.ModuleDir
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("wasm: go build %s: %w\n%s", opts.Package, err, out)
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return nil, fmt.Errorf("wasm: %w", err)
	}
	execJS, err := wasmExecJS(ctx)
	if err != nil {
		return nil, err
	}
	gz, err := gzipBytes(wasm)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(web, WasmFile), gz, 0o644); err != nil {
		return nil, fmt.Errorf("wasm: %w", err)
	}
	page := strings.NewReplacer(wasmGzTag, strconv.Itoa(len(gz)), wasmSizeTag, strconv.Itoa(len(wasm))).Replace(indexHTML)
	if err := os.WriteFile(filepath.Join(web, IndexFile), []byte(page), 0o644); err != nil {
		return nil, fmt.Errorf("wasm: %w", err)
	}
	if err := os.WriteFile(filepath.Join(web, WasmExecJS), execJS, 0o644); err != nil {
		return nil, fmt.Errorf("wasm: %w", err)
	}
	res := &Result{Version: opts.Version, WebDir: web, WasmSize: int64(len(wasm)), WasmGzip: int64(len(gz))}
	if opts.Itch {
		res.Zip = filepath.Join(opts.OutDir, ZipName)
		if err := writeZip(res.Zip, web); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// describe names the checkout in dir as git describe does ("v1.2-3-gabc1234",
// or a commit's short hash before the first tag, "-dirty" with local
// changes), or "dev" where git cannot tell.
func describe(ctx context.Context, dir string) string {
	cmd := exec.CommandContext(ctx, "git", "describe", "--tags", "--always", "--dirty")
	cmd.Dir = dir
	out, err := cmd.Output()
	if v := strings.TrimSpace(string(out)); err == nil && v != "" {
		return v
	}
	return "dev"
}

// wasmExecJS reads the JavaScript support file of the Go that builds.
func wasmExecJS(ctx context.Context) ([]byte, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("wasm: go env GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(out))
	// Go 1.24 moved the file from misc/wasm to lib/wasm.
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		b, err := os.ReadFile(filepath.Join(root, dir, WasmExecJS))
		if err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("wasm: %s not found under %s", WasmExecJS, root)
}

// writeZip stores every file of dir at the root of a new zip.
func writeZip(path, dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("wasm: %w", err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		if e.IsDir() {
			return fmt.Errorf("wasm: unexpected directory %s in %s", e.Name(), dir)
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return fmt.Errorf("wasm: %w", err)
		}
		info, err := e.Info()
		if err != nil {
			return fmt.Errorf("wasm: %w", err)
		}
		// Without a date an entry reads 1980-00-00, which some unzip tools
		// reject or show as garbage.
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.Name(), Method: zip.Deflate, Modified: info.ModTime()})
		if err != nil {
			return fmt.Errorf("wasm: zip %s: %w", e.Name(), err)
		}
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("wasm: zip %s: %w", e.Name(), err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("wasm: zip: %w", err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("wasm: %w", err)
	}
	return nil
}

func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(zw, bytes.NewReader(b)); err != nil {
		return nil, fmt.Errorf("wasm: gzip: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("wasm: gzip: %w", err)
	}
	return buf.Bytes(), nil
}
