package thatsmine

import (
	"os"
	"strings"
	"testing"
)

func fileContains(t *testing.T, name, text string) bool {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(b), text)
}
