//go:build !race

package sprites

// raceDetector reports whether the tests run under the race detector (see
// race_test.go).
const raceDetector = false
