package slam

import (
	"fmt"
	"math/bits"

	"github.com/jankenarcade/janken/rulesets"
)

// Phase is what the table is doing.
type Phase uint8

const (
	// PhaseWaiting: no card is up; the next flip is coming.
	PhaseWaiting Phase = iota
	// PhaseRacing: a card is up and undecided.
	PhaseRacing
	// PhasePlayoff: a plain rock-paper-scissors round is being thrown,
	// either to settle who takes a card or as the sudden-death decider.
	PhasePlayoff
	// PhaseOver: the game has ended.
	PhaseOver
)

var phaseNames = [...]string{"waiting", "racing", "playoff", "over"}

func (p Phase) String() string { return rulesets.EnumName(phaseNames[:], p, "phase") }

// Seats is a set of seats: bit i stands for seat i.
type Seats uint8

// Has reports whether seat is in the set.
func (s Seats) Has(seat int) bool { return s&(1<<seat) != 0 }

// Len returns the number of seats in the set.
func (s Seats) Len() int { return bits.OnesCount8(uint8(s)) }

// nth returns the n-th seat of the set in seat order.
func (s Seats) nth(n int) int {
	for seat := 0; seat < rulesets.MaxSeats; seat++ {
		if s.Has(seat) {
			if n == 0 {
				return seat
			}
			n--
		}
	}
	return -1
}

// Result is how the judge read one press.
type Result uint8

const (
	ResultNone      Result = iota // no press
	ResultCorrect                 // the correct action in time
	ResultWrong                   // a wrong gesture: a mistake
	ResultMash                    // two or more gestures at once: a mistake
	ResultLate                    // the correct action after the decision (no penalty)
	ResultLateWrong               // a wrong action after the decision: a mistake
)

var resultNames = [...]string{"none", "correct", "wrong", "mash", "late", "late-wrong"}

func (r Result) String() string { return rulesets.EnumName(resultNames[:], r, "result") }

// Mistake reports whether the result is a mistake.
func (r Result) Mistake() bool { return r == ResultWrong || r == ResultMash || r == ResultLateWrong }

// Press is one seat's first press on a card: when and what.
type Press struct {
	Tick    int64
	Buttons rulesets.Buttons
	Result  Result
}

// Outcome is how a card was decided.
type Outcome uint8

const (
	OutcomeOpen    Outcome = iota // not decided yet
	OutcomeWon                    // Classic: won by the first correct action
	OutcomeTaken                  // Last One Loses: taken by the last or by a mistake
	OutcomeTimeout                // Classic: nobody in time; back under the deck
	OutcomeVoid                   // Classic dead heat with DeadHeatVoid
)

var outcomeNames = [...]string{"open", "won", "taken", "timeout", "void"}

func (o Outcome) String() string { return rulesets.EnumName(outcomeNames[:], o, "outcome") }

// CardRecord is the judge's record of one flipped card: what was up,
// every seat's first press and how the card was decided. It stays
// readable until the next flip, so the scene can show a photo finish.
type CardRecord struct {
	Card        Card             // the flipped card (its front is up)
	Back        Back             // the back of the card under it
	Correct     rulesets.Buttons // the one correct action
	FlipTick    int64
	DecidedTick int64
	Outcome     Outcome
	Taker       int8  // the seat that won or took the card, or -1
	Tied        Seats // the seats of a dead heat, drawn by the generator
	Presses     [rulesets.MaxSeats]Press
}

// PlayoffKind is what a rock-paper-scissors playoff settles.
type PlayoffKind uint8

const (
	// PlayoffTake: Last One Loses, several mistakes on one tick; the loser
	// takes the card.
	PlayoffTake PlayoffKind = iota
	// PlayoffDecider: the sudden-death decider between tied players; the
	// winner wins the game.
	PlayoffDecider
)

// Playoff is a plain rock-paper-scissors round thrown with the gesture
// buttons, repeated on a draw. A seat that has not thrown within the
// timeout is given a throw by the public seeded generator.
type Playoff struct {
	Kind   PlayoffKind
	Seats  Seats // still in the playoff
	Start  int64 // the tick this round began
	Round  uint8
	Thrown [rulesets.MaxSeats]rulesets.Symbol // this round's throws so far
	Shown  [rulesets.MaxSeats]rulesets.Symbol // the last completed round
}

