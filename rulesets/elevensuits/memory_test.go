package elevensuits

import (
	"fmt"
	"math"
	"testing"
)

// recallLog is what a memory harness measures of one bot over many games:
// at each of the bot's decisions, for every card its perfect memory holds
// face down, whether the bot recalled it, by age.
type recallLog struct {
	byAge            [len(ageBuckets)]tally
	last             tally // cards shown since the bot's previous decision
	model            int64 // the recall strengths summed, in thousandths
	all              tally
	relapses, lapses int // recalled again without a sighting; lapses seen
	missed, imagined int // sightings memory missed; refreshes without one
	bot              string
	lapsed           [NumCards]bool
	shown            uint64 // cards the game showed seat 0 since its last decision
	before           int32  // the bot's sightings at its last decision
	sightings        int    // the bot's sightings, all games
}

// watch notes the cards that events show seat 0: answers, reveals, draws,
// peeks, cards going to the deck or a graveyard face up.
func (l *recallLog) watch(events []Event) {
	for _, e := range events {
		if e.Card != NoCard && e.VisibleTo(0) && e.Kind != EvName {
			l.shown |= 1 << e.Card
		}
	}
}

// ageBuckets are the lower bounds of the age groups the log reports, in
// turns since a card was last seen.
var ageBuckets = [...]int32{0, 1, 4, 10, 20}

type tally struct{ recalled, of int }

func (t *tally) add(ok bool) {
	t.of++
	if ok {
		t.recalled++
	}
}

// rate returns the percent recalled.
func (t tally) rate() float64 { return 100 * float64(t.recalled) / float64(max(t.of, 1)) }

// observe logs b's recall of the cards of v, the view it just decided on.
func (l *recallLog) observe(b *Bot, v *View) {
	m := &b.mem
	look := func(sl Slot) {
		if sl.Card == NoCard || sl.Up {
			return
		}
		c, t := sl.Card, &m.cards[sl.Card]
		ok := m.recalls(c, v.Turn)
		age := int32(v.Turn) - t.turn
		k := 0
		for k+1 < len(ageBuckets) && age >= ageBuckets[k+1] {
			k++
		}
		l.byAge[k].add(ok)
		if t.since == m.sightings && age == 0 {
			l.last.add(ok)
		}
		l.all.add(ok)
		l.model += int64(m.curve.strength(age, m.sightings-t.since))
		shown, refreshed := l.shown&(1<<c) != 0, t.since > l.before
		switch {
		case shown && !refreshed:
			l.missed++
		case refreshed && !shown:
			l.imagined++
		}
		if shown {
			l.lapsed[c] = false
		}
		if l.lapsed[c] && ok {
			l.relapses++
		}
		if !ok && !l.lapsed[c] {
			l.lapses++
			l.lapsed[c] = true
		}
	}
	for p := range v.Config.Players {
		for _, sl := range v.Hand(p) {
			look(sl)
		}
		for _, sl := range v.Grave(p) {
			look(sl)
		}
	}
	for _, sl := range v.DeckSlots() {
		look(sl)
	}
	look(v.Attack)
	l.shown, l.before = 0, m.sightings
}

