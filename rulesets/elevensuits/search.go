package elevensuits

import "github.com/jankenarcade/janken/rulesets"

// search is the Hard bot's determinized Monte Carlo search: it re-deals
// what its seat cannot see, plays each candidate action on the same
// re-deals, and finishes every game with the one-ply policy of each
// player acting on that player's own knowledge (with some noise). Budget
// is a fixed number of playouts, halved away from the weaker candidates
// round by round (successive halving), so the choice never depends on the
// machine's speed. Scores are integers: 2 a win, 1 a shared win, 0 a loss.
type search struct {
	sample, game State
	legal        []Action
	score, runs  [HandSize]int
	alive        [HandSize]bool
}

// playoutNoise is the percent of playout moves made at random, so the
// search does not trust its model of the other players blindly.
const playoutNoise = 15

// playoutDepth bounds a playout; an unfinished one is scored on lives.
const playoutDepth = 160

func (b *Bot) searchAction(v *View) Action {
	sr := &b.srch
	hand := v.Hand(v.Seat)
	k := len(hand)
	kind := Attack
	if v.Phase == PhaseDefend {
		kind = Defend
	}
	b.sm.init(v)
	for i := range k {
		sr.score[i], sr.runs[i], sr.alive[i] = 0, 0, true
	}
	rounds := 0
	for n := k; n > 1; n = (n + 1) / 2 {
		rounds++
	}
	left := k
	for r := 0; r < rounds && left > 1; r++ {
		per := b.style.search / (rounds * left)
		for range max(per, 1) {
			b.sm.deal(&sr.sample, &b.rng)
			for i := range k {
				if !sr.alive[i] {
					continue
				}
				sr.game.CopyFrom(&sr.sample)
				if sr.game.Apply(v.Seat, Action{Kind: kind, Card: hand[i].Card}) != nil {
					continue
				}
				sr.score[i] += b.playout(&sr.game, v.Seat)
				sr.runs[i]++
			}
		}
		left = sr.cut(k, (left+1)/2)
	}
	best := -1
	for i := range k {
		if sr.alive[i] && (best < 0 || sr.score[i]*sr.runs[best] > sr.score[best]*sr.runs[i]) {
			best = i
		}
	}
	return Action{Kind: kind, Card: hand[best].Card}
}

// cut keeps the keep best-scoring candidates alive and returns how many
// are.
func (sr *search) cut(k, keep int) int {
	for {
		alive, worst := 0, -1
		for i := range k {
			if !sr.alive[i] {
				continue
			}
			alive++
			// score/runs below worst's: compare by cross-multiplying.
			if worst < 0 || sr.score[i]*sr.runs[worst] < sr.score[worst]*sr.runs[i] {
				worst = i
			}
		}
		if alive <= keep {
			return alive
		}
		sr.alive[worst] = false
	}
}

// playout finishes g with every player on its one-ply policy and scores it
// for seat.
func (b *Bot) playout(g *State, seat int) int {
	for depth := 0; depth < playoutDepth && !g.Over(); depth++ {
		g.ClearEvents()
		p := g.firstToAct()
		a := b.policy(g, p)
		if g.Apply(p, a) != nil {
			break
		}
	}
	if g.Over() {
		switch {
		case !g.winners.Sees(seat):
			return 0
		case g.winners != rulesets.Only(seat):
			return 1
		}
		return 2
	}
	mine, rival := g.lives(seat), 0
	for p := range g.cfg.Players {
		if p != seat {
			rival = max(rival, g.lives(p))
		}
	}
	switch {
	case mine > rival:
		return 2
	case mine == rival:
		return 1
	}
	return 0
}

// firstToAct is the seat that owes an action (the first, in the opening).
func (s *State) firstToAct() int {
	var buf [MaxPlayers]int
	return s.ToAct(buf[:0])[0]
}

// policy is a simulated player's move: the one-ply choice on its own
// knowledge, or now and then a random one.
func (b *Bot) policy(g *State, p int) Action {
	switch g.phase {
	case PhaseAttack:
		h := &g.hands[p]
		if b.rng.IntN(100) < playoutNoise {
			return AttackAction(h.at(b.rng.IntN(h.len())))
		}
		b.m.fromState(g, p)
		return AttackAction(h.at(b.m.greedyAttack(g.next(p, int(g.dir)), true)))
	case PhaseDefend:
		h := &g.hands[p]
		if b.rng.IntN(100) < playoutNoise {
			return DefendAction(h.at(b.rng.IntN(h.len())))
		}
		b.m.fromState(g, p)
		return DefendAction(h.at(b.m.greedyDefend()))
	}
	b.legal = g.Legal(p, b.legal[:0])
	return b.legal[b.rng.IntN(len(b.legal))]
}
