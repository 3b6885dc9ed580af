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
	ResultLate                    // the correct action after the decision
	ResultLateWrong               // a wrong action after the decision (no penalty)
)

var resultNames = [...]string{"none", "correct", "wrong", "mash", "late", "late-wrong"}

func (r Result) String() string { return rulesets.EnumName(resultNames[:], r, "result") }

// Mistake reports whether the result is a mistake.
func (r Result) Mistake() bool { return r == ResultWrong || r == ResultMash }

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
	Next        Card             // the card under it (its back is up)
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
// timeout is given a throw by the seeded generator.
type Playoff struct {
	Kind   PlayoffKind
	Seats  Seats // still in the playoff
	Start  int64 // the tick this round began
	Round  uint8
	Thrown [rulesets.MaxSeats]rulesets.Symbol // this round's throws so far
	Shown  [rulesets.MaxSeats]rulesets.Symbol // the last completed round
}

// State is a whole game of Slam. It is a plain value without pointers:
// copying it (*dst = *src) saves or restores it for a rollback, without
// allocating. Step it once per tick.
type State struct {
	cfg      Config
	rng      rulesets.Rand
	tick     int64 // the tick the next Step processes
	phase    Phase
	deck     [DeckSize]Card // a ring: deck[deckHead] is the top
	deckHead uint8
	deckLen  uint8
	flipped  Card // the card up while racing or in a take playoff
	piles    [rulesets.MaxSeats][DeckSize]Card
	pileLen  [rulesets.MaxSeats]uint8
	flipper  uint8
	nextFlip int64 // auto-flip tick while waiting
	flips    uint16
	card     CardRecord
	// locked seats ignore presses until the next flip; done seats have
	// acted correctly (Last One Loses); falseStart seats made a false
	// start while waiting (in Last One Loses they take the next card).
	locked, done, falseStart Seats
	playoff                  Playoff
	winners                  Seats
	events                   [maxEvents]Event
	nEvents                  uint8
}

// State is stepped per tick: it implements the real-time contract.
var _ rulesets.Realtime[Event] = (*State)(nil)

// New starts a game: the deck shuffled by the seeded generator, back side
// up, and the first automatic flip scheduled.
func New(cfg Config, seed uint64) (State, error) {
	if err := cfg.Validate(); err != nil {
		return State{}, err
	}
	s := State{cfg: cfg, rng: rulesets.NewRand(seed), flipped: NoCard}
	for i := range s.deck {
		s.deck[i] = Card(i)
	}
	s.rng.Shuffle(DeckSize, func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
	s.deckLen = DeckSize
	s.flipper = uint8(cfg.FirstFlipper)
	s.card = CardRecord{Card: NoCard, Next: NoCard, Taker: -1, FlipTick: -1, DecidedTick: -1}
	s.scheduleFlip(0)
	return s, nil
}

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

// NextFlip returns the tick of the next automatic flip while waiting, or
// -1 when the flipper flips by hand.
func (s *State) NextFlip() int64 {
	if s.cfg.WinnerFlips {
		return -1
	}
	return s.nextFlip
}

// Up returns the flipped card and the top card of the deck, whose back is
// the other half of the puzzle; ok is false while no card is up.
func (s *State) Up() (front, back Card, ok bool) {
	if s.flipped == NoCard {
		return NoCard, NoCard, false
	}
	return s.flipped, s.deck[s.deckHead], true
}

// DeckTop returns the top card of the deck (whose back is visible).
func (s *State) DeckTop() Card { return s.deck[s.deckHead] }

// DeckLen returns the number of cards in the deck.
func (s *State) DeckLen() int { return int(s.deckLen) }

// Flips returns the number of flips so far.
func (s *State) Flips() int { return int(s.flips) }

// Won returns the number of cards in seat's won pile.
func (s *State) Won(seat int) int { return int(s.pileLen[seat]) }

// Pile appends seat's won cards to dst, bottom first.
func (s *State) Pile(seat int, dst []Card) []Card {
	return append(dst, s.piles[seat][:s.pileLen[seat]]...)
}

// Deck appends the deck to dst, top first. The order is hidden from the
// players; only debug tools and tests may look.
func (s *State) Deck(dst []Card) []Card {
	for i := 0; i < int(s.deckLen); i++ {
		dst = append(dst, s.deckAt(i))
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

func (s *State) deckAt(i int) Card { return s.deck[(int(s.deckHead)+i)%DeckSize] }

// drawTop removes the top card of the deck.
func (s *State) drawTop() Card {
	c := s.deck[s.deckHead]
	s.deckHead = uint8((int(s.deckHead) + 1) % DeckSize)
	s.deckLen--
	return c
}

// putBottom puts c under the deck.
func (s *State) putBottom(c Card) {
	s.deck[(int(s.deckHead)+int(s.deckLen))%DeckSize] = c
	s.deckLen++
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
	h.Byte(s.deckLen)
	for i := 0; i < int(s.deckLen); i++ {
		h.Byte(byte(s.deckAt(i)))
	}
	h.Byte(byte(s.flipped))
	for seat := range s.piles {
		h.Byte(s.pileLen[seat])
		for _, c := range s.piles[seat][:s.pileLen[seat]] {
			h.Byte(byte(c))
		}
	}
	h.Byte(s.flipper)
	h.Uint64(uint64(s.nextFlip))
	h.Int(int(s.flips))
	s.card.hash(&h)
	for _, b := range [...]Seats{s.locked, s.done, s.falseStart, s.winners} {
		h.Byte(byte(b))
	}
	s.playoff.hash(&h)
	return h.Sum()
}

func (r *CardRecord) hash(h *rulesets.Hasher) {
	h.Byte(byte(r.Card))
	h.Byte(byte(r.Next))
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
	for i := 0; i < int(s.deckLen); i++ {
		if c := s.deckAt(i); !c.Valid() {
			return fmt.Errorf("slam: invalid card %d in the deck", uint8(c))
		} else {
			seen[c]++
		}
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
	return s.checkPhase()
}

func (s *State) checkPhase() error {
	deck, end := int(s.deckLen), s.cfg.EndAt
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
