package elevensuits

import (
	"errors"
	"fmt"
	"slices"

	"github.com/jankenarcade/janken/rulesets"
)

// ErrGameOver is returned by Apply once the game has ended.
var ErrGameOver = errors.New("elevensuits: the game is over")

// Legal appends every legal action of seat now.
func (s *State) Legal(seat int, dst []Action) []Action {
	if seat < 0 || seat >= s.cfg.Players {
		return dst
	}
	switch s.phase {
	case PhaseOpening:
		if s.contenders.Sees(seat) && s.throws[seat] == rulesets.NoSymbol {
			dst = appendThrows(dst)
		}
	case PhaseAttack:
		if seat != int(s.attacker) {
			return dst
		}
		for _, c := range s.hands[seat].cards() {
			dst = append(dst, AttackAction(c))
		}
		if s.cfg.Advanced {
			dst = appendGuesses(dst, seat, s.cfg.Players, &s.out)
		}
	case PhaseDefend:
		if seat == int(s.target) {
			for _, c := range s.hands[seat].cards() {
				dst = append(dst, DefendAction(c))
			}
		}
	case PhaseNaming:
		if seat == int(s.attacker) {
			dst = appendNames(dst, s.cfg, s.named[:s.nNamed])
		}
	case PhasePenalty:
		if seat == int(s.target) {
			dst = appendPeeks(dst, s.hands[s.attacker].len())
		}
	}
	return dst
}

// appendThrows appends the three throws of the opening.
func appendThrows(dst []Action) []Action {
	for _, sym := range rulesets.Symbols {
		dst = append(dst, ThrowAction(sym))
	}
	return dst
}

// appendGuesses appends seat's guesses against every other player still
// in.
func appendGuesses(dst []Action, seat, players int, out *[MaxPlayers]bool) []Action {
	for t := range players {
		if t != seat && !out[t] {
			dst = append(dst, GuessAction(t))
		}
	}
	return dst
}

// appendNames appends the names of every card in play not yet named.
func appendNames(dst []Action, cfg Config, named []Card) []Action {
	for c := Card(0); int(c) < cfg.cardsInPlay(); c++ {
		if !slices.Contains(named, c) {
			dst = append(dst, NameAction(c))
		}
	}
	return dst
}

// appendPeeks appends a peek at each of the guesser's n cards.
func appendPeeks(dst []Action, n int) []Action {
	for i := range n {
		dst = append(dst, PeekAction(i))
	}
	return dst
}

func (s *State) isNamed(c Card) bool { return slices.Contains(s.named[:s.nNamed], c) }

// Apply performs seat's action, or returns an error saying why it is
// illegal and leaves the state untouched.
func (s *State) Apply(seat int, a Action) error {
	if err := s.validate(seat, a); err != nil {
		return err
	}
	switch a.Kind {
	case Throw:
		s.throw(seat, a.Symbol)
	case Attack:
		s.doAttack(seat, a.Card)
	case Defend:
		s.doDefend(a.Card)
	case Guess:
		s.beginGuess(seat, int(a.Target))
	case Name:
		s.name(a.Card)
	case Peek:
		s.peek(int(a.Slot))
	}
	return nil
}

// phaseAction is the only kind of action each phase accepts (0: several).
var phaseAction = [...]ActionKind{PhaseOpening: Throw, PhaseDefend: Defend, PhaseNaming: Name, PhasePenalty: Peek, PhaseOver: 0}

