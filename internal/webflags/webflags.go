// Package webflags holds the go build flags of the project's WebAssembly
// builds: the game's web build (package wasm), the phone page
// (phone.BuildPad) and tools/test's js/wasm vet and tests all compile
// with them, so that Go's build cache compiles each package once for
// WebAssembly rather than once per set of flags.
package webflags

// ItchTag is the build tag of the itch.io bundle of the web build, which
// leaves network play out (see package wasm). Only the few files it
// selects, and the packages above them, compile apart from the other
// bundle's: a build tag is not part of the cache key of a package whose
// files it does not change.
const ItchTag = "itch"

// sizeFlags keep the download inside its budget. Turning inlining off
// everywhere saves about 0.7 MB gzipped (text shaping and the standard
// library inline a lot); it stays on where speed matters: the rulesets
// (bots search in them), Ebitengine's drawing internals and the runtime,
// which together cost only about 0.1 MB, and the code that paints pixels
// on the CPU before the first frames (the scenes' shape textures, the
// sprites, glyph rasterisation), for about 20 kB: without inlining there,
// every math.Min and math.Abs of a per-pixel loop is a call, and the title
// took seconds more to appear.
var sizeFlags = []string{
	"-gcflags=all=-l",
	"-gcflags=github.com/jankenarcade/janken/rulesets/...=",
	"-gcflags=github.com/hajimehoshi/ebiten/v2/internal/...=",
	"-gcflags=runtime/...=",
	"-gcflags=github.com/jankenarcade/janken/scenes=",
	"-gcflags=github.com/jankenarcade/janken/sprites=",
	"-gcflags=golang.org/x/image/vector=",
	"-gcflags=github.com/hajimehoshi/ebiten/v2/text/v2=",
	"-gcflags=github.com/hajimehoshi/ebiten/v2/vector=",
}

// Go returns the build flags, less -o and -ldflags (which only the link
// reads).
func Go() []string { return append([]string{"-trimpath"}, sizeFlags...) }

// Itch returns the build flags of the itch.io bundle: Go's and ItchTag.
func Itch() []string { return append(Go(), "-tags="+ItchTag) }
