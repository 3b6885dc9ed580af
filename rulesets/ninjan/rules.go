package ninjan

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Legal appends every legal action of seat now, in a fixed order: cards in
// deck order, piles left to right, throws rock, paper, scissors, random.
func (s *State) Legal(seat int, dst []Action) []Action {
	if seat < 0 || seat >= s.cfg.Players {
		return dst
	}
	switch s.phase {
	case PhasePlay:
		if s.played[seat] == (Card{}) {
			for h := s.hands[seat]; h != 0; h &= h - 1 {
				dst = append(dst, PlayCard(h.Nth(0)))
			}
		}
	case PhaseClaim, PhasePlace:
		if seat != int(s.order[s.next]) {
			return dst
		}
		beaten := s.beatenMask(s.played[seat].Suit)
		for p := range NumPiles {
			if s.phase == PhasePlace {
				dst = append(dst, PlaceOn(p))
			} else if beaten&(1<<p) != 0 {
				dst = append(dst, ClaimPile(p))
			}
		}
	case PhaseDecider:
		if s.owesThrow(seat) {
			for _, sym := range rulesets.Symbols {
				dst = append(dst, ThrowSymbol(sym))
			}
			dst = append(dst, ThrowSymbol(rulesets.NoSymbol))
		}
	}
	return dst
}

// Apply performs seat's action, or returns an error saying why it is not
// legal and leaves the state untouched.
func (s *State) Apply(seat int, a Action) error {
	if err := s.validate(seat, a); err != nil {
		return err
	}
	s.apply(seat, a)
	return nil
}

// validate reports why seat may not take a now, or nil.
func (s *State) validate(seat int, a Action) error {
	if seat < 0 || seat >= s.cfg.Players {
		return fmt.Errorf("ninjan: no seat %d in a %d-player game", seat, s.cfg.Players)
	}
	if s.phase == PhaseOver {
		return fmt.Errorf("ninjan: seat %d cannot %v: the game is over", seat, a)
	}
	if want := phaseAction[s.phase]; a.Kind != want {
		return fmt.Errorf("ninjan: seat %d cannot %v now: the game waits for a %v action (%v phase)", seat, a, want, s.phase)
	}
	switch s.phase {
	case PhasePlay:
		if s.played[seat] != (Card{}) {
			return fmt.Errorf("ninjan: seat %d has already chosen its card this round", seat)
		}
		if !s.hands[seat].Has(a.Card) {
			return fmt.Errorf("ninjan: seat %d cannot play %q: not in its hand", seat, a.Card.String())
		}
	case PhaseClaim, PhasePlace:
		if r := int(s.order[s.next]); seat != r {
			return fmt.Errorf("ninjan: seat %d cannot %v: seat %d's card is resolving", seat, a, r)
		}
		if a.Pile < 0 || a.Pile >= NumPiles {
			return fmt.Errorf("ninjan: no pile %d (piles are 0, 1 and 2)", a.Pile)
		}
		if s.phase == PhaseClaim && s.beatenMask(s.played[seat].Suit)&(1<<a.Pile) == 0 {
			return fmt.Errorf("ninjan: seat %d cannot claim pile %d: %v does not beat its top %v",
				seat, a.Pile, s.played[seat], s.piles[a.Pile].Top())
		}
	case PhaseDecider:
		if !s.owesThrow(seat) {
			return fmt.Errorf("ninjan: seat %d does not owe a throw in the decider", seat)
		}
		if a.Symbol != rulesets.NoSymbol && !a.Symbol.Valid() {
			return fmt.Errorf("ninjan: invalid throw %d", a.Symbol)
		}
	}
	return nil
}

// phaseAction is the kind of action each phase waits for.
var phaseAction = [...]ActionKind{PhasePlay: Play, PhaseClaim: Claim, PhasePlace: Place, PhaseDecider: Throw}

