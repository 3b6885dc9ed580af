//go:build !js

package scenes

var thinkPause func()
