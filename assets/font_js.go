//go:build js

package assets

import _ "embed"

// The browser's fonts are the Go fonts cut down to browserGlyphs, which
// makes the download about 80 kB smaller (gzipped); the desktop has the
// whole fonts (font_other.go). TestBrowserFontsUpToDate remakes them.
var (
	//go:embed fonts/go-regular.ttf
	regularTTF []byte
	//go:embed fonts/go-bold.ttf
	boldTTF []byte
)
