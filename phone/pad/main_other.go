//go:build !js

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "the phone page runs in a browser: build it with phone.BuildPad (GOOS=js GOARCH=wasm)")
	os.Exit(2)
}
