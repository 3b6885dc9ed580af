//go:build js

package main

import (
	"io"

	"github.com/jankenarcade/janken/catalog"
)

// runHeadless reports that the browser build has no headless subcommands:
// leaving them out keeps the download smaller (see catalog.Turns). The
// browser's main never asks (main_js.go); the package's tests do, on every
// platform.
func runHeadless([]string, catalog.List, io.Writer, io.Writer) (code int, ok bool) { return 0, false }
