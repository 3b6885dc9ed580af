package netplay

import (
	"fmt"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// dealRace is the race of the tests taking the host's deals: they enter
// its state (and hash), and its log records the update on which each
// tick was first stepped with a deal on its peer, predictions included.
type dealRace struct {
	race
	sum uint64
	log *dealLog
}

type dealLog struct {
	updates *int             // the match's update counter
	first   map[int64]int    // tick → the update on which it was first stepped with a deal
	deals   map[int64]uint32 // tick → the deal it was first stepped with
}

func (d *dealRace) Step(f *rulesets.Frame) {
	d.race.Step(f)
	if f.Deal == 0 {
		return
	}
	d.sum = d.sum*31 + uint64(f.Deal)
	if _, ok := d.log.first[f.Tick]; !ok {
		d.log.first[f.Tick], d.log.deals[f.Tick] = *d.log.updates, f.Deal
	}
}

func (d *dealRace) Hash() uint64 {
	var h rulesets.Hasher
	h.Uint64(d.race.Hash())
	h.Uint64(d.sum)
	return h.Sum()
}

// nonHostDeal marks the deals that peers other than the host try to make.
const nonHostDeal = 1 << 31

func TestSessionCarriesHostDeal(t *testing.T) {
	for _, relayed := range []bool{false, true} {
		t.Run(fmt.Sprintf("relayed %v", relayed), func(t *testing.T) {
			const n = 3
			var logs []*dealLog
			var m *match[dealRace, *dealRace]
			var tweak func(i int, c *Config[dealRace])
			if relayed {
				tweak = hostOnly[dealRace](1)
			}
			m = newGameMatch(t, n, lossyLAN, 21, func() dealRace {
				log := &dealLog{first: map[int64]int{}, deals: map[int64]uint32{}}
				logs = append(logs, log)
				return dealRace{race: newRace(21, 1000), log: log}
			}, tweak)
			for _, log := range logs {
				log.updates = &m.updates
			}
			if relayed {
				restrict(m, 1)
			}
			// The host deals now and then; the others try to, always.
			dealtAt := map[uint32]int{} // deal → the update on which the host made it
			m.deal = func(i int) uint32 {
				if i != 0 {
					return nonHostDeal | uint32(m.updates)
				}
				if m.updates%37 != 5 {
					return 0
				}
				dealtAt[uint32(m.updates)] = m.updates
				return uint32(m.updates)
			}
			m.runUntil(1500, 2000)
			settled := map[uint32]int64{}
			for tick, f := range m.frames[0][:1501] {
				for i := 1; i < n; i++ {
					if d := m.frames[i][tick].Deal; d != f.Deal {
						t.Fatalf("tick %d: peer %d settled deal %#x, peer 0 %#x", tick, i, d, f.Deal)
					}
				}
				if f.Deal&nonHostDeal != 0 {
					t.Fatalf("tick %d carries deal %#x of a peer other than the host", tick, f.Deal)
				}
				if f.Deal != 0 {
					settled[f.Deal] = int64(tick)
				}
			}
			for deal, at := range dealtAt {
				if int64(at) < 1400 && settled[deal] == 0 {
					t.Errorf("the deal of update %d never settled", at)
				}
			}
			if len(settled) < 30 {
				t.Fatalf("only %d deals settled", len(settled))
			}
			for i, log := range logs {
				for tick, first := range log.first {
					if dealt := dealtAt[log.deals[tick]]; first < dealt {
						t.Errorf("peer %d stepped tick %d with deal %d on update %d, before the host dealt it", i, tick, log.deals[tick], first)
					}
				}
			}
			for i := range m.peers {
				if m.hashes[i][1500] != m.hashes[0][1500] {
					t.Errorf("peer %d disagrees at tick 1500", i)
				}
				for _, ev := range m.events[i] {
					if ev.Kind != EventWarning && ev.Kind != EventResumed {
						t.Errorf("peer %d: %+v", i, ev)
					}
				}
			}
		})
	}
}

func TestAttack_DealFromNonHostIsRefused(t *testing.T) {
	m := newMatch(t, 2, attackLink, 8, attackTimes)
	m.runUntil(100, 200)
	tick := m.peers[1].Tick()
	forged := inputMsg{Tick: tick, Ack: tick, inputRange: inputRange{Seats: SeatsOf(1), Start: tick + 2, Count: 1}}
	forged.Deals[0] = 7
	m.ends[0].Inject(m.ends[1].LocalAddr(), forgeInput(77, &forged))
	m.runUntil(200, 300)
	if n := m.peers[0].Stats().Counter.Dropped.ForeignSeat; n != 1 {
		t.Errorf("%d foreign packets counted, want 1", n)
	}
	for tick, f := range m.frames[0] {
		if f.Deal != 0 {
			t.Fatalf("tick %d carries deal %d", tick, f.Deal)
		}
	}
}
