//go:build !unix && !js

package cputime

import "time"

// Used is 0 where the process's processor time cannot be read.
func Used() time.Duration { return 0 }
