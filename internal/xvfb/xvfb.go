// Package xvfb gives tests that need a real window a display: when there
// is none, it runs the test binary again under xvfb-run.
//
// Ebitengine opens its window on the main thread, so the tests that draw
// call Ensure first thing in TestMain:
//
//	func TestMain(m *testing.M) {
//		if code, rerun := xvfb.Ensure("sprites"); rerun {
//			os.Exit(code)
//		}
//		…
//	}
package xvfb

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// underEnv marks the run that xvfb-run started, so that a display that
// still cannot be had fails instead of re-running forever.
const underEnv = "JANKEN_UNDER_XVFB"

// Ensure makes sure the tests run with a display. When DISPLAY or
// WAYLAND_DISPLAY is set it does nothing and reports rerun false.
// Otherwise it runs this test binary again, with the same arguments,
// under xvfb-run, and reports rerun true with the exit code to end with.
// It fails loudly, naming who in its messages, rather than let the tests
// pass by doing nothing.
func Ensure(who string) (code int, rerun bool) {
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return 0, false
	}
	if os.Getenv(underEnv) != "" {
		fmt.Fprintf(os.Stderr, "%s: no display even under xvfb-run\n", who)
		return 1, true
	}
	xvfb, err := exec.LookPath("xvfb-run")
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: the tests need a display: set DISPLAY or install xvfb-run (apt-get install xvfb)\n", who)
		return 1, true
	}
	cmd := exec.Command(xvfb, append([]string{"-a", "-s", "-screen 0 1280x1024x24", os.Args[0]}, os.Args[1:]...)...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), underEnv+"=1")
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), true
		}
		fmt.Fprintf(os.Stderr, "%s: xvfb-run: %v\n", who, err)
		return 1, true
	}
	return 0, true
}
