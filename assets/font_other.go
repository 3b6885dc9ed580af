//go:build !js

package assets

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// The desktop's fonts are the whole Go fonts; the browser has subsets
// (font_js.go).
var regularTTF, boldTTF = goregular.TTF, gobold.TTF
