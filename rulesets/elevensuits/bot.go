package elevensuits

import (
	"fmt"
	"slices"

	"github.com/jankenarcade/janken/rulesets"
)

// BotNames lists the bots from weakest to strongest, baselines first.
var BotNames = [...]string{"random", "greedy", "easy", "medium", "hard"}

// style is what sets one bot apart from another.
type style struct {
	random  bool  // uniform legal actions (the Random baseline)
	memory  curve // how it forgets (the zero curve: a perfect memory)
	slip    int   // percent of attacks and answers played at random
	guessAt int   // guess to win when it reckons this percent likely (0: never)
	wary    bool  // avoid attacking with cards the defender knows
	search  int   // tree search iterations per decision (0: one-ply policy)
	budget  int   // actions the search may apply per decision (0: no cap)
	believe bool  // weigh the search's re-deals by the attack it answers
	samples int   // re-deals to weigh a guess
}

// styleOf returns the named bot's style.
func styleOf(name string) (style, bool) {
	switch name {
	case "random":
		return style{random: true}, true
	case "greedy": // perfect memory; beats the likeliest answer; never guesses
		return style{}, true
	case "easy": // forgets much of what it saw and slips now and then
		return style{memory: easyMemory, slip: 20, guessAt: 45, samples: 64}, true
	case "medium": // forgets slowly, searches a small tree, guesses when nearly sure
		return style{memory: mediumMemory, wary: true, guessAt: 90, samples: 128, search: 200}, true
	case "hard": // remembers everything public; searches a tree over re-deals weighed by the attack
		return style{wary: true, guessAt: 85, samples: 256, search: 1200, budget: hardBudget, believe: true}, true
	}
	return style{}, false
}

// hardBudget caps the actions Hard's search applies, in its tree and
// playouts, so that its decision stays within 100 ms in WebAssembly at the
// largest table: about 80 ms. Only the first turns of a three-player game,
// whose playouts are longest, reach it before the iterations run out.
const hardBudget = 36000

// The forgetting curves of the bots that forget (see memory).
var (
	easyMemory   = curve{first: 950, ageHalf: 8, seenHalf: 16}
	mediumMemory = curve{first: 995, ageHalf: 40, seenHalf: 80}
)

// Bot plays one seat from that seat's View only. It keeps its own seeded
// generator, so a game with bots replays exactly from its seed; a Bot is
// not safe for concurrent use.
type Bot struct {
	name  string
	style style
	rng   rulesets.Rand
	legal []Action
	view  View // the view being decided on, its forgotten cards blanked
	mem   memory
	plan  guessPlan
	sm    sampler
	work  State
	m     mind
	game  State // a re-deal being played out
	tree  treeSearch
	pause func() // called every pauseEvery search iterations, if set
}

// guessPlan is the five cards a bot means to name.
type guessPlan struct {
	turn, target, pct int
	cards             [GuessSize]Card
}

var _ rulesets.Bot[View, Action] = (*Bot)(nil)

// NewBot returns the named bot (see BotNames) for seat, its generator
// derived from seed and seat (so that bots given one seed still differ).
func NewBot(name string, seat int, seed uint64) (*Bot, error) {
	st, ok := styleOf(name)
	if !ok {
		return nil, fmt.Errorf("elevensuits: no bot %q (bots: %v)", name, BotNames)
	}
	rng := rulesets.Derive(seed, 0x11505+uint64(seat))
	b := &Bot{name: name, style: st, mem: memory{curve: st.memory, seed: rng.Uint64()}, rng: rng,
		plan: guessPlan{turn: -1}}
	b.reserve()
	return b, nil
}

// maxLegal bounds the legal actions of any position: a guesser naming its
// first card may name any card in play.
const maxLegal = NumCards

// reserve sizes the bot's buffers for its largest decision, so that no
// decision allocates, the first included: in a browser the garbage
// collector would run on the page's only thread, mid-game.
func (b *Bot) reserve() {
	b.legal = make([]Action, 0, maxLegal)
	if b.style.search > 0 {
		b.tree.reserve(b.style.search)
		b.game.events = make([]Event, 0, maxApplyEvents)
	}
}

// Name returns the bot's name.
func (b *Bot) Name() string { return b.name }

// SetPause has the bot call pause every couple of milliseconds while it
// searches. In a browser, where a bot thinking on a goroutine holds the
// page's only thread, a table passes a short sleep so that the page draws
// its frames meanwhile. The bot's choices do not depend on it.
func (b *Bot) SetPause(pause func()) { b.pause = pause }