// validate says why seat may not play a now, or returns nil.
func (s *State) validate(seat int, a Action) error {
	if s.phase == PhaseOver {
		return ErrGameOver
	}
	if seat < 0 || seat >= s.cfg.Players {
		return fmt.Errorf("elevensuits: no seat %d in a %d-player game", seat, s.cfg.Players)
	}
	if k := phaseAction[s.phase]; k != 0 && a.Kind != k {
		return fmt.Errorf("elevensuits: %v is not allowed now: the game waits for %v", a, k)
	}
	switch s.phase {
	case PhaseOpening:
		if !s.contenders.Sees(seat) || s.throws[seat] != rulesets.NoSymbol {
			return fmt.Errorf("elevensuits: seat %d does not throw now", seat)
		}
		if !a.Symbol.Valid() {
			return fmt.Errorf("elevensuits: throw %v: want rock, paper or scissors", a.Symbol)
		}
	case PhaseAttack:
		if seat != int(s.attacker) {
			return fmt.Errorf("elevensuits: seat %d may not act: it is seat %d's turn to attack", seat, s.attacker)
		}
		switch a.Kind {
		case Attack:
			if !s.hands[seat].has(a.Card) {
				return fmt.Errorf("elevensuits: seat %d cannot attack with %v: not in its hand", seat, a.Card)
			}
		case Guess:
			t := int(a.Target)
			switch {
			case !s.cfg.Advanced:
				return errors.New("elevensuits: guessing to win needs the advanced rules")
			case t == seat || t < 0 || t >= s.cfg.Players || s.out[t]:
				return fmt.Errorf("elevensuits: seat %d cannot guess against seat %d", seat, t)
			}
		default:
			return fmt.Errorf("elevensuits: %v is not allowed now: seat %d must attack or guess", a, seat)
		}
	case PhaseDefend:
		if seat != int(s.target) {
			return fmt.Errorf("elevensuits: seat %d may not act: seat %d defends", seat, s.target)
		}
		if !s.hands[seat].has(a.Card) {
			return fmt.Errorf("elevensuits: seat %d cannot defend with %v: not in its hand", seat, a.Card)
		}
	case PhaseNaming:
		if seat != int(s.attacker) {
			return fmt.Errorf("elevensuits: seat %d may not act: seat %d is naming its guess", seat, s.attacker)
		}
		if !a.Card.Valid() || a.Card.Suit() >= s.cfg.Suits {
			return fmt.Errorf("elevensuits: cannot name %v: not a card of the suits in play", a.Card)
		}
		if s.isNamed(a.Card) {
			return fmt.Errorf("elevensuits: %v is already named", a.Card)
		}
	case PhasePenalty:
		if seat != int(s.target) {
			return fmt.Errorf("elevensuits: seat %d may not act: seat %d picks the card to see", seat, s.target)
		}
		if n := s.hands[s.attacker].len(); a.Slot < 0 || int(a.Slot) >= n {
			return fmt.Errorf("elevensuits: peek slot %d: seat %d holds %d cards", a.Slot, s.attacker, n)
		}
	}
	return nil
}

func (s *State) throw(seat int, sym rulesets.Symbol) {
	s.throws[seat] = sym
	s.emit(ev(EvThrown, seat))
	for p := range s.cfg.Players {
		if s.contenders.Sees(p) && s.throws[p] == rulesets.NoSymbol {
			return
		}
	}
	s.resolveOpening()
}

// resolveOpening shows the throws. One symbol beating the only other one
// shown leaves its throwers in; alone, that thrower attacks first. All
// alike or all three shown: throw again.
func (s *State) resolveOpening() {
	var shown [4]bool
	kinds := 0
	for p := range s.cfg.Players {
		if sym := s.throws[p]; s.contenders.Sees(p) {
			e := ev(EvShow, p)
			e.Symbol = sym
			s.emit(e)
			if !shown[sym] {
				shown[sym], kinds = true, kinds+1
			}
		}
	}
	if kinds == 2 {
		var left rulesets.Audience
		for p := range s.cfg.Players {
			sym := s.throws[p]
			if s.contenders.Sees(p) && shown[sym.Victim()] {
				left |= rulesets.Only(p)
			}
		}
		s.contenders = left
	}
	s.throws = [MaxPlayers]rulesets.Symbol{}
	if n := s.contenderCount(); n == 1 {
		for p := range s.cfg.Players {
			if s.contenders.Sees(p) {
				s.contenders = 0
				s.emit(ev(EvFirst, p))
				s.beginTurn(p)
				return
			}
		}
	}
	s.emit(ev(EvRethrow, -1))
}

func (s *State) contenderCount() int {
	n := 0
	for p := range s.cfg.Players {
		if s.contenders.Sees(p) {
			n++
		}
	}
	return n
}