// apply performs a validated action.
func (s *State) apply(seat int, a Action) {
	switch a.Kind {
	case Play:
		s.hands[seat] = s.hands[seat].Without(a.Card)
		s.played[seat] = a.Card
		s.emit(Event{Kind: EventChosen, Audience: rulesets.Everyone, Seat: int8(seat)})
		if s.allPlayed() {
			s.reveal()
		}
	case Claim:
		s.claim(seat, int(a.Pile))
		s.next++
		s.resolve()
	case Place:
		s.place(seat, int(a.Pile))
		s.next++
		s.resolve()
	case Throw:
		s.throws[seat] = a.Symbol
		if a.Symbol == rulesets.NoSymbol {
			s.throws[seat] = randomThrow
		}
		s.emit(Event{Kind: EventThrown, Audience: rulesets.Everyone, Seat: int8(seat)})
		if s.allThrown() {
			s.settleThrows()
		}
	}
}

// randomThrow marks a throw the game's generator draws at the reveal. It is
// outside the symbol range so a stored throw is never mistaken for "none".
const randomThrow rulesets.Symbol = 255

func (s *State) allPlayed() bool {
	for seat := 0; seat < s.cfg.Players; seat++ {
		if s.played[seat] == (Card{}) {
			return false
		}
	}
	return true
}

// reveal turns the chosen cards over, fixes the resolution order and
// resolves until a seat must choose a pile.
func (s *State) reveal() {
	for seat := 0; seat < s.cfg.Players; seat++ {
		s.emit(Event{Kind: EventRevealed, Audience: rulesets.Everyone, Seat: int8(seat), Card: s.played[seat]})
	}
	s.orderN = int8(ResolutionOrder(s.played[:s.cfg.Players], s.order[:]))
	s.next = 0
	s.resolve()
}

// ResolutionOrder writes into order the seats of played (one card per
// seat) in the order their cards resolve, and returns how many it wrote.
// Higher values go first; two cards of one value go stronger suit first;
// three cards of one value go Rock, Scissors, Paper.
func ResolutionOrder(played []Card, order []int8) int {
	n := 0
	for seat, c := range played {
		if c == (Card{}) {
			continue
		}
		// Insertion sort: at most five cards.
		i := n
		for i > 0 && resolvesBefore(c, played[order[i-1]], played) {
			order[i] = order[i-1]
			i--
		}
		order[i] = int8(seat)
		n++
	}
	return n
}

// resolvesBefore reports whether a resolves before b among the cards of
// the round.
func resolvesBefore(a, b Card, round []Card) bool {
	if a.Value != b.Value {
		return a.Value > b.Value
	}
	same := 0
	for _, c := range round {
		if c.Value == a.Value && c != (Card{}) {
			same++
		}
	}
	if same >= 3 {
		return threeWayRank[a.Suit] < threeWayRank[b.Suit]
	}
	return a.Suit.Beats(b.Suit)
}

// threeWayRank orders three cards of one value: Rock, Scissors, Paper.
var threeWayRank = [4]int8{rulesets.Rock: 0, rulesets.Scissors: 1, rulesets.Paper: 2}

// beatenMask returns the piles (bit p for pile p) whose top suit beats.
func (s *State) beatenMask(suit rulesets.Symbol) uint8 { return beatenPiles(&s.piles, suit) }

// beatenPiles returns the piles (bit p) whose top suit beats: those
// topped by its victim (none for NoSymbol, which beats nothing).
func beatenPiles(piles *[NumPiles]Pile, suit rulesets.Symbol) uint8 {
	victim := suit.Victim()
	if victim == rulesets.NoSymbol {
		return 0
	}
	var m uint8
	for p := range piles {
		if piles[p].Top().Suit == victim {
			m |= 1 << p
		}
	}
	return m
}

// resolve resolves cards in order until one needs its owner's choice of
// pile, or the round ends.
func (s *State) resolve() {
	for s.next < s.orderN {
		seat := int(s.order[s.next])
		card := s.played[seat]
		s.emit(Event{Kind: EventResolving, Audience: rulesets.Everyone, Seat: int8(seat), Card: card, Order: s.next})
		switch m := s.beatenMask(card.Suit); {
		case m == 0:
			s.phase = PhasePlace
			return
		case m&(m-1) != 0:
			s.phase = PhaseClaim
			return
		default:
			s.claim(seat, onlyPile(m))
			s.next++
		}
	}
	s.endRound()
}

