package slam

import "github.com/jankenarcade/janken/rulesets"

// The Adaptive bot's controller. It measures the people's reactions in
// the photo finish of every card (public: every seat's press tick), takes
// Medium's reflexes scaled to answer at pace per mille of their reaction,
// and after every card decided nudges the pace: slower when the people
// won too few cards, faster when they won too many.
const (
	// adaptiveTarget is the share of the won cards, per mille, that the
	// Adaptive bots leave to the people they watch.
	adaptiveTarget = 500
	// paceGain is how far one card moves the pace: a card won by the
	// people makes the bot (1000-target)·gain/10⁶ faster.
	paceGain = 40
	// The pace and the median reaction stay within human bounds.
	minPace, maxPace         = 500, 3000
	minMedian, maxMedian     = 300, 1600 // ms
	firstReaction, firstPace = 800, 1100 // before anything is measured
)

// adaptive is an Adaptive bot's measure of the people at the table.
type adaptive struct {
	people Seats
	// reaction is the people's reaction in ms: a running mean of their
	// fastest correct press on each card, late ones included; measured
	// once there was one.
	reaction int
	measured bool
	// pace is the bot's median reaction over the people's, per mille.
	pace int
}

func newAdaptive(people Seats) adaptive {
	return adaptive{people: people, reaction: firstReaction, pace: firstPace}
}

// digest learns from the record of a decided card.
func (a *adaptive) digest(r *CardRecord) {
	fastest := int64(-1)
	for seat := range rulesets.MaxSeats {
		p := &r.Presses[seat]
		if a.people.Has(seat) && (p.Result == ResultCorrect || p.Result == ResultLate) &&
			(fastest < 0 || p.Tick-r.FlipTick < fastest) {
			fastest = p.Tick - r.FlipTick
		}
	}
	switch ms := int(fastest) * 1000 / tickRate; {
	case fastest < 0:
	case !a.measured:
		a.reaction, a.measured = ms, true
	default:
		a.reaction += (ms - a.reaction) / 8
	}
	if r.Taker < 0 {
		return
	}
	took := 0
	if a.people.Has(int(r.Taker)) {
		took = 1000
	}
	nudge := (took - adaptiveTarget) * paceGain / 1000
	if r.Outcome == OutcomeTaken {
		nudge = -nudge // Last One Loses: a card taken is a card lost
	}
	a.pace = min(max(a.pace-nudge, minPace), maxPace)
}

// reflexes returns Medium's reflexes scaled to the paced median.
func (a *adaptive) reflexes() reflexes {
	base := &levels[Medium]
	median := min(max(a.reaction*a.pace/1000, minMedian), maxMedian)
	return base.scaled(median, base.median(base.Step))
}
