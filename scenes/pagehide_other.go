//go:build !js

package scenes

// watchPageHide does nothing on the desktop, whose window has no page to
// hide: only tests call HidePage.
func watchPageHide() {}
