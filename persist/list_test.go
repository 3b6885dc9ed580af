package persist

import (
	"slices"
	"testing"
)

// TestListAndRemove runs on both platforms: files by prefix in order, a
// removed file gone, a missing one no error.
func TestListAndRemove(t *testing.T) {
	s := testStore(t)
	if names, err := s.List("replay-"); err != nil || len(names) != 0 {
		t.Fatalf("an empty store lists %q, %v", names, err)
	}
	for _, name := range []string{"replay-2.jrp", "settings.json", "replay-1.jrp", "replay-3.jrp"} {
		if err := s.WriteFile(name, []byte(name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Remove("replay-2.jrp"); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove("replay-9.jrp"); err != nil {
		t.Errorf("removing a missing file: %v", err)
	}
	if err := s.Remove("../x"); err == nil {
		t.Error("removing a bad name succeeded")
	}
	names, err := s.List("replay-")
	if want := []string{"replay-1.jrp", "replay-3.jrp"}; err != nil || !slices.Equal(names, want) {
		t.Errorf("List = %q, %v; want %q", names, err, want)
	}
}
