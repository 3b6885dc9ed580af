package phoneplay_test

import (
	"testing"

	"github.com/jankenarcade/janken/scenes/scenetest"
)

func TestMain(m *testing.M) { scenetest.Main(m) }
