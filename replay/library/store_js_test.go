package library

import (
	"testing"

	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/persist/persisttest"
)

// quota is how many characters the fake localStorage holds (0: no
// limit); a browser's holds some megabytes.
var quota = 0

// testStore installs a fake localStorage (Node has none) of quota
// characters.
func testStore(t *testing.T) *persist.Store {
	persisttest.LocalStorage(t, quota)
	return persist.At(persist.AppDir)
}

// TestQuotaDropsTheOldest fills a small storage: each new replay drops the
// oldest ones until it fits, and the newest are kept.
func TestQuotaDropsTheOldest(t *testing.T) {
	defer func(q int) { quota = q }(quota)
	quota = 2000
	l := At(testStore(t))
	for i := range 20 {
		if _, err := l.Save(match(i)); err != nil {
			t.Fatalf("save %d: %v", i, err)
		}
	}
	list, err := l.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) == 0 || len(list) >= 20 || list[0].Header.Date.Minute() != 19 {
		t.Fatalf("%d replays kept, the newest of minute %d", len(list), list[0].Header.Date.Minute())
	}
	for i, e := range list {
		if e.Header.Date.Minute() != 19-i {
			t.Errorf("kept %d: minute %d, want %d (the newest in a row)", i, e.Header.Date.Minute(), 19-i)
		}
	}
}
