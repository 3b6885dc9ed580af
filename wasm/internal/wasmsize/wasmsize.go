// Package wasmsize breaks a WebAssembly module built by Go down by
// section and by Go package, to see what a package costs the download.
//
// A function's package comes from the module's name section, which a Go
// build keeps unless the linker is given -s: build with -ldflags=-w to
// measure. Code is attributed per function body; the data section (the
// read-only data, the type descriptors and the function tables that grow
// with the code) is reported as one figure, since the module does not say
// which package a byte of data belongs to.
package wasmsize

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// Section is one section of a module.
type Section struct {
	ID   byte   // the section's id (0 is a custom section)
	Name string // the custom section's name, or the standard name of the id
	Size int    // the section's content in bytes
}

// Package is what one Go package's functions cost.
type Package struct {
	Path  string // the import path, or the symbol's prefix where it has none
	Funcs int    // function bodies
	Code  int    // bytes of function bodies
	Gzip  int    // the bodies gzipped on their own, a measure of what they add to the download
}

// Func is one of the module's own functions (not an import).
type Func struct {
	Name string // as the name section spells it: "github.com_a_b.__T_.M" for github.com/a/b.(*T).M
	Size int    // its body in bytes
}

// Module is a parsed module's breakdown.
type Module struct {
	Sections []Section
	Funcs    []Func    // in the module's order
	Packages []Package // by Code, largest first
}

var sectionNames = [...]string{"custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"}

// Parse reads a module and attributes its function bodies to the
// packages whose import paths are given (go list -deps lists them), and
// the others to what their names start with ("type_" for the functions the
// compiler makes for types). It fails on a module without a name section.
func Parse(wasm []byte, packages []string) (*Module, error) {
	if len(wasm) < 8 || !bytes.Equal(wasm[:4], []byte("\x00asm")) {
		return nil, errors.New("wasmsize: not a WebAssembly module")
	}
	var (
		m       Module
		imports int
		bodies  [][]byte
		names   map[int]string
	)
	r := reader{b: wasm[8:]}
	for !r.done() {
		id := r.byte()
		content := r.bytes(int(r.uleb()))
		if r.err != nil {
			return nil, fmt.Errorf("wasmsize: section %d: %w", id, r.err)
		}
		s := Section{ID: id, Size: len(content)}
		if int(id) < len(sectionNames) {
			s.Name = sectionNames[id]
		}
		sr := reader{b: content}
		switch id {
		case 0:
			s.Name = sr.name()
			if s.Name == "name" {
				names = functionNames(&sr)
			}
		case 2:
			imports = countFuncImports(&sr)
		case 10:
			bodies = codeBodies(&sr)
		}
		if sr.err != nil {
			return nil, fmt.Errorf("wasmsize: %s section: %w", s.Name, sr.err)
		}
		m.Sections = append(m.Sections, s)
	}
	if names == nil {
		return nil, errors.New("wasmsize: the module has no function names (build without -ldflags=-s)")
	}
	known := newPackageNames(packages)
	byPath := map[string][]byte{}
	funcs := map[string]int{}
	for i, body := range bodies {
		name := names[imports+i]
		m.Funcs = append(m.Funcs, Func{Name: name, Size: len(body)})
		p := known.of(name)
		byPath[p] = append(byPath[p], body...)
		funcs[p]++
	}
	for p, code := range byPath {
		m.Packages = append(m.Packages, Package{Path: p, Funcs: funcs[p], Code: len(code), Gzip: gzipSize(code)})
	}
	slices.SortFunc(m.Packages, func(a, b Package) int {
		if a.Code != b.Code {
			return b.Code - a.Code
		}
		return strings.Compare(a.Path, b.Path)
	})
	return &m, nil
}

// Open parses the module in the file at path, gzipped (game.wasm.gz) or
// not, as Parse does.
func Open(path string, packages []string) (*Module, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("wasmsize: %w", err)
	}
	if bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("wasmsize: %s: %w", path, err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			return nil, fmt.Errorf("wasmsize: %s: %w", path, err)
		}
	}
	return Parse(b, packages)
}

