// Package phone lets the players of a hidden-hand game (That's Mine,
// Ninjan, Eleven Suits) hold their cards on their own phones while the TV
// shows the table.
//
// The desktop game hosts: a Server listens for HTTP on the host's port,
// serves the phone page (package phone/pad, a small Go WebAssembly
// program without Ebitengine) at /pad/, and accepts the phones as
// WebSocket peers at /netplay, every packet sealed with the room's code
// by package netplay/secure, as in network play. A phone that opens the
// page (the URL carries the room code after its #) claims a seat with a
// Claim; the server answers with an Answer: its seat, its colour and a
// token, which the page keeps in its tab's sessionStorage, so that a
// reload or a phone that wakes claims the same seat again, while a second
// phone opening the same link gets a seat of its own, or is refused.
//
// Once the game starts, each phone is a netplay.Client of one seat of the
// host-authoritative game (netplay.Host): it receives only that seat's
// view and the events it may see, and the host checks every action it
// sends. The claims travel beside the game's packets on the same sealed
// connection: they start with the byte Magic, the game's with 'J', and
// Split tells them apart.
//
// What a phone shows of a seat's view is package phone/describe's, which
// the page and the tests share.
package phone
