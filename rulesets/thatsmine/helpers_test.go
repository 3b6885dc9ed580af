package thatsmine

import (
	"os"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// choose asks bot for seat's action in s, showing it seat's view only.
func choose(bot rulesets.Bot[View, Action], s *State, seat int) Action {
	v := s.View(seat)
	return bot.Choose(&v)
}

func fileContains(t *testing.T, name, text string) bool {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(b), text)
}