// beginTurn gives the turn to seat, or ends the game at the turn limit.
func (s *State) beginTurn(seat int) {
	s.clearGuess()
	s.target = -1
	if int(s.turn) >= s.cfg.TurnLimit {
		s.endAtTurnLimit()
		return
	}
	s.attacker = int8(seat)
	s.phase = PhaseAttack
	s.refill(seat)
	e := ev(EvTurn, seat)
	e.Other = int8(s.next(seat, int(s.dir)))
	s.emit(e)
}

func (s *State) doAttack(seat int, c Card) {
	s.turn++
	slot := s.hands[seat].index(c)
	s.hands[seat].removeAt(slot)
	s.attack = c
	s.target = int8(s.next(seat, int(s.dir)))
	s.phase = PhaseDefend
	e := ev(EvAttack, seat)
	e.Other, e.Suit, e.Slot = s.target, int8(c.Suit()), int8(slot)
	s.emit(e)
}

func (s *State) doDefend(d Card) {
	att, def, a := int(s.attacker), int(s.target), s.attack
	slot := s.hands[def].index(d)
	s.hands[def].removeAt(slot)
	s.attack = NoCard
	s.known[a], s.known[d] = rulesets.Everyone, rulesets.Everyone
	e := ev(EvDefend, def)
	e.Card, e.Suit, e.Slot = d, int8(d.Suit()), int8(slot)
	s.emit(e)
	e = ev(EvReveal, att)
	e.Card, e.Suit = a, int8(a.Suit())
	s.emit(e)
	switch rulesets.Compare(a.Symbol(), d.Symbol()) {
	case 0:
		s.tie(att, a, def, d)
	case 1:
		s.decide(att, a, def, d)
	default:
		s.decide(def, d, att, a)
	}
}

// tie: both cards to the bottom, attacker's first; both draw; the
// direction reverses and the attacker attacks again.
func (s *State) tie(att int, a Card, def int, d Card) {
	s.emit(ev(EvTie, att))
	s.toBottom(att, a, true)
	s.toBottom(def, d, true)
	s.draw(att)
	s.draw(def)
	s.dir = -s.dir
	if s.cfg.Players > 2 {
		s.emit(ev(EvReverse, att))
	}
	s.beginTurn(att)
}

// decide: the winner's card to the bottom and the winner draws; the
// loser's card to its graveyard and the loser draws, unless that was its
// fifth. The turn passes from the attacker in the current direction.
func (s *State) decide(w int, wc Card, l int, lc Card) {
	att := int(s.attacker)
	e := ev(EvBeat, w)
	e.Other = int8(l)
	s.emit(e)
	s.toBottom(w, wc, true)
	s.draw(w)
	s.graves[l].push(lc)
	e = ev(EvBury, l)
	e.Card, e.Suit, e.Slot = lc, int8(lc.Suit()), s.graves[l].n-1
	s.emit(e)
	if s.graves[l].len() >= GraveLimit {
		s.eliminate(l, EndGraveyard)
	} else {
		s.draw(l)
	}
	if s.phase != PhaseOver {
		s.beginTurn(s.next(att, int(s.dir)))
	}
}

// toBottom puts seat's card under the deck; the event names the card only
// if it goes face up (just revealed), not a leaving player's hidden cards.
func (s *State) toBottom(seat int, c Card, faceUp bool) {
	s.deck.push(c)
	e := ev(EvToDeck, seat)
	e.Suit = int8(c.Suit())
	if faceUp {
		e.Card = c
	}
	s.emit(e)
}

// refill brings every hand still in back to five cards while the deck
// lasts, beginning with seat and going round in the direction of play.
// Only an elimination, which puts cards back into the deck, leaves hands
// short with a deck to draw from.
func (s *State) refill(seat int) {
	p := seat
	for range s.cfg.Players {
		for !s.out[p] && s.hands[p].len() < HandSize && s.deck.len() > 0 {
			s.draw(p)
		}
		p = ((p+int(s.dir))%s.cfg.Players + s.cfg.Players) % s.cfg.Players
	}
}

