// Command browserpeer is the browser side of netplay's headless-browser
// test: built for js/wasm and served by a desktop host, it joins the host
// over WebSocket as peer 1 of a two-player Slam, plays with a reflex bot,
// and when its session has settled the tick the page asks for, writes
// "done <tick> <hash>" into the page title (or "error <reason>").
//
// The page passes ?room=<code>&ticks=<n>&seed=<seed>.
package main
