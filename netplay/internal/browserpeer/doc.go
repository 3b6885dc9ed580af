// Command browserpeer is the browser side of netplay's headless-browser
// tests: built for js/wasm and served by a desktop host, it joins the host
// over WebSocket, sealed with the room's code as the game's lobby seals
// it (package netplay/secure), as the last peer of a Slam (the host relaying between it
// and any other desktop peer), plays with a reflex bot, and when its
// session has settled the tick the page asks for, writes
// "done <tick> <hash> <presses> <press sum>" into the page title: the
// state's hash, and how many presses of its own seat it settled with a
// checksum of their ticks and buttons (or "error <reason>").
//
// The page passes ?room=<code>&ticks=<n>&seed=<seed>, and optionally
// &players=<n> (default 2) and &adapt=1 (Config.AdaptDelay).
package main
