package rulesets

import (
	"fmt"
	"testing"
)

// TestDeriveSeed: the same inputs give the same seed (pinned, so that a
// platform or a refactoring cannot change the deals of recorded matches),
// and each purpose, seat and secret gives its own.
func TestDeriveSeed(t *testing.T) {
	pinned := []struct {
		secret  uint64
		purpose string
		seat    int
		want    uint64
	}{
		{1, "deal", -1, 0xfc7f5b2731bda3cb},
		{1, "bot", 2, 0x7b5b57b99a722838},
	}
	for _, p := range pinned {
		if got := DeriveSeed(p.secret, p.purpose, p.seat); got != p.want {
			t.Errorf("DeriveSeed(%d, %q, %d) = %#x, want %#x", p.secret, p.purpose, p.seat, got, p.want)
		}
	}
	seen := map[uint64]string{}
	for _, secret := range []uint64{0, 1, 2, 1 << 63} {
		for _, purpose := range []string{"deal", "bot", "rematch", "", "dea", "deall"} {
			for seat := -1; seat < MaxSeats; seat++ {
				name := fmt.Sprintf("DeriveSeed(%d, %q, %d)", secret, purpose, seat)
				s := DeriveSeed(secret, purpose, seat)
				if other, dup := seen[s]; dup {
					t.Fatalf("%s = %s = %#x", name, other, s)
				}
				if s == secret {
					t.Errorf("%s returns its secret", name)
				}
				seen[s] = name
			}
		}
	}
}
