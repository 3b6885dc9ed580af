//go:build !js

package wasm

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// replaysOnTitle is the Replays entry's place on the title menu: after
// the four games and network play.
const replaysOnTitle = 5

// TestBrowserOpenReplayFile opens replay files the way a player does in
// the browser: a corrupt file or one too large to be a replay dropped on
// the page gets a clear error and leaves the Replays screen as it was; a
// replay chosen with the screen's file picker opens the viewer.
func TestBrowserOpenReplayFile(t *testing.T) {
	good, err := os.ReadFile(filepath.Join(moduleDir, "replay", "testdata", "thatsmine.jrp"))
	if err != nil {
		t.Fatal(err)
	}

	p := openGame(t, 1280, 720, "")
	p.clickToStart(640, 360)
	p.waitFor("the title screen, settled", func() bool {
		st, ok := p.status()
		return ok && st.Scene == "title" && !st.Transitioning && st.Frames > 0
	})
	for range replaysOnTitle {
		p.key(kb.ArrowDown)
	}
	p.key(kb.Enter)
	p.waitFor("the Replays screen, settled", func() bool {
		st, _ := p.status()
		return st.Scene == "replays" && !st.Transitioning
	})

	// A corrupt file dropped on the page: an error, still on the list.
	for _, tc := range []struct {
		name, bytes, want string // bytes: a JavaScript expression
	}{
		{"broken.jrp", `Uint8Array.from(atob("` + base64.StdEncoding.EncodeToString(good[:len(good)/2]) + `"), c => c.charCodeAt(0))`, "truncated"},
		{"huge.jrp", `new Uint8Array(65 << 20)`, "exceed"}, // refused unread
	} {
		p.eval(`(() => {
			const dt = new DataTransfer();
			dt.items.add(new File([` + tc.bytes + `], "` + tc.name + `"));
			document.querySelector("canvas").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
			return "";
		})()`)
		var st status
		p.waitFor("the error about "+tc.name, func() bool {
			st, _ = p.status()
			return strings.Contains(st.Detail, tc.name)
		})
		if st.Scene != "replays" || !strings.Contains(st.Detail, tc.want) {
			t.Errorf("after dropping %s: scene %q, notice %q; want the Replays screen saying %q", tc.name, st.Scene, st.Detail, tc.want)
		}
	}
	p.waitFrames(2)
	p.screenshot("web-replay-corrupt.png")

	// The first item opens the file picker; the replay chosen opens the viewer.
	path, err := filepath.Abs(filepath.Join(moduleDir, "replay", "testdata", "thatsmine.jrp"))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.SetInterceptFileChooserDialog, cdppage.SetInterceptFileChooserDialogParams{Enabled: true})
		return err
	})); err != nil {
		t.Fatalf("intercept the file picker: %v", err)
	}
	chooser, err := chromedp.Run(p.ctx, chromedp.WaitEvent(cdppage.FileChooserOpened, nil, chromedp.KeyEvent(kb.Enter)))
	if err != nil {
		t.Fatalf("open the file picker: %v", err)
	}
	if _, err := chromedp.Run(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{path}, BackendNodeID: chooser.BackendNodeID})
		return err
	})); err != nil {
		t.Fatalf("choose %s: %v", path, err)
	}
	var st status
	p.waitFor("the viewer", func() bool {
		st, _ = p.status()
		return st.Scene != "replays" && !st.Transitioning
	})
	if st.Scene != "replay" {
		t.Errorf("after choosing a replay file the top scene is %q, want the replay viewer", st.Scene)
	}
	p.waitFrames(2)
	p.screenshot("web-replay-opened.png")
}

// key presses and releases k.
func (p *page) key(k string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.KeyEvent(k)); err != nil {
		p.t.Fatalf("key %q: %v", k, err)
	}
}
