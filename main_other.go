//go:build !js

package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/jankenarcade/janken/scenes"
)

func main() {
	if code, ok := runHeadless(os.Args[1:], arcade, os.Stdout, os.Stderr); ok {
		os.Exit(code)
	}
	showVersion := flag.Bool("version", false, "print the version and exit")
	webDir := flag.String("web", "dist/web", "the browser build a network host also serves, so friends can join from a browser\n(make it with: go run ./wasm/webtool build)")
	flag.Usage = func() {
		usage(flag.CommandLine.Output(), arcade)
		flag.PrintDefaults()
	}
	flag.Parse()
	if *showVersion {
		fmt.Println("janken", version)
		return
	}
	opts := options(arcade, webBuild(*webDir))
	if flag.NArg() > 0 {
		r, err := readReplay(flag.Arg(0), arcade)
		if err != nil {
			fmt.Fprintln(os.Stderr, "janken:", err)
			os.Exit(2)
		}
		opts.Start = watchFirst(r)
	}
	if err := scenes.Run(opts); err != nil {
		fmt.Fprintln(os.Stderr, "janken:", err)
		os.Exit(1)
	}
}
