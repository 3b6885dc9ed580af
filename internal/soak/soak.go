// Package soak tells tests whether to run their long soaks in full: the
// thousands of games, ticks and packets that find a rare fault, but take
// minutes. By default they run a short form that still exercises every
// path; with the environment variable JANKEN_SOAK=1 (tools/test --soak)
// they run in full.
//
//	games := soak.Scale(500, 10_000)
package soak

import "os"

// Env is the environment variable that asks for the full soaks.
const Env = "JANKEN_SOAK"

// Full reports whether the full soaks were asked for (JANKEN_SOAK=1).
func Full() bool { return os.Getenv(Env) == "1" }

// Scale returns full when the full soaks were asked for, short otherwise.
func Scale[N ~int | ~int64](short, full N) N {
	if Full() {
		return full
	}
	return short
}
