// Command goflags prints the web build's go build flags (webflags.Go),
// one a line. tools/test vets and tests for js/wasm with them, so that
// those compiles and the web build's share Go's build cache:
//
//	mapfile -t flags < <(go run ./internal/webflags/goflags)
package main

import (
	"fmt"

	"github.com/jankenarcade/janken/internal/webflags"
)

func main() {
	for _, f := range webflags.Go() {
		fmt.Println(f)
	}
}
