//go:build !js

package nettable

// keepAwake does nothing outside a browser: a desktop game's loop runs
// whether its window is seen or not.
func keepAwake(func() bool) {}
