//go:build !js

package scenes

// KeepAwake does nothing outside a browser: a desktop game's loop runs
// whether its window is seen or not.
func KeepAwake(func() bool) {}
