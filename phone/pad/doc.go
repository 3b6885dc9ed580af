// Command pad is the phone page of the hidden-hand games: a small Go
// WebAssembly program, without Ebitengine, that the desktop host serves
// at /pad/. It claims a seat of the room whose code follows the URL's #
// (package phone), keeps the seat's token in the tab's sessionStorage to
// claim it again after a reload, plays the seat as a netplay.Client and
// shows what package phone/describe says of its view as plain HTML: the
// hand, the choices as large buttons, the public facts.
//
// With ?transcript=1 in the URL it keeps every packet it received,
// opened, and every message of the host's deflated stream, inflated, for
// the tests to read with padTranscript(from) (its bytes from
// offset from on, base64) and padUpdates() (every update its client
// took, as JSON).
package main
