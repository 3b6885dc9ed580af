// Command goflags prints the web build's go build flags (webflags.Go),
// one a line, or with -itch those of its itch.io bundle (webflags.Itch).
// tools/test vets and tests for js/wasm with them, so that those compiles
// and the web build's share Go's build cache:
//
//	mapfile -t flags < <(go run ./internal/webflags/goflags)
package main

import (
	"flag"
	"fmt"

	"github.com/jankenarcade/janken/internal/webflags"
)

func main() {
	itch := flag.Bool("itch", false, "print the itch.io bundle's flags (with its build tag)")
	flag.Parse()
	flags := webflags.Go()
	if *itch {
		flags = webflags.Itch()
	}
	for _, f := range flags {
		fmt.Println(f)
	}
}
