package netplay

import (
	"errors"
	"testing"

	"github.com/jankenarcade/janken/internal/soak"
	"github.com/jankenarcade/janken/rulesets"
)

func TestSyncTestPassesDeterministicRuleset(t *testing.T) {
	ticks := soak.Scale(2_000, 10_000)
	for _, check := range []int{1, 2, 7, MaxPrediction} {
		rep, err := SyncTest(newRace(3, 1000), SyncTestConfig{Seats: 4, Ticks: ticks, Check: check, Seed: 9})
		if err != nil {
			t.Fatalf("check %d: %v", check, err)
		}
		if rep.Rollbacks != ticks-check+1 || rep.Presses < ticks/10 {
			t.Errorf("check %d: %+v: too few rollbacks or presses to mean anything", check, rep)
		}
	}
}

func TestSyncTestCatchesNondeterminism(t *testing.T) {
	steps := 0
	_, err := SyncTest(leaky{race: newRace(3, 100), steps: &steps}, SyncTestConfig{Seats: 2, Ticks: 100, Check: 2, Seed: 1})
	var de *DesyncError
	if !errors.As(err, &de) {
		t.Fatalf("leaky ruleset passed the sync test: %v", err)
	}
	if de.Tick != 0 {
		t.Errorf("desync first reported at tick %d, want 0", de.Tick)
	}
}

func TestSyncTestRejectsBadConfig(t *testing.T) {
	for _, cfg := range []SyncTestConfig{
		{Seats: 2, Ticks: 10, Check: 0},
		{Seats: 2, Ticks: 10, Check: MaxPrediction + 1},
		{Seats: 0, Ticks: 10, Check: 2},
		{Seats: rulesets.MaxSeats + 1, Ticks: 10, Check: 2},
	} {
		if _, err := SyncTest(newRace(1, 10), cfg); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
}

// BenchmarkRollback8 measures what a rollback of eight ticks costs: restore
// a saved state, then eight advances, each saving its state first.
func BenchmarkRollback8(b *testing.B) {
	rb := NewRollback(newRace(1, 1000))
	var f rulesets.Frame
	for range 16 {
		rb.Advance(&f)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := rb.Restore(rb.Tick() - 8); err != nil {
			b.Fatal(err)
		}
		for range 8 {
			rb.Advance(&f)
		}
	}
}
