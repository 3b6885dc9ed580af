//go:build !js

// Package chromium finds the headless browser that the browser tests
// drive, and holds the flags it runs with on this project's machines.
package chromium

import (
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Options are what every test browser runs with: the browser at path, a
// fresh profile, headless, no sandbox (CI runs as root), software WebGL,
// and no background traffic to a closed network. Tests append their own
// (window size, autoplay policy).
//
// The profile and the browser's temporary directory are t's, removed when
// t ends. A browser whose test ends kills it leaves its temporary
// directory behind (its single-instance socket, in a directory of its own
// under TMPDIR), which in the machine's /tmp would pile up by the
// thousand. The temporary directory is made short, not t.TempDir: the
// socket's path must fit a Unix socket's 108 bytes.
func Options(t testing.TB, path string) []chromedp.ExecAllocatorOption {
	t.Helper()
	tmp, err := os.MkdirTemp("", "chromium-")
	if err != nil {
		t.Fatalf("the browser's temporary directory: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Env("TMPDIR=" + tmp),
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	}
}

// names are the browser's command names: Debian's package and Ubuntu's.
var names = []string{"chromium", "chromium-browser"}

// Path returns the browser to drive: JANKEN_CHROMIUM if set, else the first
// of Debian's or Ubuntu's Chromium on PATH. Without one the test fails,
// unless JANKEN_NO_BROWSER=1 says to skip it on purpose, so a machine
// without a browser can never pass the browser tests by doing nothing.
func Path(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("JANKEN_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("JANKEN_CHROMIUM=%s: %v", p, err)
		}
		return p
	}
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	if os.Getenv("JANKEN_NO_BROWSER") == "1" {
		t.Skip("no Chromium, and JANKEN_NO_BROWSER=1")
	}
	t.Fatalf("no Chromium on PATH (%v): run tools/deps test, point JANKEN_CHROMIUM at one, or set JANKEN_NO_BROWSER=1 to skip the browser tests deliberately", names)
	return ""
}
