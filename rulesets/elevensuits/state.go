package elevensuits

import "github.com/jankenarcade/janken/rulesets"

// HandSize is how many cards a hand holds while the deck lasts.
const HandSize = 5

// GraveLimit is the graveyard size that loses.
const GraveLimit = 5

// GuessSize is how many cards a guess to win names.
const GuessSize = 5

// Phase is what the game waits for.
type Phase uint8

// The phases of a game.
const (
	// PhaseOpening: the contenders each throw a symbol, simultaneously,
	// to decide the first attacker.
	PhaseOpening Phase = iota
	// PhaseAttack: the attacker plays a card face down (or, with the
	// advanced rules, starts a guess).
	PhaseAttack
	// PhaseDefend: the defender answers face up.
	PhaseDefend
	// PhaseNaming: the guesser names cards one by one.
	PhaseNaming
	// PhasePenalty: the target of a wrong guess picks a card of the
	// guesser's hand to look at.
	PhasePenalty
	// PhaseOver: the game has ended.
	PhaseOver
)

var phaseNames = [...]string{"opening", "attack", "defend", "naming", "penalty", "over"}

func (p Phase) String() string { return rulesets.EnumName(phaseNames[:], p, "phase") }

// Ending is why a game ended.
type Ending uint8

// The ways a game ends.
const (
	EndNone      Ending = iota
	EndGraveyard        // two players: a graveyard reached five cards
	EndLastOne          // three players: one player is left
	EndGuess            // two players: a guess to win was right
	EndTurnLimit        // [H] the turn limit was reached
)

var endingNames = [...]string{"none", "graveyard", "last-one", "guess", "turn-limit"}

func (e Ending) String() string { return rulesets.EnumName(endingNames[:], e, "ending") }

// State is a whole game of Eleven Suits. It implements
// rulesets.Game[Action, Event]. Apart from its event buffer it is a plain
// value: Clone copies it, and Apply allocates nothing once the buffer has
// grown.
type State struct {
	cfg      Config
	phase    Phase
	ending   Ending
	turn     int32 // turns begun: attacks and guesses
	attacker int8  // the seat whose turn it is (the guesser while naming)
	target   int8  // the defender, or the target of a guess; -1 if none
	dir      int8  // +1 (to the left, seat+1) or -1
	out      [MaxPlayers]bool
	hands    [MaxPlayers]pile
	graves   [MaxPlayers]pile
	deck     pile // index 0 is the top
	fresh    int8 // the first fresh deck cards have never been seen at all
	removed  pile // 2-Piece Suit: the card taken out of each suit, in suit order
	attack   Card // the face-down attacking card, NoCard if none
	// known[c] is the set of seats that have seen card c's symbol (or
	// followed it since), so that a perfect memory knows it.
	known      [NumCards]rulesets.Audience
	contenders rulesets.Audience // seats still in the opening throw
	throws     [MaxPlayers]rulesets.Symbol
	named      [GuessSize]Card
	nNamed     int8
	winners    rulesets.Audience
	rng        rulesets.Rand
	events     []Event
}

var _ rulesets.Game[Action, Event] = (*State)(nil)

// New deals a game with cfg's settings from seed. The deal and the 2-Piece
// removal are the only random draws; they come from the state's own
// generator, so the same seed always deals the same game.
func New(cfg Config, seed uint64) (*State, error) {
	cfg, err := cfg.normalize()
	if err != nil {
		return nil, err
	}
	s := &State{cfg: cfg, rng: rulesets.NewRand(seed), dir: 1, target: -1, attack: NoCard}
	s.clearGuess()
	for c := 0; c < cfg.cardsInPlay(); c++ {
		s.deck.push(Card(c))
	}
	s.rng.Shuffle(s.deck.len(), func(i, j int) { s.deck.c[i], s.deck.c[j] = s.deck.c[j], s.deck.c[i] })
	if cfg.TwoPiece {
		for suit := 0; suit < cfg.Suits; suit++ {
			c := MakeCard(suit, rulesets.Symbols[s.rng.IntN(3)])
			s.deck.removeAt(s.deck.index(c))
			s.removed.push(c)
		}
	}
	s.fresh = s.deck.n
	for range HandSize {
		for seat := range cfg.Players {
			s.draw(seat)
		}
	}
	s.contenders = s.allSeats()
	return s, nil
}

// Config returns the game's settings with the defaults filled in.
func (s *State) Config() Config { return s.cfg }

// Seats returns the number of players.
func (s *State) Seats() int { return s.cfg.Players }

// Phase returns what the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == PhaseOver }

// Ending returns why the game ended (EndNone while it goes on).
func (s *State) Ending() Ending { return s.ending }

// Turn returns the number of turns begun.
func (s *State) Turn() int { return int(s.turn) }

// ToAct appends the seats that owe an action.
func (s *State) ToAct(dst []int) []int {
	switch s.phase {
	case PhaseOpening:
		for seat := range s.cfg.Players {
			if s.contenders.Sees(seat) && s.throws[seat] == rulesets.NoSymbol {
				dst = append(dst, seat)
			}
		}
	case PhaseAttack, PhaseNaming:
		dst = append(dst, int(s.attacker))
	case PhaseDefend, PhasePenalty:
		dst = append(dst, int(s.target))
	}
	return dst
}

// Winners appends the winning seats once the game is over.
func (s *State) Winners(dst []int) []int {
	for seat := range s.cfg.Players {
		if s.winners.Sees(seat) {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Scores appends each seat's lives: how many more cards its graveyard can
// take before it loses (0 once out).
func (s *State) Scores(dst []int) []int {
	for seat := range s.cfg.Players {
		dst = append(dst, s.lives(seat))
	}
	return dst
}

func (s *State) lives(seat int) int {
	if s.out[seat] {
		return 0
	}
	return GraveLimit - s.graves[seat].len()
}

// Events returns the events since the last ClearEvents, oldest first.
func (s *State) Events() []Event { return s.events }

// ClearEvents forgets the recorded events.
func (s *State) ClearEvents() { s.events = s.events[:0] }

// Clone returns an independent copy with its own event buffer.
func (s *State) Clone() *State {
	c := new(State)
	c.CopyFrom(s)
	return c
}

// CopyFrom makes s a copy of src, reusing s's event buffer: a search that
// restores a position many times allocates nothing.
func (s *State) CopyFrom(src *State) {
	buf := s.events[:0]
	*s = *src
	s.events = append(buf, src.events...)
}

func (s *State) allSeats() rulesets.Audience { return rulesets.Audience(1)<<s.cfg.Players - 1 }

// next returns the first seat still in after seat in direction dir.
func (s *State) next(seat int, dir int) int {
	n := s.cfg.Players
	for i := 1; i <= n; i++ {
		p := ((seat+dir*i)%n + n) % n
		if !s.out[p] {
			return p
		}
	}
	return seat
}

func (s *State) alive() int {
	n := 0
	for seat := range s.cfg.Players {
		if !s.out[seat] {
			n++
		}
	}
	return n
}

func (s *State) clearGuess() {
	for i := range s.named {
		s.named[i] = NoCard
	}
	s.nNamed = 0
}

func (s *State) emit(e Event) { s.events = append(s.events, e) }
