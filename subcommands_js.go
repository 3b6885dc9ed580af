//go:build js

package main

import (
	"io"

	"github.com/jankenarcade/janken/catalog"
)

// runHeadless reports that the browser build has no headless subcommands:
// leaving them out keeps the download smaller (see catalog.Turns).
func runHeadless([]string, catalog.List, io.Writer, io.Writer) (code int, ok bool) { return 0, false }