// sanitized is a symbol or import path as the Go linker names it in the
// name section: every byte other than a letter, a digit, '_' and '.'
// becomes '_'.
func sanitized(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '.' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

// packageNames maps import paths as the name section spells them to the
// paths themselves.
type packageNames map[string]string

func newPackageNames(paths []string) packageNames {
	names := packageNames{}
	for _, p := range paths {
		names[sanitized(p)] = p
	}
	return names
}

// of returns the import path of the package that a function named name
// belongs to: the longest known path that name starts with, followed by a
// dot, or else name up to its first dot.
func (names packageNames) of(name string) string {
	path := ""
	for i := strings.IndexByte(name, '.'); i >= 0; {
		if p, ok := names[name[:i]]; ok {
			path = p
		}
		j := strings.IndexByte(name[i+1:], '.')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if path != "" {
		return path
	}
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return name
}

// functionNames reads the function-name subsection of a name section.
func functionNames(r *reader) map[int]string {
	names := map[int]string{}
	for !r.done() && r.err == nil {
		id := r.byte()
		sub := reader{b: r.bytes(int(r.uleb()))}
		if id != 1 {
			continue
		}
		for n := sub.uleb(); n > 0 && sub.err == nil; n-- {
			i := int(sub.uleb())
			names[i] = sub.name()
		}
		r.err = sub.err
	}
	return names
}

// countFuncImports counts the imported functions, which come before the
// module's own in the function index space.
func countFuncImports(r *reader) int {
	funcs := 0
	for n := r.uleb(); n > 0 && r.err == nil; n-- {
		r.name()
		r.name()
		switch kind := r.byte(); kind {
		case 0: // function: type index
			r.uleb()
			funcs++
		case 1: // table: element type, limits
			r.byte()
			r.limits()
		case 2: // memory: limits
			r.limits()
		case 3: // global: value type, mutability
			r.byte()
			r.byte()
		default:
			r.fail(fmt.Errorf("import kind %d", kind))
		}
	}
	return funcs
}

// codeBodies splits the code section into its function bodies.
func codeBodies(r *reader) [][]byte {
	var bodies [][]byte
	for n := r.uleb(); n > 0 && r.err == nil; n-- {
		bodies = append(bodies, r.bytes(int(r.uleb())))
	}
	return bodies
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level cannot fail
	zw.Write(b)
	zw.Close()
	return buf.Len()
}

// reader reads a module's bytes, keeping the first error.
type reader struct {
	b   []byte
	err error
}

var errShort = errors.New("unexpected end of module")

func (r *reader) done() bool { return len(r.b) == 0 }

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

func (r *reader) byte() byte {
	if len(r.b) == 0 {
		r.fail(errShort)
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) uleb() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(errShort)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.fail(errShort)
		return nil
	}
	b := r.b[:n]
	r.b = r.b[n:]
	return b
}

func (r *reader) name() string { return string(r.bytes(int(r.uleb()))) }

func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

// Added returns what each package costs m beyond base (negative where base
// has more), by added gzip size, largest first, leaving out packages that
// cost the same in both.
func (m *Module) Added(base *Module) []Package {
	diff := map[string]Package{}
	for _, p := range m.Packages {
		diff[p.Path] = p
	}
	for _, b := range base.Packages {
		p := diff[b.Path]
		diff[b.Path] = Package{Path: b.Path, Funcs: p.Funcs - b.Funcs, Code: p.Code - b.Code, Gzip: p.Gzip - b.Gzip}
	}
	var added []Package
	for _, p := range diff {
		if p.Funcs != 0 || p.Code != 0 || p.Gzip != 0 {
			added = append(added, p)
		}
	}
	slices.SortFunc(added, func(a, b Package) int {
		if a.Gzip != b.Gzip {
			return b.Gzip - a.Gzip
		}
		return strings.Compare(a.Path, b.Path)
	})
	return added
}

// Section returns the size of the named section, 0 if m has none.
func (m *Module) Section(name string) int {
	for _, s := range m.Sections {
		if s.Name == name {
			return s.Size
		}
	}
	return 0
}
