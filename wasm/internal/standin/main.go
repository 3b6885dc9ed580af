// Command standin is the game as main.go will assemble it, for the
// browser test to build while the root package has no main yet. It mirrors
// the example in scenes' package documentation.
package main

import (
	"fmt"
	"os"

	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/elevensuitstable"
	"github.com/jankenarcade/janken/scenes/ninjantable"
	"github.com/jankenarcade/janken/scenes/slamtable"
	"github.com/jankenarcade/janken/scenes/thatsminetable"
)

func main() {
	err := scenes.Run(scenes.Options{
		Games: []scenes.Entry{
			thatsminetable.Entry(), ninjantable.Entry(), elevensuitstable.Entry(), slamtable.Entry(),
		},
		Version: "standin",
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
