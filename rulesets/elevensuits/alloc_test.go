package elevensuits

import "testing"

// TestBotsAllocateNothing: once NewBot has returned, a bot's decisions
// allocate nothing, the first ones and the Hard search included, in every
// phase and at both table sizes.
func TestBotsAllocateNothing(t *testing.T) {
	var views []View
	for i := range 18 {
		s := randomPosition(t, configs[i%len(configs)], uint64(i), 3*i)
		if !s.Over() {
			views = append(views, s.View(s.ToAct(nil)[0]))
		}
	}
	phases := map[Phase]bool{}
	for _, v := range views {
		phases[v.Phase] = true
	}
	if len(phases) < 4 {
		t.Fatalf("the positions cover only phases %v", phases)
	}
	for _, name := range BotNames {
		t.Run(name, func(t *testing.T) {
			var bot *Bot
			newBot := func() {
				var err error
				if bot, err = NewBot(name, 0, 1); err != nil {
					t.Fatal(err)
				}
			}
			// Each run makes a new bot, so its first decisions count in
			// every run; several runs floor away an allocation of the
			// runtime's own now and then (AllocsPerRun divides as
			// integers), which failed one run in about 200 under load.
			made := testing.AllocsPerRun(allocRuns, newBot)
			decided := testing.AllocsPerRun(allocRuns, func() {
				newBot()
				for i := range views {
					bot.Choose(&views[i])
				}
			})
			if decided != made {
				t.Errorf("NewBot allocates %v times, NewBot and %d decisions %v times", made, len(views), decided)
			}
		})
	}
}

// allocRuns is how many runs TestBotsAllocateNothing averages over.
const allocRuns = 5

// TestApplyEventsFitPlayoutBuffer: no action records more events than the
// playouts' event buffer holds (maxApplyEvents).
func TestApplyEventsFitPlayoutBuffer(t *testing.T) {
	most := 0
	for i := range 2000 {
		playRandom(t, configs[i%len(configs)], uint64(i), func(s *State) error {
			most = max(most, len(s.Events()))
			return nil
		})
	}
	t.Logf("at most %d events after one action (or the deal)", most)
	if most > maxApplyEvents {
		t.Errorf("an action recorded %d events; the playouts' buffer holds %d", most, maxApplyEvents)
	}
}
