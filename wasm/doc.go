// Package wasm builds and serves Janken Arcade for the browser.
//
// The page (index.html, embedded here) downloads game.wasm.gz with a
// progress bar and unpacks it in the browser (so the download is small on
// any host), then shows "Click or tap to start": that click gives the
// canvas the keyboard and unlocks audio, which browsers allow only after a
// user gesture. The loader stays up ("Starting…") until the game has drawn
// its first frame, and comes back with a readable message if the program
// ever stops (a panic, an exit, a trap), with the end of what it wrote to
// standard error. wasm_exec.js is copied from the Go installation at build
// time, so it always matches the compiler.
//
// Build and play locally:
//
//	go run ./wasm/webtool build   # dist/web/, dist/itch/ and dist/janken-arcade-web.zip
//	go run ./wasm/webtool serve   # builds, then serves dist/itch at http://127.0.0.1:8080/
//
// The web build has two bundles, alike but for network play. dist/web is
// what a desktop host serves to the browsers on its network (HostDir):
// its page joins that host's room. dist/itch (ItchDir), zipped for
// itch.io, is built with the build tag webflags.ItchTag, which leaves the
// network client out: a page on an https site can never reach a host on
// the LAN, so its network menu only says how to join from the page a host
// serves, and its download is about 390 kB (gzipped) smaller. The zip has
// index.html at its root, ready to upload to itch.io as an HTML game.
//
// The tests in this package build each bundle once, load the itch.io
// bundle in headless Chromium, press keys and check that the game reacts
// through globalThis.jankenStatus (see scenes.Director.Status). On a
// phone held upright the page asks the player to turn it sideways. One
// test plays a desktop host in its own process, on 127.0.0.1 only,
// serving the other bundle: a phone's page that host served joins its
// room by the code tapped on the lobby's keypad.
//
// The start is measured, never checked by the clock, against the smallest
// Ebitengine page that draws text (wasm/internal/barepage), built alike in
// the same run; TestBrowserStartProfile profiles the click to the first
// frame:
//
//	JANKEN_BROWSER_BENCH=1 go test -run 'BrowserBench|BrowserStartProfile' -v ./wasm/
//
// The download's size is set against the same page's, package by package:
//
//	go run ./wasm/internal/wasmsize/sizes
package wasm