// State is a whole game of Slam as every player may know it: the deck's
// order and the timing of automatic flips are the Dealer's, and each flip
// comes to Step as a deal (rulesets.Frame.Deal). A local game's State
// holds its own Dealer (New); a network peer's holds none (NewPublic).
// It is a plain value without pointers: copying it (*dst = *src) saves or
// restores it for a rollback, without allocating. Step it once per tick.
type State struct {
	cfg   Config
	rng   rulesets.Rand // public: dead heats and the throws of a playoff timeout
	tick  int64         // the tick the next Step processes
	phase Phase
	// The deck is, top first, the hidden cards of the shuffle (never
	// flipped yet: unseen is their set, topBack the back of the first,
	// NoBack until shown) and then the known cards put under them, a ring
	// in which known[knownHead] is the first.
	hidden              uint8
	unseen              uint64
	topBack             Back
	known               [DeckSize]Card
	knownHead, knownLen uint8
	flipped             Card // the card up while racing or in a take playoff
	piles               [rulesets.MaxSeats][DeckSize]Card
	pileLen             [rulesets.MaxSeats]uint8
	flipper             uint8
	waitFrom            int64 // the tick the wait for the next flip began
	requested           bool  // winner flips: the flipper asked for the next card
	flips               uint16
	card                CardRecord
	// locked seats ignore presses until the next flip; done seats have
	// acted correctly (Last One Loses); falseStart seats made a false
	// start while waiting (in Last One Loses they take the next card).
	locked, done, falseStart Seats
	playoff                  Playoff
	winners                  Seats
	events                   [maxEvents]Event
	nEvents                  uint8
	// dealer deals a local game when dealing is set and a frame has no
	// deal of its own.
	dealer  Dealer
	dealing bool
}

// State is stepped per tick: it implements the real-time contract.
var _ rulesets.Realtime[Event] = (*State)(nil)

// New starts a local game that deals itself: a Dealer from seed (the deck
// shuffled, back side up, and the first automatic flip drawn) inside the
// public state of NewPublic(cfg, PublicSeed(seed)) with the top card's
// back shown. Step it with frames without deals.
func New(cfg Config, seed uint64) (State, error) {
	d, err := NewDealer(cfg, seed)
	if err != nil {
		return State{}, err
	}
	s, err := NewPublic(cfg, PublicSeed(seed))
	if err != nil {
		return State{}, err
	}
	s.topBack, s.dealer, s.dealing = d.top(), d, true
	return s, nil
}

// NewPublic starts the public state of a game with the public seed (the
// generator of dead heats and playoff timeouts): 54 hidden cards, the top
// one's back not shown yet. Every flip must come from the host's Dealer
// as a deal in the frame of its tick.
func NewPublic(cfg Config, seed uint64) (State, error) {
	if err := cfg.Validate(); err != nil {
		return State{}, err
	}
	s := State{cfg: cfg, rng: rulesets.NewRand(seed), flipped: NoCard, hidden: DeckSize, unseen: 1<<DeckSize - 1, topBack: NoBack}
	s.flipper = uint8(cfg.FirstFlipper)
	s.card = CardRecord{Card: NoCard, Back: NoBack, Taker: -1, FlipTick: -1, DecidedTick: -1}
	return s, nil
}

// Dealing reports whether the state deals itself (a local game).
func (s *State) Dealing() bool { return s.dealing }

// Config returns the game's settings.
func (s *State) Config() Config { return s.cfg }

// Seats returns the number of players.
func (s *State) Seats() int { return s.cfg.Players }

// Tick returns the number of the tick the next Step processes.
func (s *State) Tick() int64 { return s.tick }

// Phase returns what the table is doing.
func (s *State) Phase() Phase { return s.phase }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == PhaseOver }

// Flipper returns the seat that flips next (or flipped the card up).
func (s *State) Flipper() int { return int(s.flipper) }

// NextFlip returns the tick of the next automatic flip while a game that
// deals itself waits for it, or -1: when the flipper flips by hand, and
// always in a public state, which cannot know it.
func (s *State) NextFlip() int64 {
	if s.cfg.WinnerFlips || !s.dealing || s.phase != PhaseWaiting {
		return -1
	}
	return s.dealer.due
}

