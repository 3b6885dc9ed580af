package scenes

import "sync"

// pageHide holds the functions OnPageHide was given.
var pageHide struct {
	sync.Mutex
	next int
	fns  map[int]func()
}

// OnPageHide has fn called whenever the page is hidden or unloaded: in a
// browser, when its tab goes to the background, closes, reloads or
// navigates away (see HidePage). A page may be thrown away then without
// another frame, so what must outlive a reload is kept in fn. It returns
// the function that stops the calls.
func OnPageHide(fn func()) (stop func()) {
	pageHide.Lock()
	defer pageHide.Unlock()
	if pageHide.fns == nil {
		pageHide.fns = map[int]func(){}
		watchPageHide()
	}
	id := pageHide.next
	pageHide.next++
	pageHide.fns[id] = fn
	return func() {
		pageHide.Lock()
		defer pageHide.Unlock()
		delete(pageHide.fns, id)
	}
}

// HidePage calls the functions OnPageHide was given, as the browser's
// page does when it is hidden: the page's "pagehide" and "visibilitychange"
// events call it. Nothing else does, but tests, which stand in for a
// browser.
func HidePage() {
	pageHide.Lock()
	fns := make([]func(), 0, len(pageHide.fns))
	for _, fn := range pageHide.fns {
		fns = append(fns, fn)
	}
	pageHide.Unlock()
	for _, fn := range fns {
		fn()
	}
}
