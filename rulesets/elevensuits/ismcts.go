package elevensuits

import "math"

// treeSearch is information-set Monte Carlo tree search (single observer,
// with partially observable moves folded): each iteration re-deals what
// the bot's seat cannot see (for Hard, weighed by the attack it answers,
// see dealBelieved), walks down one tree shared by all re-deals,
// expands one node and finishes the game with the playout policy. A node
// is keyed by what the bot observes of a move: its own cards and face-up
// answers by card, an opponent's face-down attack only by suit. UCB uses
// each child's availability (how often its move was legal in the re-deals
// that reached it) in place of the parent's visits. Nodes come from a
// pool reused for every decision and sized for the bot's iterations up front
// (see reserve), so a search allocates nothing.
type treeSearch struct {
	nodes []node
	path  []int32
	keys  []moveKey
	acts  []Action
	spent int // actions applied by the last search, in the tree and playouts
}

// node is one move in the tree.
type node struct {
	key         moveKey
	actor       int8
	visits      int32
	avail       int32
	reward      int32 // sum of the actor's scores (0, 1 or 2)
	child, next int32 // first child and next sibling, -1 for none
}

// moveKey is a move as the searching seat observes it.
type moveKey struct {
	kind ActionKind
	card Card // the card, or NoCard for a face-down attack
	suit int8
}

// treeDepth bounds the tree; below it the playout policy takes over.
const treeDepth = 8

// exploration is UCB's exploration constant, for rewards from 0 to 2.
const exploration = 1.0

// reserve sizes the pools for searches of up to iterations iterations,
// each of which expands at most one node.
func (ts *treeSearch) reserve(iterations int) {
	ts.nodes = make([]node, 0, iterations+1)
	ts.path = make([]int32, 0, treeDepth+1)
	ts.keys = make([]moveKey, 0, HandSize)
	ts.acts = make([]Action, 0, maxLegal)
}

func (ts *treeSearch) newNode(k moveKey, actor int) int32 {
	ts.nodes = append(ts.nodes, node{key: k, actor: int8(actor), child: -1, next: -1})
	return int32(len(ts.nodes) - 1)
}

// observe is how seat me sees p's action a.
func observe(me, p int, a Action) moveKey {
	if a.Kind == Attack && p != me {
		return moveKey{kind: Attack, card: NoCard, suit: int8(a.Card.Suit())}
	}
	return moveKey{kind: a.Kind, card: a.Card, suit: int8(a.Card.Suit())}
}

// pauseEvery is how many search iterations go between pauses: about 2 ms
// of WebAssembly.
const pauseEvery = 32

// treeAction searches from v for the style's iterations, or until the
// search has applied the style's budget of actions, and returns the most
// visited move at the root.
func (b *Bot) treeAction(v *View) Action {
	ts := &b.tree
	ts.nodes = ts.nodes[:0]
	root := ts.newNode(moveKey{}, -1)
	b.sm.init(v)
	g := &b.game
	ts.spent = 0
	for it := range b.style.search {
		if b.style.budget > 0 && ts.spent >= b.style.budget {
			break
		}
		if b.pause != nil && it%pauseEvery == pauseEvery-1 {
			b.pause()
		}
		b.dealBelieved(g, v)
		ts.path = append(ts.path[:0], root)
		n := root
		for depth := 0; depth < treeDepth && !g.Over(); depth++ {
			p := g.firstToAct()
			next, a, ok := ts.step(b, g, n, v.Seat, p)
			if !ok {
				break
			}
			g.ClearEvents()
			if g.Apply(p, a) != nil {
				break
			}
			ts.path = append(ts.path, next)
			if ts.nodes[next].visits == 0 {
				break // just expanded: play out from here
			}
			n = next
		}
		ts.spent += len(ts.path) - 1 + b.finish(g)
		for _, i := range ts.path[1:] {
			nd := &ts.nodes[i]
			nd.visits++
			nd.reward += int32(outcome(g, int(nd.actor)))
		}
	}
	best := int32(-1)
	for c := ts.nodes[root].child; c >= 0; c = ts.nodes[c].next {
		if best < 0 || ts.nodes[c].visits > ts.nodes[best].visits {
			best = c
		}
	}
	k := ts.nodes[best].key
	return Action{Kind: k.kind, Card: k.card}
}

// step chooses p's move at node n in the re-deal g: an untried observed
// move if there is one (expanding it), else the best by UCB among the
// moves legal here. Guesses are left to the guess planner.
func (ts *treeSearch) step(b *Bot, g *State, n int32, me, p int) (int32, Action, bool) {
	if p != me {
		// The others move by the playout policy, on their own knowledge:
		// choosing their moves by the tree's statistics would let them see
		// through this seat's face-down cards in each re-deal.
		a := b.policy(g, p)
		if a.Kind != Attack && a.Kind != Defend {
			return 0, Action{}, false
		}
		k := observe(me, p, a)
		c := ts.find(n, k)
		if c < 0 {
			c = ts.newNode(k, p)
			ts.nodes[c].next, ts.nodes[n].child = ts.nodes[n].child, c
		}
		return c, a, true
	}
	ts.acts = g.Legal(p, ts.acts[:0])
	ts.keys = ts.keys[:0]
	for _, a := range ts.acts {
		if a.Kind == Attack || a.Kind == Defend {
			ts.keys = append(ts.keys, observe(me, p, a))
		}
	}
	if len(ts.keys) == 0 {
		return 0, Action{}, false
	}
	var best int32 = -1
	bestScore := math.Inf(-1)
	for i, k := range ts.keys {
		c := ts.find(n, k)
		if c < 0 {
			c = ts.newNode(k, p)
			ts.nodes[c].next, ts.nodes[n].child = ts.nodes[n].child, c
			ts.nodes[c].avail = 1
			return c, ts.concrete(b, g, p, i), true
		}
		if ts.seen(i) {
			continue // the same observed move twice (two cards of one suit)
		}
		nd := &ts.nodes[c]
		nd.avail++
		score := float64(nd.reward)/float64(nd.visits) + exploration*math.Sqrt(math.Log(float64(nd.avail))/float64(nd.visits))
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	for i, k := range ts.keys {
		if k == ts.nodes[best].key {
			return best, ts.concrete(b, g, p, i), true
		}
	}
	return 0, Action{}, false
}

// seen reports whether keys[i] already appeared before i.
func (ts *treeSearch) seen(i int) bool {
	for _, k := range ts.keys[:i] {
		if k == ts.keys[i] {
			return true
		}
	}
	return false
}

// find returns n's child with key k, or -1.
func (ts *treeSearch) find(n int32, k moveKey) int32 {
	for c := ts.nodes[n].child; c >= 0; c = ts.nodes[c].next {
		if ts.nodes[c].key == k {
			return c
		}
	}
	return -1
}

// concrete turns observed move keys[i] into an action: for a face-down
// attack, a random card of that suit from the attacker's hand.
func (ts *treeSearch) concrete(b *Bot, g *State, p, i int) Action {
	k := ts.keys[i]
	if k.card != NoCard {
		return Action{Kind: k.kind, Card: k.card}
	}
	var n int
	var pick Card = NoCard
	for _, c := range g.hands[p].cards() {
		if int8(c.Suit()) == k.suit {
			n++
			if b.rng.IntN(n) == 0 {
				pick = c
			}
		}
	}
	return AttackAction(pick)
}
