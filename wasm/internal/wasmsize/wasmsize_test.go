package wasmsize

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

func TestPackageOf(t *testing.T) {
	names := newPackageNames([]string{"runtime", "internal/abi", "github.com/a/b", "github.com/a/b/c", "github.com/hajimehoshi/ebiten/v2/text/v2", "slices"})
	for _, tc := range []struct{ name, want string }{
		{"runtime.mallocgc", "runtime"},
		{"internal_abi.__Type_.Kind", "internal/abi"},
		{"github.com_hajimehoshi_ebiten_v2_text_v2.Draw", "github.com/hajimehoshi/ebiten/v2/text/v2"},
		{"github.com_a_b.__T_.M", "github.com/a/b"},
		{"github.com_a_b_c.F", "github.com/a/b/c"},
		{"slices.SortFunc_go.shape.__uint8_", "slices"},
		{"type_.eq.github.com_a_b.T", "type_"},
		{"go_buildid", "go_buildid"},
		{"unknown_pkg.F", "unknown_pkg"},
	} {
		if got := names.of(tc.name); got != tc.want {
			t.Errorf("of(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestSanitized(t *testing.T) {
	if got, want := sanitized("github.com/a/b.(*T).M[go.shape.int]"), "github.com_a_b.__T_.M_go.shape.int_"; got != want {
		t.Errorf("sanitized = %q, want %q", got, want)
	}
}

// module assembles a module with one imported function and the given
// function bodies, named in a name section unless names is nil.
func module(bodies [][]byte, names []string) []byte {
	var m bytes.Buffer
	m.WriteString("\x00asm\x01\x00\x00\x00")
	section := func(id byte, content []byte) {
		m.WriteByte(id)
		m.WriteByte(byte(len(content))) // the test's sections are under 128 bytes
		m.Write(content)
	}
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	imp := []byte{1}
	imp = append(append(append(imp, str("go")...), str("debug")...), 0, 0)
	section(2, imp)
	code := []byte{byte(len(bodies))}
	for _, b := range bodies {
		code = append(append(code, byte(len(b))), b...)
	}
	section(10, code)
	if names != nil {
		fn := []byte{byte(len(names))}
		for i, n := range names {
			fn = append(append(fn, byte(i)), str(n)...)
		}
		sub := append([]byte{1, byte(len(fn))}, fn...)
		section(0, append(str("name"), sub...))
	}
	return m.Bytes()
}

func TestParse(t *testing.T) {
	bodies := [][]byte{{1, 2, 3}, {4, 5}, {6, 7, 8, 9}, {10}}
	names := []string{"go.debug", "runtime.a", "github.com_x_y.__T_.M", "github.com_x_y.f", "runtime.b"}
	m, err := Parse(module(bodies, names), []string{"runtime", "github.com/x/y"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Package{
		"github.com/x/y": {Path: "github.com/x/y", Funcs: 2, Code: 6},
		"runtime":        {Path: "runtime", Funcs: 2, Code: 4},
	}
	if len(m.Packages) != len(want) {
		t.Fatalf("packages %+v, want %v", m.Packages, want)
	}
	for _, p := range m.Packages {
		w := want[p.Path]
		if p.Funcs != w.Funcs || p.Code != w.Code || p.Gzip <= 0 {
			t.Errorf("package %+v, want %+v and a gzip size", p, w)
		}
	}
	if len(m.Funcs) != 4 || m.Funcs[1] != (Func{Name: "github.com_x_y.__T_.M", Size: 2}) {
		t.Errorf("functions %+v, want the four bodies, the second github.com_x_y.__T_.M of 2 bytes", m.Funcs)
	}
	if m.Packages[0].Path != "github.com/x/y" {
		t.Errorf("first package %q, want the largest, github.com/x/y", m.Packages[0].Path)
	}
	if got := m.Section("code"); got != 1+4+3+2+4+1 {
		t.Errorf("code section %d bytes, want 15", got)
	}
}

func TestParseRejects(t *testing.T) {
	whole := module([][]byte{{1}}, []string{"go.debug", "runtime.a"})
	for name, b := range map[string][]byte{
		"not wasm":  []byte("\x7fELF\x02\x01\x01\x00"),
		"no names":  module([][]byte{{1}}, nil),
		"truncated": whole[:len(whole)-3],
	} {
		if _, err := Parse(b, nil); err == nil {
			t.Errorf("%s: Parse succeeded, want an error", name)
		}
	}
}

func TestAdded(t *testing.T) {
	game := &Module{Packages: []Package{{"a", 3, 300, 30}, {"b", 2, 200, 20}, {"c", 1, 100, 10}}}
	base := &Module{Packages: []Package{{"a", 1, 100, 10}, {"b", 2, 200, 20}, {"d", 1, 50, 5}}}
	got := game.Added(base)
	want := []Package{{"a", 2, 200, 20}, {"c", 1, 100, 10}, {"d", -1, -50, -5}}
	if len(got) != len(want) {
		t.Fatalf("Added = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Added[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestOpen(t *testing.T) {
	mod := module([][]byte{{1, 2}}, []string{"go.debug", "runtime.a"})
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(mod)
	zw.Close()
	dir := t.TempDir()
	for name, content := range map[string][]byte{"game.wasm": mod, "game.wasm.gz": gz.Bytes()} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := Open(path, []string{"runtime"})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(m.Funcs) != 1 || m.Funcs[0].Name != "runtime.a" {
			t.Errorf("%s: functions %+v, want runtime.a", name, m.Funcs)
		}
	}
	if _, err := Open(filepath.Join(dir, "missing.wasm"), nil); err == nil {
		t.Error("Open of a missing file succeeded")
	}
}
