package headless

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/internal/soak"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

func TestRollbackSyncTestSlam(t *testing.T) {
	s, err := slam.New(slam.DefaultConfig(4), 1)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	ticks := soak.Scale(2_000, 10_000)
	if err := RollbackSyncTest("slam", s, 4, ticks, 2, 1, &out); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("slam synctest: %d ticks, %d rollbacks", ticks, ticks-1); !strings.Contains(out.String(), want) {
		t.Errorf("report %q", out.String())
	}
}

// sharedCounter is a Slam state with a classic rollback bug: a pointer in
// the state, so saved copies share a counter with the live one.
type sharedCounter struct {
	slam.State
	steps *int
}

func (c *sharedCounter) Step(f *rulesets.Frame) {
	*c.steps++
	c.State.Step(f)
}

func (c *sharedCounter) Hash() uint64 { return c.State.Hash() ^ uint64(*c.steps) }

func TestRollbackSyncTestFailsOnNondeterminism(t *testing.T) {
	s, err := slam.New(slam.DefaultConfig(2), 1)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	var out strings.Builder
	err = RollbackSyncTest("broken", sharedCounter{State: s, steps: &steps}, 2, 100, 2, 1, &out)
	var de *netplay.DesyncError
	if !errors.As(err, &de) || out.Len() != 0 {
		t.Fatalf("a non-deterministic state passed: %v, %q", err, out.String())
	}
}

func TestRollbackSyncTestRejectsCheckDistance(t *testing.T) {
	s, _ := slam.New(slam.DefaultConfig(2), 1)
	for _, check := range []int{0, netplay.MaxPrediction + 1} {
		if err := RollbackSyncTest("slam", s, 2, 10, check, 1, &strings.Builder{}); !errors.Is(err, ErrUsage) {
			t.Errorf("-check %d: %v", check, err)
		}
	}
}
