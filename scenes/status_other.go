//go:build !js

package scenes

// publishStatus does nothing outside the browser: tests call Status.
func publishStatus(*Director) {}
