// Command padtool builds the phone page that the desktop game serves to
// the phones of its players (package phone):
//
//	go run ./phone/padtool            # writes dist/pad/
//	go run ./phone/padtool -o DIR
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/jankenarcade/janken/phone"
)

func main() {
	out := flag.String("o", "dist/pad", "the directory to write the phone page to")
	flag.Parse()
	if err := phone.BuildPad(*out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("wrote", *out)
}
