package scenes

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/assets"
)

// hasWindowIcon is false in a browser, where Ebitengine ignores the
// window's icon (the page has its own): painting the icons there would
// only delay the first frame.
const hasWindowIcon = runtime.GOOS != "js"

// Run opens the window (a canvas in the browser) and runs a director made
// from opts until the player quits. The window starts at 1280×720, can be
// resized freely and starts fullscreen if the settings say so.
func Run(opts Options) error {
	// A desktop window's closing is the game's to handle; a browser's tab
	// closes without a word, as a reload does, which keeps its seats.
	if runtime.GOOS != "js" {
		ebiten.SetWindowClosingHandled(true)
		opts.Closing = ebiten.IsWindowBeingClosed
	}
	d := New(opts)
	if d.sounds == nil {
		d.sounds = assets.NewSounds(d.settings.Volume)
	}
	ebiten.SetWindowTitle("Janken Arcade")
	if hasWindowIcon {
		ebiten.SetWindowIcon(windowIcons())
	}
	ebiten.SetWindowSize(ScreenWidth, ScreenHeight)
	ebiten.SetWindowSizeLimits(ScreenWidth/4, ScreenHeight/4, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetFullscreen(d.settings.Fullscreen)
	ebiten.SetTPS(TPS)
	// The director writes every pixel each frame: Ebitengine's own clear
	// would be one more pass over the screen.
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(d); err != nil && !errors.Is(err, ebiten.Termination) {
		return fmt.Errorf("scenes: run: %w", err)
	}
	return nil
}