// WaitFrom returns the tick the wait for the next flip began on (the last
// decision, or 0): an automatic flip comes no sooner than FlipDelayMin
// ticks after it.
func (s *State) WaitFrom() int64 { return s.waitFrom }

// Up returns the flipped card and the back of the deck's top card, the
// other half of the puzzle; ok is false while no card is up.
func (s *State) Up() (front Card, back Back, ok bool) {
	if s.flipped == NoCard {
		return NoCard, NoBack, false
	}
	return s.flipped, s.card.Back, true
}

// TopBack returns the back of the deck's top card: NoBack for an empty
// deck, and before the host has shown it.
func (s *State) TopBack() Back {
	switch {
	case s.hidden > 0:
		return s.topBack
	case s.knownLen > 0:
		return s.knownAt(0).Back()
	}
	return NoBack
}

// DeckLen returns the number of cards in the deck.
func (s *State) DeckLen() int { return int(s.hidden) + int(s.knownLen) }

// Flips returns the number of flips so far.
func (s *State) Flips() int { return int(s.flips) }

// Won returns the number of cards in seat's won pile.
func (s *State) Won(seat int) int { return int(s.pileLen[seat]) }

// Pile appends seat's won cards to dst, bottom first.
func (s *State) Pile(seat int, dst []Card) []Card {
	return append(dst, s.piles[seat][:s.pileLen[seat]]...)
}

// Deck appends the deck to dst, top first, as far as the state knows it:
// a public state appends NoCard for each hidden card. The order is hidden
// from the players; only debug tools and tests may look.
func (s *State) Deck(dst []Card) []Card {
	for i := range int(s.hidden) {
		c := NoCard
		if s.dealing {
			c = s.dealer.order[int(s.dealer.n)-int(s.hidden)+i]
		}
		dst = append(dst, c)
	}
	for i := range int(s.knownLen) {
		dst = append(dst, s.knownAt(i))
	}
	return dst
}

// Card returns the record of the card up, or of the last card decided.
func (s *State) Card() *CardRecord { return &s.card }

// Playoff returns the current or last rock-paper-scissors playoff.
func (s *State) Playoff() *Playoff { return &s.playoff }

// Locked reports whether seat's presses are ignored until the next flip.
func (s *State) Locked(seat int) bool { return s.locked.Has(seat) }

// Scores appends each seat's number of won cards.
func (s *State) Scores(dst []int) []int {
	for seat := 0; seat < s.cfg.Players; seat++ {
		dst = append(dst, int(s.pileLen[seat]))
	}
	return dst
}

// Winners appends the winning seats once the game is over: one seat after
// a decider, several when they share the win.
func (s *State) Winners(dst []int) []int {
	for seat := 0; seat < s.cfg.Players; seat++ {
		if s.winners.Has(seat) {
			dst = append(dst, seat)
		}
	}
	return dst
}

// knownAt returns the i-th known card under the hidden ones.
func (s *State) knownAt(i int) Card { return s.known[(int(s.knownHead)+i)%DeckSize] }

// drawTop removes the top card of the deck, front and the back under it
// as dealt.
func (s *State) drawTop(front Card, top Back) {
	if s.hidden == 0 {
		s.knownHead = uint8((int(s.knownHead) + 1) % DeckSize)
		s.knownLen--
		return
	}
	s.hidden--
	s.unseen &^= 1 << front
	s.topBack = NoBack
	if s.hidden > 0 {
		s.topBack = top
	}
}

// putBottom puts c under the deck.
func (s *State) putBottom(c Card) {
	s.known[(int(s.knownHead)+int(s.knownLen))%DeckSize] = c
	s.knownLen++
}

func (s *State) pushPile(seat int, c Card) {
	s.piles[seat][s.pileLen[seat]] = c
	s.pileLen[seat]++
}

