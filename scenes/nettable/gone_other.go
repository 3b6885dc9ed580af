//go:build !js

package nettable

// goneHint follows the news that the host is gone: on the desktop,
// nothing (see gone_js.go).
const goneHint = ""
