//go:build unix || js

package cputime

import "testing"

// TestUsedGrows: the processor time read grows while the process works
// (natively on Unix, under Node in WebAssembly).
func TestUsedGrows(t *testing.T) {
	start := Used()
	if start <= 0 {
		t.Fatalf("read %v", start)
	}
	for i := 0; Used() == start; i++ {
		if i == 1e8 {
			t.Fatalf("still %v after %d reads", start, i)
		}
	}
	if Used() < start {
		t.Errorf("fell below %v", start)
	}
}
