//go:build !js

package scenes

// coarsePointer reports whether the system says the pointer is a finger
// before the first touch: only a browser's page does (see pointer_js.go).
func coarsePointer() bool { return false }