// measureRecall plays games of the named bot (seat 0) against greedy bots and
// logs its recall.
func measureRecall(t testing.TB, name string, cfg Config, games int) *recallLog {
	t.Helper()
	l := &recallLog{bot: name}
	for g := range games {
		s, err := New(cfg, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := NewBot(name, 0, uint64(g)*7+1)
		others := make([]*Bot, cfg.Players)
		for seat := 1; seat < cfg.Players; seat++ {
			others[seat], _ = NewBot("greedy", seat, uint64(g))
		}
		l.lapsed, l.shown, l.before = [NumCards]bool{}, 0, 0
		for n := 0; !s.Over() && n < 3000; n++ {
			seat := s.ToAct(nil)[0]
			v := s.View(seat)
			var a Action
			if seat == 0 {
				a = b.Choose(&v)
				if v.Phase != PhaseOpening {
					l.observe(b, &v)
				}
			} else {
				a = others[seat].Choose(&v)
			}
			s.ClearEvents()
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			l.watch(s.Events())
		}
		l.sightings += int(b.mem.sightings)
	}
	return l
}

func (l *recallLog) String() string {
	s := fmt.Sprintf("%s: recalled %.1f%% (model %.1f%%) of %d; last exchange %.1f%% of %d; by age",
		l.bot, l.all.rate(), float64(l.model)/10/float64(max(l.all.of, 1)), l.all.of, l.last.rate(), l.last.of)
	for k, a := range ageBuckets {
		s += fmt.Sprintf(" %d+: %.1f%% of %d;", a, l.byAge[k].rate(), l.byAge[k].of)
	}
	s += fmt.Sprintf(" %d lapses, %d came back unseen; %d sightings missed, %d imagined",
		l.lapses, l.relapses, l.missed, l.imagined)
	return s
}

// TestMemoryLikeAPerson measures the forgetting bots' recall over whole
// games: it decays with the turns since a card was seen (each age group
// recalled less than the one before, the oldest at least 25 points below
// the last exchange), the last exchange is recalled best, a lapse sticks
// until the game shows the card again, memory counts the sightings the
// game's events show (all but a few in 200: a bot that does not decide
// between two exchanges reads the moves of both at once), and the recall
// rate is close to the curve's (the bot's own play decides which cards
// stay in view, so not exactly).
func TestMemoryLikeAPerson(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 30
	}
	for _, cfg := range []Config{{Players: 2}, {Players: 3, Advanced: true}} {
		for _, tt := range []struct {
			name    string
			lastMin float64 // percent of the last exchange recalled, at least
		}{{"easy", 90}, {"medium", 97}} {
			l := measureRecall(t, tt.name, cfg, games)
			t.Logf("%d players: %v", cfg.Players, l)
			if l.last.rate() < tt.lastMin {
				t.Errorf("%s recalled %.1f%% of the last exchange, want at least %.0f%%", tt.name, l.last.rate(), tt.lastMin)
			}
			for k := 1; k < len(ageBuckets); k++ {
				if l.byAge[k].of >= 100 && l.byAge[k].rate() >= l.byAge[k-1].rate() {
					t.Errorf("%s recalled %.1f%% at age %d+ and %.1f%% at age %d+", tt.name,
						l.byAge[k].rate(), ageBuckets[k], l.byAge[k-1].rate(), ageBuckets[k-1])
				}
			}
			oldest := len(ageBuckets) - 1
			for l.byAge[oldest].of < 100 {
				oldest--
			}
			if old := l.byAge[oldest]; old.rate() > l.last.rate()-25 {
				t.Errorf("%s recalled %.1f%% of cards %d+ turns old", tt.name, old.rate(), ageBuckets[oldest])
			}
			if l.lapses == 0 || l.relapses > l.imagined {
				t.Errorf("%s: %d of %d lapses came back without the card being seen again", tt.name, l.relapses, l.lapses)
			}
			if 200*(l.missed+l.imagined) > l.sightings {
				t.Errorf("%s: memory missed %d sightings and imagined %d of %d", tt.name, l.missed, l.imagined, l.sightings)
			}
			if model := float64(l.model) / 10 / float64(l.all.of); math.Abs(model-l.all.rate()) > 5 {
				t.Errorf("%s recalled %.1f%%, its curve says %.1f%%", tt.name, l.all.rate(), model)
			}
		}
	}
}

// TestForgettingAllocatesNothing: once warmed up, an Easy or Medium
// decision (memory, guess weighing and search) allocates nothing.
func TestForgettingAllocatesNothing(t *testing.T) {
	s := decode(t, threePlayers)
	seat := s.ToAct(nil)[0]
	v := s.View(seat)
	for _, name := range []string{"easy", "medium"} {
		b, _ := NewBot(name, seat, 3)
		w := v
		b.Choose(&w)
		if n := testing.AllocsPerRun(20, func() { w = v; b.Choose(&w) }); n != 0 {
			t.Errorf("%s allocates %.1f times a decision", name, n)
		}
	}
}

// TestMemoryStartsEachGameAfresh: a bot that plays a second game forgets
// the first: its traces are the new game's own.
func TestMemoryStartsEachGameAfresh(t *testing.T) {
	early := randomPosition(t, Config{Players: 2}, 6, 4)
	late := early
	for seed := uint64(7); late.Over() || late.turn <= early.turn+4; seed++ {
		late = randomPosition(t, Config{Players: 2}, seed, 20)
	}
	b, _ := NewBot("easy", 0, 1)
	v := late.View(0)
	b.mem.note(&v)
	fresh, _ := NewBot("easy", 0, 1)
	v, w := early.View(0), early.View(0)
	b.mem.note(&v)
	fresh.mem.note(&w)
	if b.mem.cards != fresh.mem.cards || b.mem.sightings != fresh.mem.sightings {
		t.Error("the second game's memory remembers the first")
	}
}