// Hash returns a stable hash of the whole state (events excepted).
func (s *State) Hash() uint64 {
	var h rulesets.Hasher
	c := &s.cfg
	for _, v := range [...]int{c.Players, int(c.Mode), c.FlipDelayMin, c.FlipDelayMax, int(c.DeadHeat),
		c.Timeout, c.Penalty, c.EndAt, c.LateWindow, c.FirstFlipper} {
		h.Int(v)
	}
	for _, b := range [...]bool{c.WinnerFlips, c.FalseStarts, c.OneTry, c.Mashing, c.Decider} {
		h.Bool(b)
	}
	h.Rand(s.rng)
	h.Uint64(uint64(s.tick))
	h.Byte(byte(s.phase))
	h.Byte(s.hidden)
	h.Uint64(s.unseen)
	h.Byte(byte(s.topBack))
	h.Byte(s.knownLen)
	for i := range int(s.knownLen) {
		h.Byte(byte(s.knownAt(i)))
	}
	h.Byte(byte(s.flipped))
	for seat := range s.piles {
		h.Byte(s.pileLen[seat])
		for _, c := range s.piles[seat][:s.pileLen[seat]] {
			h.Byte(byte(c))
		}
	}
	h.Byte(s.flipper)
	h.Uint64(uint64(s.waitFrom))
	h.Bool(s.requested)
	h.Int(int(s.flips))
	s.card.hash(&h)
	for _, b := range [...]Seats{s.locked, s.done, s.falseStart, s.winners} {
		h.Byte(byte(b))
	}
	s.playoff.hash(&h)
	h.Bool(s.dealing)
	if s.dealing {
		s.dealer.hash(&h, int(s.hidden))
	}
	return h.Sum()
}

// hash adds what decides the rest of the game: the generator, the pending
// flip and the cards still hidden (those dealt no longer matter).
func (d *Dealer) hash(h *rulesets.Hasher, hidden int) {
	h.Rand(d.rng)
	h.Uint64(uint64(d.due))
	for _, c := range d.order[int(d.n)-hidden : d.n] {
		h.Byte(byte(c))
	}
}

func (r *CardRecord) hash(h *rulesets.Hasher) {
	h.Byte(byte(r.Card))
	h.Byte(byte(r.Back))
	h.Int(int(r.Correct))
	h.Uint64(uint64(r.FlipTick))
	h.Uint64(uint64(r.DecidedTick))
	h.Byte(byte(r.Outcome))
	h.Byte(byte(r.Taker))
	h.Byte(byte(r.Tied))
	for _, p := range r.Presses {
		h.Uint64(uint64(p.Tick))
		h.Int(int(p.Buttons))
		h.Byte(byte(p.Result))
	}
}

func (p *Playoff) hash(h *rulesets.Hasher) {
	h.Byte(byte(p.Kind))
	h.Byte(byte(p.Seats))
	h.Uint64(uint64(p.Start))
	h.Byte(p.Round)
	for i := range p.Thrown {
		h.Byte(byte(p.Thrown[i]))
		h.Byte(byte(p.Shown[i]))
	}
}

// Check verifies the invariants: every card in exactly one place (deck,
// flipped, a won pile), the phase consistent with the table, and the game
// over exactly when the deck is down to the end.
func (s *State) Check() error {
	var seen [DeckSize]uint8
	for i := range int(s.knownLen) {
		if c := s.knownAt(i); !c.Valid() {
			return fmt.Errorf("slam: invalid card %d in the deck", uint8(c))
		} else {
			seen[c]++
		}
	}
	for set := s.unseen; set != 0; set &= set - 1 {
		seen[bits.TrailingZeros64(set)]++
	}
	if s.flipped != NoCard {
		if !s.flipped.Valid() {
			return fmt.Errorf("slam: invalid card %d up", uint8(s.flipped))
		}
		seen[s.flipped]++
	}
	for seat := range s.piles {
		if seat >= s.cfg.Players && s.pileLen[seat] != 0 {
			return fmt.Errorf("slam: seat %d has a pile but only %d play", seat, s.cfg.Players)
		}
		for _, c := range s.piles[seat][:s.pileLen[seat]] {
			if !c.Valid() {
				return fmt.Errorf("slam: invalid card %d in seat %d's pile", uint8(c), seat)
			}
			seen[c]++
		}
	}
	for c, n := range seen {
		if n != 1 {
			return fmt.Errorf("slam: card %v is in %d places", Card(c), n)
		}
	}
	if err := s.checkHidden(); err != nil {
		return err
	}
	return s.checkPhase()
}

