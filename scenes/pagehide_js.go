//go:build js

package scenes

import "syscall/js"

// watchPageHide has the page's "pagehide" event, and "visibilitychange"
// to hidden, call HidePage. Both: a phone's browser may throw away a
// page it hid without a pagehide. Go runs the call before the event's
// handler returns, while the game's loop waits for its next frame.
func watchPageHide() {
	doc := js.Global().Get("document")
	js.Global().Call("addEventListener", "pagehide", js.FuncOf(func(js.Value, []js.Value) any {
		HidePage()
		return nil
	}))
	doc.Call("addEventListener", "visibilitychange", js.FuncOf(func(js.Value, []js.Value) any {
		if doc.Get("visibilityState").String() == "hidden" {
			HidePage()
		}
		return nil
	}))
}