// Choose returns the action for the view's seat, which must owe one.
func (b *Bot) Choose(v *View) Action {
	if b.style.random || v.Phase == PhaseOpening {
		b.legal = v.Legal(b.legal[:0])
		return b.legal[b.rng.IntN(len(b.legal))]
	}
	b.view = *v
	w := &b.view
	b.mem.blank(w)
	b.m.fromView(w)
	switch w.Phase {
	case PhaseAttack:
		return b.attack(w)
	case PhaseDefend:
		return b.defend(w)
	case PhaseNaming:
		return b.nameNext(w)
	default:
		i := b.pickPeek(w)
		b.mem.peeked(v.Hands[v.Attacker][i].Card, v.Turn)
		return PeekAction(i)
	}
}

func (b *Bot) attack(v *View) Action {
	if v.Config.Advanced && b.style.guessAt > 0 {
		if p := b.bestGuess(v); p.pct >= b.style.guessAt {
			b.plan = p
			return GuessAction(p.target)
		}
	}
	return b.playCard(v, Attack, func() int { return b.m.greedyAttack(v.Defender(v.Seat), b.style.wary) })
}

func (b *Bot) defend(v *View) Action { return b.playCard(v, Defend, b.m.greedyDefend) }

// playCard chooses the card to play as kind (Attack or Defend): a random
// one when the bot slips, the search's choice when it searches, else the
// hand index greedy returns.
func (b *Bot) playCard(v *View, kind ActionKind, greedy func() int) Action {
	hand := v.Hand(v.Seat)
	switch {
	case b.style.slip > 0 && b.rng.IntN(100) < b.style.slip:
		return Action{Kind: kind, Card: hand[b.rng.IntN(len(hand))].Card}
	case b.style.search > 0 && len(hand) > 1:
		return b.treeAction(v)
	}
	return Action{Kind: kind, Card: hand[greedy()].Card}
}

// nameNext names the next card of the plan, replanning if the plan is not
// for this guess.
func (b *Bot) nameNext(v *View) Action {
	if b.plan.turn != v.Turn || b.plan.target != v.Target {
		b.plan = b.guessAgainst(v, v.Target)
	}
	named := v.Named[:v.NamedLen]
	for _, c := range b.plan.cards {
		if !slices.Contains(named, c) {
			return NameAction(c)
		}
	}
	for c := range Card(3 * v.Config.Suits) { // the plan is used up: any unnamed card
		if !slices.Contains(named, c) {
			return NameAction(c)
		}
	}
	return NameAction(0)
}

// pickPeek chooses the guesser's card to look at: one this seat cannot
// name yet, the first such.
func (b *Bot) pickPeek(v *View) int {
	for i, sl := range v.Hand(v.Attacker) {
		if sl.Card == NoCard {
			return i
		}
	}
	return 0
}

// bestGuess returns the likeliest guess against any opponent.
func (b *Bot) bestGuess(v *View) guessPlan {
	best := guessPlan{turn: -1}
	for t := range v.Config.Players {
		if t != v.Seat && !v.Out[t] {
			if p := b.guessAgainst(v, t); p.pct > best.pct || best.turn < 0 {
				best = p
			}
		}
	}
	return best
}

// guessAgainst weighs re-deals of the unseen cards: it names the five
// cards most often in target's hand or graveyard (after those already
// named) and reckons in what percent of re-deals all five are there.
func (b *Bot) guessAgainst(v *View, target int) guessPlan {
	p := guessPlan{turn: v.Turn + 1, target: target}
	if v.Phase == PhaseNaming {
		p.turn = v.Turn
	}
	b.sm.init(v)
	n := max(b.style.samples, 1)
	var freq [NumCards]int
	for range n {
		b.sm.deal(&b.work, &b.rng)
		for _, c := range b.work.hands[target].cards() {
			freq[c]++
		}
		for _, c := range b.work.graves[target].cards() {
			freq[c]++
		}
	}
	k := copy(p.cards[:], v.Named[:v.NamedLen])
	for ; k < GuessSize; k++ {
		best := NoCard
		for c := range Card(3 * v.Config.Suits) {
			if !inCards(p.cards[:k], c) && (best == NoCard || freq[c] > freq[best]) {
				best = c
			}
		}
		p.cards[k] = best
	}
	hits := 0
	for range n {
		b.sm.deal(&b.work, &b.rng)
		all := true
		for _, c := range p.cards {
			all = all && (b.work.hands[target].has(c) || b.work.graves[target].has(c))
		}
		if all {
			hits++
		}
	}
	p.pct = 100 * hits / n
	return p
}

func inCards(cs []Card, c Card) bool {
	for _, d := range cs {
		if d == c {
			return true
		}
	}
	return false
}
