package slam

import "github.com/jankenarcade/janken/rulesets"

// The Adaptive bot's controller. It measures the people's reactions in
// the photo finish of every card (public: every seat's press tick), takes
// Medium's reflexes scaled to answer at pace per mille of their reaction,
// and after every card decided nudges the pace by how far the people's
// share of the cards held (the score, public) is from the target: slower
// when they hold too few, faster when they hold too many. The score, not
// the cards won, so that the bots' own mistakes count for the people.
const (
	// adaptiveTarget is the share of the cards held, per mille, that the
	// Adaptive bots leave to the people they watch: a touch over half, so
	// that one person against one Adaptive bot wins a little more often
	// than not.
	adaptiveTarget = 525
	// paceGain is how far one card moves the pace: per mille of the
	// distance between the people's share and the target.
	paceGain = 150
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

// digest learns from the record of a decided card and the cards each
// seat holds after it.
func (a *adaptive) digest(r *CardRecord, won *[rulesets.MaxSeats]uint8, players int) {
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
	var mine, all int
	for seat, n := range won {
		if a.people.Has(seat) {
			mine += int(n)
		}
		all += int(n)
	}
	if all == 0 {
		return
	}
	// ahead is how far the people lead the target, per mille of the cards.
	ahead := mine*1000/all - adaptiveTarget
	if r.Outcome == OutcomeTaken {
		// Last One Loses (every card is taken): fewest wins. The people
		// lead when they hold less than their fair share, less the edge
		// the target gives them in Classic.
		fair := (a.people & Seats(1<<players-1)).Len() * 1000 / players
		ahead = fair*(1500-adaptiveTarget)/1000 - mine*1000/all
	}
	a.pace = min(max(a.pace-ahead*paceGain/1000, minPace), maxPace)
}

// reflexes returns Medium's reflexes scaled to the paced median.
func (a *adaptive) reflexes() reflexes {
	base := &levels[Medium]
	median := min(max(a.reaction*a.pace/1000, minMedian), maxMedian)
	return base.scaled(median, base.median(base.Step))
}