// draw moves the deck's top card to seat's hand, if the deck has one.
func (s *State) draw(seat int) {
	if s.deck.len() == 0 {
		return
	}
	c := s.deck.popFront()
	if s.fresh > 0 {
		s.fresh--
	}
	s.hands[seat].push(c)
	s.known[c] |= rulesets.Only(seat)
	e := ev(EvDraw, seat)
	e.Suit, e.Slot = int8(c.Suit()), s.hands[seat].n-1
	s.emit(e)
	e.Kind, e.Card, e.Audience = EvDrawCard, c, rulesets.Only(seat)
	s.emit(e)
}

// eliminate takes seat out. With two players the other wins; with three,
// seat's hand and then graveyard go to the bottom of the deck, and the
// last player left wins.
func (s *State) eliminate(seat int, why Ending) {
	s.emit(ev(EvOut, seat))
	if s.cfg.Players == 2 {
		s.end(rulesets.Only(1-seat), why)
		return
	}
	s.out[seat] = true
	for _, p := range [2]*pile{&s.hands[seat], &s.graves[seat]} {
		for p.len() > 0 {
			s.toBottom(seat, p.popFront(), false)
		}
	}
	if s.alive() == 1 {
		s.end(rulesets.Only(s.next(seat, 1)), EndLastOne)
	}
}

func (s *State) end(winners rulesets.Audience, why Ending) {
	s.phase, s.ending, s.winners = PhaseOver, why, winners
	s.attack, s.target = NoCard, -1
	s.clearGuess()
	first := -1
	for p := range s.cfg.Players {
		if winners.Sees(p) {
			first = p
			break
		}
	}
	s.emit(ev(EvOver, first))
}

// endAtTurnLimit gives the win to the players still in with the fewest
// graveyard cards.
func (s *State) endAtTurnLimit() {
	fewest := GraveLimit + 1
	var w rulesets.Audience
	for p := range s.cfg.Players {
		switch n := s.graves[p].len(); {
		case s.out[p] || n > fewest:
		case n < fewest:
			fewest, w = n, rulesets.Only(p)
		default:
			w |= rulesets.Only(p)
		}
	}
	s.end(w, EndTurnLimit)
}

func (s *State) beginGuess(seat, target int) {
	s.turn++
	s.target = int8(target)
	s.clearGuess()
	s.phase = PhaseNaming
	e := ev(EvGuess, seat)
	e.Other = int8(target)
	s.emit(e)
}

func (s *State) name(c Card) {
	s.named[s.nNamed] = c
	s.nNamed++
	e := ev(EvName, int(s.attacker))
	e.Card, e.Suit = c, int8(c.Suit())
	s.emit(e)
	if s.nNamed == GuessSize {
		s.resolveGuess()
	}
}

func (s *State) resolveGuess() {
	g, t := int(s.attacker), int(s.target)
	right := true
	for _, c := range s.named {
		right = right && (s.hands[t].has(c) || s.graves[t].has(c))
	}
	if !right {
		e := ev(EvNarr, t)
		e.Other = int8(g)
		s.emit(e)
		s.phase = PhasePenalty
		return
	}
	e := ev(EvGuessRight, g)
	e.Other = int8(t)
	s.emit(e)
	if s.cfg.Players == 2 {
		s.emit(ev(EvOut, t))
		s.end(rulesets.Only(g), EndGuess)
		return
	}
	s.eliminate(t, EndLastOne)
	if s.phase != PhaseOver {
		s.beginTurn(s.next(g, int(s.dir)))
	}
}

func (s *State) peek(slot int) {
	g, t := int(s.attacker), int(s.target)
	c := s.hands[g].at(slot)
	s.known[c] |= rulesets.Only(t)
	e := ev(EvPeek, t)
	e.Other, e.Slot, e.Suit = int8(g), int8(slot), int8(c.Suit())
	s.emit(e)
	e.Kind, e.Card, e.Audience = EvPeekCard, c, rulesets.Only(t)
	s.emit(e)
	s.beginTurn(s.next(g, int(s.dir)))
}
