//go:build !js

package replayview

import "testing"

// SetExportDir has exports go to dir for the rest of test t.
func SetExportDir(t *testing.T, dir string) {
	old := exportDir
	exportDir = func() (string, error) { return dir, nil }
	t.Cleanup(func() { exportDir = old })
}
