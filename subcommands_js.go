//go:build js

package main

// runHeadless reports that the browser build has no headless subcommands:
// leaving them out keeps the download smaller.
func runHeadless([]string) (code int, ok bool) { return 0, false }
