//go:build race

package sprites

// raceDetector reports whether the tests run under the race detector,
// whose instrumentation makes purego's calls into OpenGL allocate (their
// arguments escape): every Ebitengine draw then allocates, whatever the
// caller does.
const raceDetector = true