// checkHidden verifies the hidden cards: as many as the unseen set holds,
// a back shown only if one of them has it, and, in a game that deals
// itself, the dealer's next cards exactly these with the shown one first.
func (s *State) checkHidden() error {
	switch {
	case s.unseen>>DeckSize != 0 || bits.OnesCount64(s.unseen) != int(s.hidden):
		return fmt.Errorf("slam: %d hidden cards but %d unseen", s.hidden, bits.OnesCount64(s.unseen))
	case s.topBack != NoBack && !s.unseenWith(s.topBack, NoCard):
		return fmt.Errorf("slam: no hidden card shows the top back %v", s.topBack)
	case !s.dealing:
		return nil
	case int(s.hidden) > int(s.dealer.n):
		return fmt.Errorf("slam: %d hidden cards, the dealer has %d", s.hidden, s.dealer.n)
	}
	var set uint64
	for _, c := range s.dealer.order[int(s.dealer.n)-int(s.hidden) : s.dealer.n] {
		if c.Valid() {
			set |= 1 << c
		}
	}
	if set != s.unseen {
		return fmt.Errorf("slam: the dealer's cards are not the hidden ones")
	}
	d := &s.dealer
	if s.phase == PhaseWaiting && !s.cfg.WinnerFlips && (d.waitFrom != s.waitFrom || d.due < s.waitFrom+int64(s.cfg.FlipDelayMin)) {
		return fmt.Errorf("slam: next flip on tick %d for the wait from %d, sooner than %d ticks after the wait from %d",
			d.due, d.waitFrom, s.cfg.FlipDelayMin, s.waitFrom)
	}
	if s.hidden > 0 && s.topBack != s.dealer.order[int(s.dealer.n)-int(s.hidden)].Back() {
		return fmt.Errorf("slam: the top back %v is not the dealer's next card's", s.topBack)
	}
	return nil
}

func (s *State) checkPhase() error {
	deck, end := s.DeckLen(), s.cfg.EndAt
	up := s.flipped != NoCard
	switch {
	case s.phase == PhaseRacing && !up:
		return fmt.Errorf("slam: racing without a card up")
	case s.phase == PhaseWaiting && up:
		return fmt.Errorf("slam: waiting with card %v still up", s.flipped)
	case s.phase == PhaseWaiting && deck <= end:
		return fmt.Errorf("slam: waiting with %d cards in the deck: the game should have ended", deck)
	case (s.phase == PhaseRacing || s.phase == PhasePlayoff) && deck < end:
		return fmt.Errorf("slam: %d cards in the deck, fewer than the end at %d", deck, end)
	case s.phase == PhaseOver && (deck != end || up):
		return fmt.Errorf("slam: over with %d cards in the deck (end at %d), card up: %v", deck, end, up)
	case s.phase == PhaseOver && s.winners == 0:
		return fmt.Errorf("slam: over without a winner")
	case s.phase != PhaseOver && s.winners != 0:
		return fmt.Errorf("slam: winners before the end")
	case s.phase == PhasePlayoff && s.playoff.Kind == PlayoffDecider && (deck != end || up):
		return fmt.Errorf("slam: decider before the end")
	case s.phase == PhasePlayoff && s.playoff.Kind == PlayoffTake && !up:
		return fmt.Errorf("slam: take playoff without a card up")
	case s.phase == PhasePlayoff && s.playoff.Seats.Len() < 2:
		return fmt.Errorf("slam: playoff with %d seats", s.playoff.Seats.Len())
	case s.phase == PhaseRacing && (s.card.Card != s.flipped || s.card.Outcome != OutcomeOpen):
		return fmt.Errorf("slam: racing on %v but the record is of %v (%v)", s.flipped, s.card.Card, s.card.Outcome)
	case s.phase == PhaseWaiting && s.card.Card != NoCard && s.card.Outcome == OutcomeOpen:
		return fmt.Errorf("slam: waiting with card %v still open", s.card.Card)
	case s.phase > PhaseOver:
		return fmt.Errorf("slam: invalid phase %d", s.phase)
	}
	return nil
}
