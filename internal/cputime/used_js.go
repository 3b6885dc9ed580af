//go:build js

package cputime

import (
	"syscall/js"
	"time"
)

// Used returns the processor time the JavaScript host's process has used
// so far (Node's process.cpuUsage, every thread), or 0 in a browser, which
// does not tell.
func Used() time.Duration {
	process := js.Global().Get("process")
	if process.Type() != js.TypeObject || process.Get("cpuUsage").Type() != js.TypeFunction {
		return 0
	}
	u := process.Call("cpuUsage") // microseconds
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
