//go:build !js

package library

import (
	"testing"

	"github.com/jankenarcade/janken/persist"
)

// testStore returns an empty store in a temporary directory.
func testStore(t *testing.T) *persist.Store { return persist.At(t.TempDir()) }
