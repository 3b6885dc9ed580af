package ninjan

import (
	"errors"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// The fixed sizes of the game.
const (
	MinPlayers = 2
	MaxPlayers = 5
	Rounds     = 9 // rounds in a game, and cards dealt to each player
	NumPiles   = 3
)

// TieBreak says how a tie for the highest total is settled.
type TieBreak uint8

const (
	// Decider (the default, [H]) has the tied seats play rock-paper-scissors
	// until one wins.
	Decider TieBreak = iota
	// Shared ends the game with every tied seat a winner.
	Shared
)

var tieBreakNames = [...]string{"decider", "shared"}

// String returns "decider" or "shared".
func (t TieBreak) String() string { return rulesets.EnumName(tieBreakNames[:], t, "tiebreak") }

// MarshalText writes the name.
func (t TieBreak) MarshalText() ([]byte, error) {
	if int(t) >= len(tieBreakNames) {
		return nil, fmt.Errorf("ninjan: invalid tie break %d", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads "decider" or "shared".
func (t *TieBreak) UnmarshalText(b []byte) error {
	v, ok := rulesets.ParseEnum[TieBreak](tieBreakNames[:], string(b))
	if !ok {
		return fmt.Errorf("ninjan: tie break %q: want \"decider\" or \"shared\"", b)
	}
	*t = v
	return nil
}

// Config holds the settings of a game. The zero Config (with Players set)
// is the standard game.
type Config struct {
	Players  int      `json:"players"`
	TieBreak TieBreak `json:"tieBreak"`
}

// Validate reports a setting out of range.
func (c Config) Validate() error {
	if c.Players < MinPlayers || c.Players > MaxPlayers {
		return fmt.Errorf("ninjan: %d players: Ninjan is for %d to %d", c.Players, MinPlayers, MaxPlayers)
	}
	if c.TieBreak > Shared {
		return fmt.Errorf("ninjan: invalid tie break %d", c.TieBreak)
	}
	return nil
}

// Phase is what the game waits for.
type Phase uint8

const (
	// PhasePlay: every seat that has not yet chosen picks a card, in secret.
	PhasePlay Phase = iota
	// PhaseClaim: the resolving card beats several pile tops; its owner
	// names the pile to claim.
	PhaseClaim
	// PhasePlace: the resolving card beats no top; its owner names the pile
	// to put it on.
	PhasePlace
	// PhaseDecider: seats tied for the win throw rock, paper or scissors.
	PhaseDecider
	// PhaseOver: the game has ended.
	PhaseOver
)

var phaseNames = [...]string{"play", "claim", "place", "decider", "over"}

// String returns the phase's name as in the JSON form.
func (p Phase) String() string { return rulesets.EnumName(phaseNames[:], p, "phase") }

// MarshalText writes the name.
func (p Phase) MarshalText() ([]byte, error) {
	if int(p) >= len(phaseNames) {
		return nil, fmt.Errorf("ninjan: invalid phase %d", uint8(p))
	}
	return []byte(p.String()), nil
}

// UnmarshalText reads a phase name.
func (p *Phase) UnmarshalText(b []byte) error {
	v, ok := rulesets.ParseEnum[Phase](phaseNames[:], string(b))
	if !ok {
		return fmt.Errorf("ninjan: phase %q: want one of %v", b, phaseNames)
	}
	*p = v
	return nil
}

// Pile is one of the three piles in the centre, bottom card first. It never
// empties: claiming it restarts it with the claiming card.
type Pile struct {
	cards  [NumCards]Card
	n      uint8
	points int16 // the sum of the values, kept as cards come and go
}

// Len returns the number of cards in the pile.
func (p *Pile) Len() int { return int(p.n) }

// Top returns the top card (the zero Card for an empty pile, which only a
// position being built can have).
func (p *Pile) Top() Card {
	if p.n == 0 {
		return Card{}
	}
	return p.cards[p.n-1]
}

// Cards returns the pile, bottom first. The slice aliases the pile.
func (p *Pile) Cards() []Card { return p.cards[:p.n] }

// Points returns the sum of the pile's values: what claiming it scores.
func (p *Pile) Points() int { return int(p.points) }

func (p *Pile) push(c Card) {
	p.cards[p.n] = c
	p.n++
	p.points += int16(c.Value)
}

// reset restarts the pile with c. The cards above it are cleared so that
// two piles holding the same cards are equal values (views compare so).
func (p *Pile) reset(c Card) {
	if p.n > 1 {
		clear(p.cards[1:p.n])
	}
	p.cards[0] = c
	p.n = 1
	p.points = int16(c.Value)
}

// set returns the pile's cards as a set.
func (p *Pile) set() CardSet {
	var s CardSet
	for _, c := range p.cards[:p.n] {
		s = s.With(c)
	}
	return s
}

// State is a whole game of Ninjan. Its fields hold no pointers except the
// event list, so copying a State whose events are nil (as bots do) is a
// complete, allocation-free clone.
//
// A State is not safe for concurrent use.
type State struct {
	cfg   Config
	rng   rulesets.Rand
	round int8 // rounds completed; the current round is round+1
	phase Phase

	hands  [MaxPlayers]CardSet
	played [MaxPlayers]Card // chosen this round and not yet resolved
	piles  [NumPiles]Pile
	taken  [MaxPlayers]CardSet // score areas
	points [MaxPlayers]int16   // kept equal to taken[s].Points()
	box    CardSet             // the cards never dealt

	// Resolution of the current round: seats in order, and the index of the
	// card resolving now (valid in PhaseClaim and PhasePlace).
	order  [MaxPlayers]int8
	next   int8
	orderN int8

	// The decider: seats still in it, and their throws so far (NoSymbol for
	// none yet, randomThrow for one the game's generator will draw).
	contenders uint8
	throws     [MaxPlayers]rulesets.Symbol
	winners    uint8

	quiet  bool // no events (bot playouts)
	events []Event
}

// New starts a game with cfg and seed: it shuffles, lays the three starting
// cards and deals nine cards to each seat.
func New(cfg Config, seed uint64) (*State, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	s := &State{cfg: cfg, rng: rulesets.NewRand(seed)}
	var deck [NumCards]Card
	for i := range deck {
		deck[i] = CardAt(i)
	}
	s.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	k := 0
	for p := range s.piles {
		s.piles[p].reset(deck[k])
		k++
	}
	for seat := 0; seat < cfg.Players; seat++ {
		for range Rounds {
			s.hands[seat] = s.hands[seat].With(deck[k])
			k++
		}
	}
	for ; k < NumCards; k++ {
		s.box = s.box.With(deck[k])
	}
	for p := range s.piles {
		s.emit(Event{Kind: EventPileStart, Audience: rulesets.Everyone, Seat: -1, Pile: int8(p), Card: s.piles[p].Top()})
	}
	for seat := 0; seat < cfg.Players; seat++ {
		s.emit(Event{Kind: EventDeal, Audience: rulesets.Only(seat), Seat: int8(seat), Hand: s.hands[seat]})
	}
	s.emit(Event{Kind: EventRoundStart, Audience: rulesets.Everyone, Seat: -1, Round: 1})
	return s, nil
}

// Clone returns an independent deep copy.
func (s *State) Clone() *State {
	c := *s
	c.events = append([]Event(nil), s.events...)
	return &c
}

// Config returns the game's settings.
func (s *State) Config() Config { return s.cfg }

// Seats returns the number of players.
func (s *State) Seats() int { return s.cfg.Players }

// Round returns the current round, 1..9 (9 once the game is over).
func (s *State) Round() int { return min(int(s.round)+1, Rounds) }

// Phase returns what the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == PhaseOver }

// Resolving returns the seat whose card resolves now, or -1 outside the
// claim and place phases.
func (s *State) Resolving() int {
	if s.phase != PhaseClaim && s.phase != PhasePlace {
		return -1
	}
	return int(s.order[s.next])
}

// ToAct appends the seats that owe an action now.
func (s *State) ToAct(dst []int) []int {
	switch s.phase {
	case PhasePlay:
		for seat := 0; seat < s.cfg.Players; seat++ {
			if s.played[seat] == (Card{}) {
				dst = append(dst, seat)
			}
		}
	case PhaseClaim, PhasePlace:
		dst = append(dst, int(s.order[s.next]))
	case PhaseDecider:
		for seat := 0; seat < s.cfg.Players; seat++ {
			if s.owesThrow(seat) {
				dst = append(dst, seat)
			}
		}
	}
	return dst
}

func (s *State) owesThrow(seat int) bool {
	return s.contenders&(1<<seat) != 0 && s.throws[seat] == rulesets.NoSymbol
}

// Winners appends the winning seats once the game is over.
func (s *State) Winners(dst []int) []int {
	if s.phase != PhaseOver {
		return dst
	}
	for seat := 0; seat < s.cfg.Players; seat++ {
		if s.winners&(1<<seat) != 0 {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Scores appends each seat's points so far.
func (s *State) Scores(dst []int) []int {
	for seat := 0; seat < s.cfg.Players; seat++ {
		dst = append(dst, int(s.points[seat]))
	}
	return dst
}

// Hand returns seat's hand. It is hidden information: scenes and bots use
// View.
func (s *State) Hand(seat int) CardSet { return s.hands[seat] }

// Pile returns pile p (0..2).
func (s *State) Pile(p int) *Pile { return &s.piles[p] }

// Events returns the events since the last ClearEvents, oldest first.
func (s *State) Events() []Event { return s.events }

// ClearEvents forgets the recorded events, keeping the slice for reuse.
func (s *State) ClearEvents() { s.events = s.events[:0] }

func (s *State) emit(e Event) {
	if !s.quiet {
		s.events = append(s.events, e)
	}
}

// Hash returns a stable hash of the whole state, events excluded.
func (s *State) Hash() uint64 {
	var h rulesets.Hasher
	h.Int(s.cfg.Players)
	h.Byte(byte(s.cfg.TieBreak))
	h.Rand(s.rng)
	h.Byte(byte(s.round))
	h.Byte(byte(s.phase))
	for seat := range MaxPlayers {
		h.Uint64(uint64(s.hands[seat]))
		h.Uint64(uint64(s.taken[seat]))
		h.Byte(byte(s.played[seat].Value))
		h.Byte(byte(s.played[seat].Suit))
		h.Byte(byte(s.order[seat]))
		h.Byte(byte(s.throws[seat]))
	}
	for p := range s.piles {
		h.Byte(s.piles[p].n)
		for _, c := range s.piles[p].Cards() {
			h.Byte(byte(c.Value))
			h.Byte(byte(c.Suit))
		}
	}
	h.Uint64(uint64(s.box))
	h.Byte(byte(s.next))
	h.Byte(byte(s.orderN))
	h.Byte(s.contenders)
	h.Byte(s.winners)
	return h.Sum()
}

// Check verifies the invariants: every card in exactly one place, hand
// sizes matching the round, scores matching the score areas, the phase
// consistent with the rest, and the game over exactly after the ninth
// round (and its decider).
func (s *State) Check() error {
	if err := s.cfg.Validate(); err != nil {
		return err
	}
	if err := s.checkCards(); err != nil {
		return err
	}
	if s.round < 0 || s.round > Rounds {
		return fmt.Errorf("ninjan: round %d out of range", s.round)
	}
	finished := s.round == Rounds
	if finished != (s.phase == PhaseDecider || s.phase == PhaseOver) {
		return fmt.Errorf("ninjan: phase %v after %d rounds", s.phase, s.round)
	}
	for seat := range MaxPlayers {
		if int(s.points[seat]) != s.taken[seat].Points() {
			return fmt.Errorf("ninjan: seat %d has %d points but its cards sum to %d", seat, s.points[seat], s.taken[seat].Points())
		}
		if seat >= s.cfg.Players {
			if s.hands[seat]|s.taken[seat] != 0 || s.played[seat] != (Card{}) || s.throws[seat] != 0 {
				return fmt.Errorf("ninjan: seat %d does not play but holds cards", seat)
			}
			continue
		}
		want := Rounds - int(s.round)
		if s.played[seat] != (Card{}) || (s.phase != PhasePlay && !finished) {
			want--
		}
		if n := s.hands[seat].Len(); n != want {
			return fmt.Errorf("ninjan: seat %d holds %d cards in round %d (%v), want %d", seat, n, s.round+1, s.phase, want)
		}
	}
	if want := NumCards - NumPiles - Rounds*s.cfg.Players; s.box.Len() != want {
		return fmt.Errorf("ninjan: %d cards in the box (never dealt), want %d", s.box.Len(), want)
	}
	switch s.phase {
	case PhaseClaim, PhasePlace:
		return s.checkResolution()
	case PhaseDecider, PhaseOver:
		return s.checkEnd()
	}
	if s.winners != 0 || s.contenders != 0 || s.throws != [MaxPlayers]rulesets.Symbol{} {
		return errors.New("ninjan: winners, contenders or throws before the end")
	}
	if s.allPlayed() {
		return errors.New("ninjan: every seat has chosen but the cards are not revealed")
	}
	return nil
}

func (s *State) checkCards() error {
	var seen CardSet
	add := func(set CardSet, where string) error {
		if dup := seen & set; dup != 0 {
			return fmt.Errorf("ninjan: card %v is in two places (again in %s)", dup.Nth(0), where)
		}
		seen |= set
		return nil
	}
	for seat := range MaxPlayers {
		if err := add(s.hands[seat], fmt.Sprintf("seat %d's hand", seat)); err != nil {
			return err
		}
		if err := add(s.taken[seat], fmt.Sprintf("seat %d's score area", seat)); err != nil {
			return err
		}
		if c := s.played[seat]; c != (Card{}) {
			if !c.Valid() {
				return fmt.Errorf("ninjan: seat %d played an invalid card", seat)
			}
			if err := add(CardSet(0).With(c), fmt.Sprintf("seat %d's played card", seat)); err != nil {
				return err
			}
		}
	}
	for p := range s.piles {
		if s.piles[p].n == 0 {
			return fmt.Errorf("ninjan: pile %d is empty", p)
		}
		sum := 0
		for _, c := range s.piles[p].Cards() {
			sum += int(c.Value)
		}
		if sum != s.piles[p].Points() {
			return fmt.Errorf("ninjan: pile %d counts %d points but its cards sum to %d", p, s.piles[p].Points(), sum)
		}
		for _, c := range s.piles[p].Cards() {
			if !c.Valid() {
				return fmt.Errorf("ninjan: invalid card in pile %d", p)
			}
			if err := add(CardSet(0).With(c), fmt.Sprintf("pile %d", p)); err != nil {
				return err
			}
		}
	}
	if err := add(s.box, "the box"); err != nil {
		return err
	}
	if seen != AllCards {
		return fmt.Errorf("ninjan: card %v is missing", (AllCards &^ seen).Nth(0))
	}
	return nil
}

func (s *State) checkResolution() error {
	if s.orderN < 1 || int(s.orderN) > s.cfg.Players || s.next < 0 || s.next >= s.orderN {
		return fmt.Errorf("ninjan: resolution index %d of %d", s.next, s.orderN)
	}
	var inOrder uint8
	for i := range int(s.orderN) {
		seat := int(s.order[i])
		if seat < 0 || seat >= s.cfg.Players || inOrder&(1<<seat) != 0 {
			return fmt.Errorf("ninjan: bad resolution order %v", s.order[:s.orderN])
		}
		inOrder |= 1 << seat
		if unresolved := i >= int(s.next); unresolved != (s.played[seat] != Card{}) {
			return fmt.Errorf("ninjan: seat %d's card resolved out of order", seat)
		}
	}
	if int(s.orderN) != s.cfg.Players {
		return fmt.Errorf("ninjan: %d cards in the resolution order, want %d", s.orderN, s.cfg.Players)
	}
	seat := int(s.order[s.next])
	n := s.beatenMask(s.played[seat].Suit)
	if s.phase == PhaseClaim && popcount3(n) < 2 || s.phase == PhasePlace && n != 0 {
		return fmt.Errorf("ninjan: %v phase but seat %d's card beats piles %03b", s.phase, seat, n)
	}
	return nil
}

func (s *State) checkEnd() error {
	for seat := range MaxPlayers {
		if s.played[seat] != (Card{}) {
			return fmt.Errorf("ninjan: seat %d still has a played card after the last round", seat)
		}
	}
	top := s.topScorers()
	if s.phase == PhaseOver {
		ok := s.winners != 0 && s.winners&^top == 0
		if s.cfg.TieBreak == Shared || top&(top-1) == 0 {
			ok = s.winners == top
		} else if s.winners&(s.winners-1) != 0 {
			ok = false
		}
		if !ok || s.contenders != 0 {
			return fmt.Errorf("ninjan: game over with winners %05b but the top scorers are %05b", s.winners, top)
		}
		return nil
	}
	if popcount3(s.contenders) < 2 || s.contenders&^top != 0 || s.winners != 0 || s.cfg.TieBreak == Shared {
		return fmt.Errorf("ninjan: decider with contenders %05b but the top scorers are %05b", s.contenders, top)
	}
	for seat := range MaxPlayers {
		if t := s.throws[seat]; t != rulesets.NoSymbol && (s.contenders&(1<<seat) == 0 || !t.Valid() && t != randomThrow) {
			return fmt.Errorf("ninjan: seat %d has an unexpected throw", seat)
		}
	}
	return nil
}

// topScorers returns the seats with the highest points.
func (s *State) topScorers() uint8 {
	best := int16(-1 << 14)
	var top uint8
	for seat := 0; seat < s.cfg.Players; seat++ {
		switch p := s.points[seat]; {
		case p > best:
			best, top = p, 1<<seat
		case p == best:
			top |= 1 << seat
		}
	}
	return top
}

func popcount3(m uint8) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
