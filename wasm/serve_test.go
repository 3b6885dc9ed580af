package wasm

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	wasmBytes := bytes.Repeat([]byte("\x00asm janken "), 1000)
	gzBytes := []byte("\x1f\x8b pretend gzip")
	files := map[string][]byte{IndexFile: []byte("<!DOCTYPE html><title>t</title>"), "game.wasm": wasmBytes, WasmFile: gzBytes, WasmExecJS: []byte("// js")}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := Handler(dir)
	get := func(method, path string, gz bool) *http.Response {
		req := httptest.NewRequest(method, path, nil)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip, br")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	body := func(r *http.Response) []byte {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			t.Fatal(err)
		}
		if r.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("gzip body: %v", err)
			}
			if b, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		return b
	}

	tests := []struct {
		method, path string
		gz           bool
		status       int
		mime         string
		want         []byte
	}{
		{"GET", "/", false, 200, "text/html; charset=utf-8", files[IndexFile]},
		{"GET", "/game.wasm", false, 200, "application/wasm", wasmBytes},
		{"GET", "/game.wasm", true, 200, "application/wasm", wasmBytes},
		{"GET", "/wasm_exec.js", true, 200, "text/javascript; charset=utf-8", files[WasmExecJS]},
		{"GET", "/missing.wasm", true, 404, "", nil},
		{"GET", "/../build.go", false, 404, "", nil},
		{"POST", "/", false, 405, "", nil},
	}
	for _, tt := range tests {
		r := get(tt.method, tt.path, tt.gz)
		if r.StatusCode != tt.status {
			t.Errorf("%s %s: status %d, want %d", tt.method, tt.path, r.StatusCode, tt.status)
			continue
		}
		if tt.status != 200 {
			continue
		}
		if got := r.Header.Get("Content-Type"); got != tt.mime {
			t.Errorf("%s: Content-Type %q, want %q", tt.path, got, tt.mime)
		}
		if gz := r.Header.Get("Content-Encoding") == "gzip"; gz != tt.gz {
			t.Errorf("%s: gzip %v, want %v", tt.path, gz, tt.gz)
		}
		if b := body(r); !bytes.Equal(b, tt.want) {
			t.Errorf("%s: body of %d bytes differs from the file's %d", tt.path, len(b), len(tt.want))
		}
	}
	// The pre-compressed game goes out as it is, even to gzip clients: the
	// page unpacks it.
	if r := get("GET", "/"+WasmFile, true); r.Header.Get("Content-Encoding") != "" ||
		r.Header.Get("Content-Type") != "application/octet-stream" || !bytes.Equal(body(r), gzBytes) {
		t.Errorf("GET /%s: encoding %q, type %q: want the file as it is", WasmFile, r.Header.Get("Content-Encoding"), r.Header.Get("Content-Type"))
	}
	if r := get("HEAD", "/game.wasm", true); r.StatusCode != 200 || r.ContentLength <= 0 {
		t.Errorf("HEAD /game.wasm: status %d, length %d", r.StatusCode, r.ContentLength)
	}
}
