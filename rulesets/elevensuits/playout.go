package elevensuits

import "github.com/jankenarcade/janken/rulesets"

// Playouts: the Hard bot's search (ismcts.go) finishes every simulated
// game with the one-ply policy of each player acting on that player's own
// knowledge, with some noise. Scores are integers: 2 a win, 1 a shared
// win, 0 a loss.

// playoutNoise is the percent of playout moves made at random, so the
// search does not trust its model of the other players blindly.
const playoutNoise = 15

// playoutDepth bounds a playout; an unfinished one is scored on lives.
const playoutDepth = 160

// maxApplyEvents bounds the events one Apply records, so that the
// playouts' event buffer never grows: a card is named by at most four (it
// is shown or buried, goes to the deck's bottom, is drawn: two events),
// and fewer than sixteen are about seats only.
const maxApplyEvents = 4*NumCards + 16

// finish plays g on with the playout policy until it ends or playoutDepth
// actions have passed, and returns the number of actions it applied.
func (b *Bot) finish(g *State) int {
	depth := 0
	for ; depth < playoutDepth && !g.Over(); depth++ {
		g.ClearEvents()
		p := g.firstToAct()
		if g.Apply(p, b.policy(g, p)) != nil {
			break
		}
	}
	return depth
}

// outcome scores a finished (or cut-off) playout for seat: 2 a win, 1 a
// shared win (or equal lives at the cut-off), 0 a loss.
func outcome(g *State, seat int) int {
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
		return b.policyCard(g, p, Attack, func() int { return b.m.greedyAttack(g.next(p, int(g.dir)), true) })
	case PhaseDefend:
		return b.policyCard(g, p, Defend, b.m.greedyDefend)
	}
	b.legal = g.Legal(p, b.legal[:0])
	return b.legal[b.rng.IntN(len(b.legal))]
}

// policyCard is policy's card to play as kind (Attack or Defend): now and
// then a random one, else the hand index greedy returns once the mind
// holds p's knowledge of g.
func (b *Bot) policyCard(g *State, p int, kind ActionKind, greedy func() int) Action {
	h := &g.hands[p]
	if b.rng.IntN(100) < playoutNoise {
		return Action{Kind: kind, Card: h.at(b.rng.IntN(h.len()))}
	}
	b.m.fromState(g, p)
	return Action{Kind: kind, Card: h.at(greedy())}
}
