//go:build linux

package chromium

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLeavesNoTemporaryFiles runs a real browser with Options and
// ends it as the tests do, then checks that the directory of its
// single-instance socket is gone with the test that ran it.
func TestBrowserLeavesNoTemporaryFiles(t *testing.T) {
	path := Path(t)
	var socketDir string
	t.Run("browse", func(t *testing.T) {
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), Options(t, path)...)
		defer cancelAlloc()
		ctx, cancel := chromedp.NewContext(actx)
		defer cancel()
		ctx, cancelTimeout := context.WithTimeout(ctx, time.Minute) // a guard against a hang only
		defer cancelTimeout()
		if err := chromedp.Do(ctx); err != nil { // starts the browser
			t.Fatalf("start the browser: %v", err)
		}
		profile, err := flagValue(chromedp.FromContext(ctx).Browser.Process().Pid, "--user-data-dir=")
		if err != nil {
			t.Fatal(err)
		}
		socket, err := os.Readlink(filepath.Join(profile, "SingletonSocket"))
		if err != nil {
			t.Fatalf("the browser's single-instance socket: %v", err)
		}
		socketDir = filepath.Dir(socket)
	})
	if _, err := os.Stat(socketDir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the browser's socket directory %s outlives its test (stat: %v)", socketDir, err)
	}
}

// flagValue returns the value of the command-line flag prefix (such as
// "--user-data-dir=") of process pid.
func flagValue(pid int, prefix string) (string, error) {
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return "", fmt.Errorf("the browser's command line: %w", err)
	}
	for _, arg := range strings.Split(string(cmdline), "\x00") {
		if v, ok := strings.CutPrefix(arg, prefix); ok {
			return v, nil
		}
	}
	return "", fmt.Errorf("the browser runs without %s", prefix)
}
