//go:build !js

package persist

import "testing"

// testStore returns an empty store of this platform.
func testStore(t *testing.T) *Store { return At(t.TempDir() + "/store") }
