//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Used returns the processor time the process has used so far, in every
// thread, or 0 where it cannot be read.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
