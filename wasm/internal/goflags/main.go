// Command goflags prints the web build's go build flags (wasm.GoFlags),
// one a line. tools/test vets and tests for js/wasm with them, so that
// those compiles and the web build's share Go's build cache:
//
//	mapfile -t flags < <(go run ./wasm/internal/goflags)
package main

import (
	"fmt"

	"github.com/jankenarcade/janken/wasm"
)

func main() {
	for _, f := range wasm.GoFlags() {
		fmt.Println(f)
	}
}
