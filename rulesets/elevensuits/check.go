package elevensuits

import (
	"errors"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Hash returns a stable hash of the whole state, event buffer excepted.
func (s *State) Hash() uint64 {
	var h rulesets.Hasher
	c := s.cfg
	for _, v := range [...]int{c.Players, c.Suits, c.TurnLimit, int(s.phase), int(s.ending), int(s.turn),
		int(s.attacker), int(s.target), int(s.dir), int(s.fresh), int(s.attack), int(s.contenders),
		int(s.nNamed), int(s.winners)} {
		h.Int(v)
	}
	for _, b := range [...]bool{c.OpenCasket, c.TwoPiece, c.Advanced} {
		h.Bool(b)
	}
	for p := range MaxPlayers {
		h.Bool(s.out[p])
		h.Byte(byte(s.throws[p]))
		hashPile(&h, &s.hands[p])
		hashPile(&h, &s.graves[p])
	}
	hashPile(&h, &s.deck)
	hashPile(&h, &s.removed)
	for _, k := range s.known {
		h.Int(int(k))
	}
	for _, n := range s.named {
		h.Byte(byte(n))
	}
	h.Rand(s.rng)
	return h.Sum()
}

func hashPile(h *rulesets.Hasher, p *pile) {
	h.Byte(byte(p.n))
	for _, c := range p.cards() {
		h.Byte(byte(c))
	}
}

// Check verifies the invariants: every card of the suits in play is in
// exactly one place, counts are in range, who knows what is consistent
// with where the cards lie, and the game is over exactly when it should
// be. It describes the first violation.
func (s *State) Check() error {
	for _, check := range [...]func() error{s.checkConfig, s.checkCards, s.checkSeats, s.checkKnown, s.checkPhase, s.checkEnd} {
		if err := check(); err != nil {
			return fmt.Errorf("elevensuits: invalid position: %w", err)
		}
	}
	return nil
}

func (s *State) checkConfig() error {
	n, err := s.cfg.normalize()
	if err != nil {
		return err
	}
	if n != s.cfg {
		return fmt.Errorf("config %+v is not normalised", s.cfg)
	}
	if s.dir != 1 && s.dir != -1 {
		return fmt.Errorf("direction %d: want 1 or -1", s.dir)
	}
	if s.turn < 0 {
		return fmt.Errorf("turn %d is negative", s.turn)
	}
	return nil
}

// checkCards verifies that each card in play lies in exactly one place.
func (s *State) checkCards() error {
	var seen [NumCards]int
	piles := []*pile{&s.deck, &s.removed}
	for p := range MaxPlayers {
		if p >= s.cfg.Players && (s.hands[p].n != 0 || s.graves[p].n != 0) {
			return fmt.Errorf("seat %d holds cards in a %d-player game", p, s.cfg.Players)
		}
		piles = append(piles, &s.hands[p], &s.graves[p])
	}
	for _, p := range piles {
		if p.n < 0 || int(p.n) > NumCards {
			return fmt.Errorf("a pile holds %d cards", p.n)
		}
		for _, c := range p.cards() {
			if !c.Valid() {
				return fmt.Errorf("invalid card %d", c)
			}
			seen[c]++
		}
	}
	if s.attack != NoCard {
		if !s.attack.Valid() {
			return fmt.Errorf("invalid attacking card %d", s.attack)
		}
		seen[s.attack]++
	}
	for c := range Card(NumCards) {
		want := 0
		if c.Suit() < s.cfg.Suits {
			want = 1
		}
		if seen[c] != want {
			return fmt.Errorf("card %v appears %d times, want %d", c, seen[c], want)
		}
	}
	if !s.cfg.TwoPiece && s.removed.n != 0 {
		return errors.New("removed cards without 2-Piece Suit")
	}
	if s.cfg.TwoPiece {
		if s.removed.len() != s.cfg.Suits {
			return fmt.Errorf("2-Piece Suit removes one card of each suit: %d removed", s.removed.n)
		}
		for i, c := range s.removed.cards() {
			if c.Suit() != i {
				return fmt.Errorf("removed card %d is %v: want one card of each suit in suit order", i, c)
			}
		}
	}
	return nil
}

func (s *State) checkSeats() error {
	for p := range s.cfg.Players {
		h, g := s.hands[p].len(), s.graves[p].len()
		switch {
		case s.out[p] && h+g > 0:
			return fmt.Errorf("seat %d is out but holds %d cards", p, h+g)
		case s.out[p]:
		case h > HandSize:
			return fmt.Errorf("seat %d holds %d cards, more than %d", p, h, HandSize)
		case g > GraveLimit || g == GraveLimit && s.ending != EndGraveyard:
			return fmt.Errorf("seat %d has %d graveyard cards and is still in", p, g)
		case h == 0 && s.phase != PhaseOver && s.phase != PhaseOpening && !(s.phase == PhaseDefend && p == int(s.attacker)):
			return fmt.Errorf("seat %d is still in with an empty hand", p)
		case h < HandSize && s.phase == PhaseAttack && s.deck.len() > 0:
			return fmt.Errorf("seat %d holds %d cards at the start of a turn with the deck not empty", p, h)
		}
	}
	for p := s.cfg.Players; p < MaxPlayers; p++ {
		if s.out[p] || s.throws[p] != rulesets.NoSymbol {
			return fmt.Errorf("seat %d is marked in a %d-player game", p, s.cfg.Players)
		}
	}
	return nil
}

// checkKnown verifies who knows what: owners know their hands, every
// graveyard card was revealed, and the fresh top of the deck was never seen.
func (s *State) checkKnown() error {
	all := s.allSeats()
	for c, k := range s.known {
		if k != rulesets.Everyone && k&^all != 0 {
			return fmt.Errorf("card %v is known by seats outside the game (%b)", Card(c), k)
		}
	}
	for p := range s.cfg.Players {
		for _, c := range s.hands[p].cards() {
			if !s.known[c].Sees(p) {
				return fmt.Errorf("seat %d holds %v without knowing it", p, c)
			}
		}
		for _, c := range s.graves[p].cards() {
			if s.known[c] != rulesets.Everyone {
				return fmt.Errorf("graveyard card %v was never revealed", c)
			}
		}
	}
	if s.fresh < 0 || s.fresh > s.deck.n {
		return fmt.Errorf("%d fresh cards in a deck of %d", s.fresh, s.deck.n)
	}
	for _, c := range s.deck.cards()[:s.fresh] {
		if s.known[c] != 0 {
			return fmt.Errorf("fresh deck card %v is known", c)
		}
	}
	for _, c := range s.removed.cards() {
		if s.known[c] != 0 {
			return fmt.Errorf("removed card %v is known", c)
		}
	}
	if s.attack != NoCard && !s.known[s.attack].Sees(int(s.attacker)) {
		return errors.New("the attacker does not know its own card")
	}
	return nil
}

func (s *State) seatIn(p int8) bool { return p >= 0 && int(p) < s.cfg.Players && !s.out[p] }

func (s *State) checkPhase() error {
	if s.phase > PhaseOver {
		return fmt.Errorf("unknown phase %d", s.phase)
	}
	if (s.phase == PhaseOpening) != (s.contenders != 0) {
		return errors.New("contenders outside the opening, or none in it")
	}
	if s.phase != PhaseOpening && s.throws != [MaxPlayers]rulesets.Symbol{} {
		return errors.New("throws outside the opening")
	}
	if (s.attack != NoCard) != (s.phase == PhaseDefend) {
		return fmt.Errorf("attacking card %v in phase %v", s.attack, s.phase)
	}
	if (s.phase == PhaseNaming || s.phase == PhasePenalty) && !s.cfg.Advanced {
		return errors.New("a guess without the advanced rules")
	}
	switch s.phase {
	case PhaseOpening:
		return s.checkOpening()
	case PhaseAttack:
		if !s.seatIn(s.attacker) || s.target != -1 {
			return fmt.Errorf("attack phase with attacker %d and target %d", s.attacker, s.target)
		}
	case PhaseDefend:
		if !s.seatIn(s.attacker) || int(s.target) != s.next(int(s.attacker), int(s.dir)) {
			return fmt.Errorf("seat %d defends seat %d's attack, not the next player", s.target, s.attacker)
		}
	case PhaseNaming, PhasePenalty:
		if !s.seatIn(s.attacker) || !s.seatIn(s.target) || s.attacker == s.target {
			return fmt.Errorf("guess by seat %d against seat %d", s.attacker, s.target)
		}
	}
	named := s.nNamed >= 0 && s.nNamed <= GuessSize
	switch s.phase {
	case PhaseNaming:
		named = named && s.nNamed < GuessSize
	case PhasePenalty:
		named = s.nNamed == GuessSize
	default:
		named = s.nNamed == 0
	}
	if !named {
		return fmt.Errorf("%d cards named in phase %v", s.nNamed, s.phase)
	}
	for i, c := range s.named {
		switch {
		case i >= int(s.nNamed) && c != NoCard:
			return errors.New("named cards beyond the count")
		case i < int(s.nNamed) && (!c.Valid() || c.Suit() >= s.cfg.Suits):
			return fmt.Errorf("named card %v is not in play", c)
		}
		for _, d := range s.named[:i] {
			if c != NoCard && c == d {
				return fmt.Errorf("%v named twice", c)
			}
		}
	}
	return nil
}

func (s *State) checkOpening() error {
	if s.contenders&^s.allSeats() != 0 || s.contenderCount() < 2 {
		return errors.New("the opening needs two or more contenders among the seats")
	}
	waiting := false
	for p := range s.cfg.Players {
		in := s.contenders.Sees(p)
		switch {
		case s.out[p]:
			return fmt.Errorf("seat %d is out before the first turn", p)
		case !in && s.throws[p] != rulesets.NoSymbol:
			return fmt.Errorf("seat %d threw without contending", p)
		case in && s.throws[p] == rulesets.NoSymbol:
			waiting = true
		case in && !s.throws[p].Valid():
			return fmt.Errorf("seat %d threw %v", p, s.throws[p])
		}
	}
	if !waiting {
		return errors.New("every contender has thrown but the round is unresolved")
	}
	if s.turn != 0 || s.nNamed != 0 || s.attacker != 0 && s.attacker != -1 {
		return errors.New("turn state during the opening")
	}
	return nil
}

// checkEnd verifies that the game is over exactly when it should be.
func (s *State) checkEnd() error {
	alive := s.alive()
	if s.phase != PhaseOver {
		switch {
		case s.winners != 0 || s.ending != EndNone:
			return errors.New("winners or an ending while the game goes on")
		case alive < 2:
			return fmt.Errorf("the game goes on with %d players", alive)
		case int(s.turn) > s.cfg.TurnLimit || int(s.turn) == s.cfg.TurnLimit && s.phase == PhaseAttack:
			return fmt.Errorf("turn %d passes the limit %d", s.turn, s.cfg.TurnLimit)
		}
		return nil
	}
	if s.winners == 0 || s.winners&^s.allSeats() != 0 {
		return errors.New("the game is over without winners")
	}
	for p := range s.cfg.Players {
		if s.winners.Sees(p) && s.out[p] {
			return fmt.Errorf("seat %d won while out", p)
		}
	}
	two := s.cfg.Players == 2
	losers := 0
	for p := range s.cfg.Players {
		if s.graves[p].len() == GraveLimit {
			losers++
			if s.winners.Sees(p) {
				return fmt.Errorf("seat %d won with a full graveyard", p)
			}
		}
	}
	var ok bool
	switch s.ending {
	case EndGraveyard:
		ok = two && losers == 1
	case EndLastOne:
		ok = !two && alive == 1
	case EndGuess:
		ok = two && losers == 0 && s.cfg.Advanced
	case EndTurnLimit:
		ok = int(s.turn) >= s.cfg.TurnLimit && losers == 0
	}
	if !ok {
		return fmt.Errorf("the game ended by %v in a position that does not end that way", s.ending)
	}
	if s.ending != EndGraveyard && losers > 0 {
		return errors.New("a full graveyard left in play")
	}
	if s.ending != EndTurnLimit && s.ending != EndGraveyard && s.winners&(s.winners-1) != 0 {
		return errors.New("several winners")
	}
	return nil
}
