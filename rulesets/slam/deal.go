package slam

import (
	"math/bits"

	"github.com/jankenarcade/janken/rulesets"
)

// A deal is the dealer's word for one tick, carried in rulesets.Frame.Deal:
// the low byte is the flipped card + 1 (0: no flip), the next byte the back
// of the card left on top + 1. A deal without a card only shows the top
// card's back: the opening of a game whose public state began without it.
// 0 is no deal.
const (
	dealCardMask = 0xff
	dealBackMax  = 9 // backs are 0..8
)

// FlipDeal returns the deal that flips front and leaves a card whose back
// is top on the deck.
func FlipDeal(front Card, top Back) uint32 { return uint32(front) + 1 | (uint32(top)+1)<<8 }

// RevealDeal returns the deal that shows the back of the deck's top card.
func RevealDeal(top Back) uint32 { return (uint32(top) + 1) << 8 }

// decodeDeal splits a deal into its card (NoCard for a reveal) and back;
// ok is false for a value no dealer writes.
func decodeDeal(d uint32) (front Card, top Back, ok bool) {
	c, b := d&dealCardMask, d>>8
	if b == 0 || b > dealBackMax || c > DeckSize {
		return NoCard, NoBack, false
	}
	return Card(c) - 1, Back(b - 1), true // Card(0)-1 wraps to NoCard
}

// PublicSeed returns the seed of a game's public generator (dead heats and
// the throws of a playoff timeout) derived one way from its secret: a
// player who knows it learns nothing of the deck or of the pauses.
func PublicSeed(secret uint64) uint64 { return rulesets.DeriveSeed(secret, "slam public", -1) }

// Dealer deals a game of Slam. It holds what no player may know before the
// flip: the order of the shuffled deck and the generator of the pauses
// before automatic flips. Only the host of a network match holds one (a
// local game's State holds its own); every peer's State checks each deal
// against the public rules. A Dealer is a plain value; Deal allocates
// nothing.
type Dealer struct {
	rng   rulesets.Rand
	order [DeckSize]Card // the shuffled cards, top first
	n     uint8          // cards in order
	// the config's automatic flips: their pause, or none (winner flips)
	delayMin, delayMax int
	winnerFlips        bool
	// The automatic flip of the wait that began on waitFrom comes on due.
	waitFrom, due int64
	last          int64 // the tick of the last deal given
}

// NewDealer shuffles a deck with the secret seed and draws the pause before
// the first automatic flip.
func NewDealer(cfg Config, secret uint64) (Dealer, error) {
	if err := cfg.Validate(); err != nil {
		return Dealer{}, err
	}
	d := Dealer{rng: rulesets.NewRand(secret), n: DeckSize, last: -1}
	d.configure(cfg)
	for i := range d.order {
		d.order[i] = Card(i)
	}
	d.rng.Shuffle(DeckSize, func(i, j int) { d.order[i], d.order[j] = d.order[j], d.order[i] })
	d.schedule(0)
	return d, nil
}

// configure takes the flip settings of cfg.
func (d *Dealer) configure(cfg Config) {
	d.delayMin, d.delayMax, d.winnerFlips = cfg.FlipDelayMin, cfg.FlipDelayMax, cfg.WinnerFlips
}

// schedule draws the automatic flip of the wait that began on from.
func (d *Dealer) schedule(from int64) {
	d.waitFrom = from
	if !d.winnerFlips {
		d.due = from + int64(d.rng.Range(d.delayMin, d.delayMax))
	}
}

// top returns the back of the deck's first card.
func (d *Dealer) top() Back { return d.order[0].Back() }

// Deal returns the deal for tick at, given s, the public state at a tick
// no later than at (a host passes its state now and the tick its input
// takes effect on), or 0. It deals only while s waits for a flip and no
// deal it gave is still ahead of s: the reveal of the top's back if s
// lacks it, else the next card once it is due — the drawn pause has run
// out, or in winner flips the flipper has asked. A deal s refuses (its
// prediction was wrong) is simply dealt again later.
func (d *Dealer) Deal(s *State, at int64) uint32 {
	if s.phase != PhaseWaiting || at < s.tick || d.last >= s.tick || int(s.hidden) > int(d.n) {
		return 0
	}
	first := int(d.n) - int(s.hidden) // the top hidden card in order
	if s.hidden > 0 && s.topBack == NoBack {
		d.last = at
		return RevealDeal(d.order[first].Back())
	}
	switch {
	case s.cfg.WinnerFlips:
		if !s.requested {
			return 0
		}
	case d.waitFrom != s.waitFrom:
		d.schedule(s.waitFrom)
		fallthrough
	default:
		if at < d.due {
			return 0
		}
	}
	var front Card
	var top Back
	switch {
	case s.hidden > 1:
		front, top = d.order[first], d.order[first+1].Back()
	case s.hidden == 1 && s.knownLen > 0:
		front, top = d.order[first], s.knownAt(0).Back()
	case s.hidden == 0 && s.knownLen > 1:
		front, top = s.knownAt(0), s.knownAt(1).Back()
	default:
		return 0
	}
	d.last = at
	return FlipDeal(front, top)
}

// deal applies a deal on the tick being stepped, or refuses it with an
// EventRefused: every peer reaches the same verdict from the public state.
func (s *State) deal(d uint32) {
	front, top, ok := decodeDeal(d)
	switch {
	case !ok:
	case front == NoCard:
		if s.mayReveal(top) {
			s.topBack = top
			return
		}
	case s.mayFlip(front, top):
		s.flip(front, top)
		return
	}
	s.emit(Event{Kind: EventRefused, Seat: -1, Card: front})
}

// mayReveal reports whether top may be shown as the back of the deck's top
// card: only while it is unknown, and only as the back of a card that may
// be there.
func (s *State) mayReveal(top Back) bool {
	return s.phase == PhaseWaiting && s.hidden > 0 && s.topBack == NoBack && s.unseenWith(top, NoCard)
}

// mayFlip reports whether the rules allow front to flip now, leaving a card
// with back top on the deck: the table waits, the flip is due (the pause
// since the last decision is long enough, or the flipper asked), front is
// the top card as far as anyone knows it, and top may be the next card.
func (s *State) mayFlip(front Card, top Back) bool {
	switch {
	case s.phase != PhaseWaiting:
		return false
	case s.cfg.WinnerFlips && !s.requested:
		return false
	case !s.cfg.WinnerFlips && s.tick < s.waitFrom+int64(s.cfg.FlipDelayMin):
		return false
	case s.hidden == 0:
		return s.knownLen > 1 && front == s.knownAt(0) && top == s.knownAt(1).Back()
	case !front.Valid() || s.unseen&(1<<front) == 0:
		return false
	case s.topBack != NoBack && front.Back() != s.topBack:
		return false
	case s.hidden == 1:
		return s.knownLen > 0 && top == s.knownAt(0).Back()
	}
	return s.unseenWith(top, front)
}

// unseenWith reports whether a hidden card other than except shows back b.
func (s *State) unseenWith(b Back, except Card) bool {
	for set := s.unseen; set != 0; set &= set - 1 {
		if c := Card(bits.TrailingZeros64(set)); c != except && c.Back() == b {
			return true
		}
	}
	return false
}