func onlyPile(m uint8) int {
	for p := range NumPiles {
		if m == 1<<p {
			return p
		}
	}
	panic("ninjan: onlyPile of a mask without exactly one pile")
}

// claim moves pile p into seat's score area and restarts it with seat's
// played card.
func (s *State) claim(seat, p int) {
	pile := &s.piles[p]
	got := pile.set()
	points := pile.Points()
	s.taken[seat] |= got
	s.points[seat] += int16(points)
	s.emit(Event{Kind: EventClaimed, Audience: rulesets.Everyone, Seat: int8(seat), Pile: int8(p),
		Card: s.played[seat], Count: int8(pile.n), Points: int16(points)})
	pile.reset(s.played[seat])
	s.played[seat] = Card{}
}

// place puts seat's played card on top of pile p.
func (s *State) place(seat, p int) {
	s.emit(Event{Kind: EventPlaced, Audience: rulesets.Everyone, Seat: int8(seat), Pile: int8(p), Card: s.played[seat]})
	s.piles[p].push(s.played[seat])
	s.played[seat] = Card{}
}

func (s *State) endRound() {
	s.round++
	s.order, s.next, s.orderN = [MaxPlayers]int8{}, 0, 0
	s.phase = PhasePlay
	s.emit(Event{Kind: EventRoundEnd, Audience: rulesets.Everyone, Seat: -1, Round: s.round})
	if s.round < Rounds {
		s.emit(Event{Kind: EventRoundStart, Audience: rulesets.Everyone, Seat: -1, Round: s.round + 1})
		return
	}
	s.endGame()
}

// endGame scores the game and starts the decider if the top is tied.
func (s *State) endGame() {
	top := s.topScorers()
	if top&(top-1) == 0 || s.cfg.TieBreak == Shared {
		s.finish(top)
		return
	}
	s.phase = PhaseDecider
	s.contenders = top
	s.emit(Event{Kind: EventDeciderStart, Audience: rulesets.Everyone, Seat: -1, Seats: top})
}

func (s *State) finish(winners uint8) {
	s.phase = PhaseOver
	s.winners = winners
	s.contenders = 0
	s.emit(Event{Kind: EventGameOver, Audience: rulesets.Everyone, Seat: -1, Seats: winners})
}

func (s *State) allThrown() bool {
	for seat := 0; seat < s.cfg.Players; seat++ {
		if s.owesThrow(seat) {
			return false
		}
	}
	return true
}

// settleThrows draws the random throws (in seat order, so the order the
// throws arrived in never matters), reveals them and knocks out the seats
// whose symbol lost. When all three symbols or only one appear, nobody is
// out and the contenders throw again.
func (s *State) settleThrows() {
	var shown [4]bool
	for seat := 0; seat < s.cfg.Players; seat++ {
		if s.contenders&(1<<seat) == 0 {
			continue
		}
		if s.throws[seat] == randomThrow {
			s.throws[seat] = rulesets.Symbols[s.rng.IntN(3)]
		}
		shown[s.throws[seat]] = true
		s.emit(Event{Kind: EventThrowRevealed, Audience: rulesets.Everyone, Seat: int8(seat), Symbol: s.throws[seat]})
	}
	kinds, loser := 0, rulesets.NoSymbol
	for _, sym := range rulesets.Symbols {
		if shown[sym] {
			kinds++
			if shown[sym.Beater()] {
				loser = sym
			}
		}
	}
	if kinds == 2 {
		for seat := 0; seat < s.cfg.Players; seat++ {
			if s.contenders&(1<<seat) != 0 && s.throws[seat] == loser {
				s.contenders &^= 1 << seat
				s.emit(Event{Kind: EventKnockedOut, Audience: rulesets.Everyone, Seat: int8(seat)})
			}
		}
	}
	s.throws = [MaxPlayers]rulesets.Symbol{}
	if s.contenders&(s.contenders-1) == 0 {
		s.finish(s.contenders)
		return
	}
	s.emit(Event{Kind: EventDeciderStart, Audience: rulesets.Everyone, Seat: -1, Seats: s.contenders})
}
