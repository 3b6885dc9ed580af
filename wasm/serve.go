package wasm

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Handler serves a web build from dir: the right MIME type for .wasm (so
// browsers may compile while downloading), gzip for clients that accept
// it (compressed once per file version and cached) except for files that
// are compressed already (.gz, sent as they are for the page to unpack),
// and no caching by the browser, so a rebuild shows at the next reload.
func Handler(dir string) http.Handler {
	return &server{dir: dir, cache: map[string]gzipped{}}
}

type server struct {
	dir   string
	mu    sync.Mutex
	cache map[string]gzipped
}

type gzipped struct {
	mod  time.Time
	size int64
	data []byte
}

func init() {
	// Some systems' MIME tables lack .wasm; the browser then refuses to
	// stream-compile it.
	_ = mime.AddExtensionType(".wasm", "application/wasm")
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if name == "/" {
		name = "/" + IndexFile
	}
	file := filepath.Join(s.dir, filepath.FromSlash(name))
	info, err := os.Stat(file)
	if err != nil || info.IsDir() {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	if ct := mime.TypeByExtension(filepath.Ext(file)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	if strings.HasSuffix(file, ".gz") {
		w.Header().Set("Content-Type", "application/octet-stream")
	}
	if strings.HasSuffix(file, ".gz") || !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		http.ServeFile(w, r, file)
		return
	}
	gz, err := s.compressed(file, info)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Set("Vary", "Accept-Encoding")
	w.Header().Set("Content-Length", strconv.Itoa(len(gz)))
	if r.Method == http.MethodGet {
		_, _ = w.Write(gz)
	}
}

func (s *server) compressed(file string, info os.FileInfo) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.cache[file]; ok && c.mod.Equal(info.ModTime()) && c.size == info.Size() {
		return c.data, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	gz, err := gzipBytes(b)
	if err != nil {
		return nil, err
	}
	s.cache[file] = gzipped{mod: info.ModTime(), size: info.Size(), data: gz}
	return gz, nil
}
