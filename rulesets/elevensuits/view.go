package elevensuits

import "github.com/jankenarcade/janken/rulesets"

// Slot is one card's place as a seat sees it.
type Slot struct {
	// Suit is the suit on the card's back, or -1 where the seat cannot
	// see it (deep in the unseen part of the deck).
	Suit int8
	// Card is the card if the seat has seen its face and could have
	// followed it since: a perfect memory. NoCard otherwise. Whether to
	// show it is the scene's choice (see Up): the game is about
	// remembering.
	Card Card
	// Up reports that the face shows to this seat right now: its own hand,
	// an Open Casket graveyard, its own graveyard while it answers a guess.
	Up bool
	// KnownBy is the set of seats that know this card: public, since who
	// drew, revealed or peeked at which card is seen by all.
	KnownBy rulesets.Audience
}

// View is what one seat may know of a game: suits of every hand,
// graveyard and removed card, the deck's size and top suit, faces that
// are up, and the cards it has seen and could remember. It is a plain
// comparable value. *View implements rulesets.View[View, Action]; Seat -1
// is the public view.
type View struct {
	Seat     int
	Config   Config
	Phase    Phase
	Ending   Ending
	Turn     int
	Attacker int // the seat whose turn it is, -1 during the opening
	Target   int // the defender or guess target, -1 if none
	Dir      int // +1: attacks go to seat+1; -1: to seat-1
	Out      [MaxPlayers]bool
	Won      [MaxPlayers]bool `json:"Winners"` // the winners, once over

	HandLen  [MaxPlayers]int
	Hands    [MaxPlayers][HandSize]Slot
	GraveLen [MaxPlayers]int
	Graves   [MaxPlayers][GraveLimit]Slot
	DeckLen  int
	Deck     [NumCards]Slot // index 0 is the top
	Removed  [NumSuits]Slot // 2-Piece Suit: one per suit, in suit order
	Attack   Slot           // the face-down attacking card; Suit -1 if none

	Contenders [MaxPlayers]bool // opening: who still throws
	Thrown     [MaxPlayers]bool // opening: who has thrown this round
	OwnThrow   rulesets.Symbol  // opening: this seat's throw, if made

	NamedLen int
	Named    [GuessSize]Card // the cards named so far in a guess

	// Pending marks the seats whose attack, defence, guess, name or peek
	// Assume recorded: they owe nothing until the next view. A view made
	// by the game has none.
	Pending rulesets.Audience `json:"-"`
}

// Hand returns seat p's hand slots.
func (v *View) Hand(p int) []Slot { return v.Hands[p][:v.HandLen[p]] }

// Grave returns seat p's graveyard slots.
func (v *View) Grave(p int) []Slot { return v.Graves[p][:v.GraveLen[p]] }

// DeckSlots returns the deck, top first.
func (v *View) DeckSlots() []Slot { return v.Deck[:v.DeckLen] }

// RemovedSlots returns the removed cards (2-Piece Suit).
func (v *View) RemovedSlots() []Slot {
	if !v.Config.TwoPiece {
		return nil
	}
	return v.Removed[:v.Config.Suits]
}

// Viewer returns the seat the view is for, -1 for the public view.
func (v *View) Viewer() int { return v.Seat }

// Seats returns the number of players.
func (v *View) Seats() int { return v.Config.Players }

// Over reports whether the game has ended.
func (v *View) Over() bool { return v.Phase == PhaseOver }

// ToAct appends the seats that owe an action, as far as the view knows.
func (v *View) ToAct(dst []int) []int {
	for seat := range v.Config.Players {
		if v.owes(seat) {
			dst = append(dst, seat)
		}
	}
	return dst
}

// owes reports whether seat owes an action, as far as the view knows.
func (v *View) owes(seat int) bool {
	if v.Pending.Sees(seat) {
		return false
	}
	switch v.Phase {
	case PhaseOpening:
		return v.Contenders[seat] && !v.Thrown[seat]
	case PhaseAttack, PhaseNaming:
		return seat == v.Attacker
	case PhaseDefend, PhasePenalty:
		return seat == v.Target
	}
	return false
}

// Legal appends every legal action of the viewer now (as State.Legal
// would).
func (v *View) Legal(dst []Action) []Action {
	seat := v.Seat
	if seat < 0 || seat >= v.Config.Players || !v.owes(seat) {
		return dst
	}
	switch v.Phase {
	case PhaseOpening:
		dst = appendThrows(dst)
	case PhaseAttack:
		for _, sl := range v.Hand(seat) {
			dst = append(dst, AttackAction(sl.Card))
		}
		if v.Config.Advanced {
			dst = appendGuesses(dst, seat, v.Config.Players, &v.Out)
		}
	case PhaseDefend:
		for _, sl := range v.Hand(seat) {
			dst = append(dst, DefendAction(sl.Card))
		}
	case PhaseNaming:
		dst = appendNames(dst, v.Config, v.Named[:v.NamedLen])
	case PhasePenalty:
		dst = appendPeeks(dst, v.HandLen[v.Attacker])
	}
	return dst
}

// Scores appends each seat's lives: how many more cards its graveyard can
// take before it loses (0 once out).
func (v *View) Scores(dst []int) []int {
	for seat := range v.Config.Players {
		lives := GraveLimit - v.GraveLen[seat]
		if v.Out[seat] {
			lives = 0
		}
		dst = append(dst, lives)
	}
	return dst
}

// Winners appends the winning seats once the game is over.
func (v *View) Winners(dst []int) []int {
	for seat := range v.Config.Players {
		if v.Won[seat] {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Public returns the part of the view that everyone may see, as seat's:
// the suits on the backs, the faces up to everyone (an Open Casket
// graveyard), who knows which card; not the cards the viewer has seen,
// its hand's faces nor its throw.
func (v *View) Public(seat int) View {
	p := *v
	p.Seat, p.OwnThrow = seat, rulesets.NoSymbol
	for q := range p.Config.Players {
		hideAll(p.Hand(q))
		if !p.Config.OpenCasket {
			hideAll(p.Grave(q))
		}
	}
	hideAll(p.DeckSlots())
	hideAll(p.RemovedSlots())
	p.Attack.Card, p.Attack.Up = NoCard, false
	return p
}

// hideAll turns the faces of slots down, to everyone's eyes.
func hideAll(slots []Slot) {
	for i := range slots {
		slots[i].Card, slots[i].Up = NoCard, false
	}
}

// Assume records seat's action a, not yet answered. A throw shows as made
// (the symbol itself only to the viewer); any other action makes seat owe
// nothing until the next view, and if seat is the viewer, its played card
// leaves its hand (an attacking card lies face down as the attack) and
// its named card joins the guess.
func (v *View) Assume(seat int, a Action) {
	if seat < 0 || seat >= v.Config.Players {
		return
	}
	if a.Kind == Throw {
		v.Thrown[seat] = true
		if seat == v.Seat {
			v.OwnThrow = a.Symbol
		}
		return
	}
	v.Pending |= rulesets.Only(seat)
	if seat != v.Seat {
		return
	}
	switch a.Kind {
	case Attack:
		if sl, ok := v.takeFromHand(a.Card); ok {
			v.Attack = sl
		}
	case Defend:
		v.takeFromHand(a.Card)
	case Name:
		if v.NamedLen < GuessSize {
			v.Named[v.NamedLen] = a.Card
			v.NamedLen++
		}
	}
}

// takeFromHand removes card c from the viewer's hand, keeping the order of
// the rest, and returns its slot.
func (v *View) takeFromHand(c Card) (Slot, bool) {
	hand := v.Hand(v.Seat)
	for i, sl := range hand {
		if sl.Card == c {
			copy(hand[i:], hand[i+1:])
			hand[len(hand)-1] = Slot{}
			v.HandLen[v.Seat]--
			return sl, true
		}
	}
	return Slot{}, false
}

// View returns what seat may know. Hidden cards appear as their suit, or
// not at all; nothing in it depends on what seat may not see. Seat -1 is a
// spectator: only faces that are up to everyone show, which is what a
// shared screen draws while no player's hand may be shown.
func (s *State) View(seat int) View {
	v := View{
		Seat: seat, Config: s.cfg, Phase: s.phase, Ending: s.ending, Turn: int(s.turn),
		Attacker: int(s.attacker), Target: int(s.target), Dir: int(s.dir), Out: s.out,
		DeckLen: s.deck.len(), NamedLen: int(s.nNamed), Named: s.named,
	}
	if s.phase == PhaseOpening {
		v.Attacker = -1
	}
	for p := range s.cfg.Players {
		v.Won[p] = s.winners.Sees(p)
		v.Contenders[p] = s.contenders.Sees(p)
		v.Thrown[p] = s.throws[p] != rulesets.NoSymbol
		v.HandLen[p] = s.hands[p].len()
		for i, c := range s.hands[p].cards() {
			v.Hands[p][i] = s.slot(seat, c, p == seat)
		}
		v.GraveLen[p] = s.graves[p].len()
		up := s.cfg.OpenCasket || (s.phase == PhasePenalty && p == seat && seat == int(s.target))
		for i, c := range s.graves[p].cards() {
			v.Graves[p][i] = s.slot(seat, c, up)
		}
	}
	if seat >= 0 && seat < s.cfg.Players {
		v.OwnThrow = s.throws[seat]
	}
	for i, c := range s.deck.cards() {
		v.Deck[i] = s.slot(seat, c, false)
		if i > 0 && i < int(s.fresh) {
			v.Deck[i].Suit = -1
		}
	}
	for i, c := range s.removed.cards() {
		v.Removed[i] = s.slot(seat, c, false)
	}
	v.Attack = Slot{Suit: -1, Card: NoCard}
	if s.attack != NoCard {
		v.Attack = s.slot(seat, s.attack, seat == int(s.attacker))
	}
	return v
}

// slot is card c as seat sees it, its face showing if up.
func (s *State) slot(seat int, c Card, up bool) Slot {
	sl := Slot{Suit: int8(c.Suit()), Card: NoCard, Up: up, KnownBy: s.known[c]}
	if up || s.known[c].Sees(seat) {
		sl.Card = c
	}
	return sl
}

// Defender returns the seat that seat's attack goes to: the next player
// still in, in the direction of play (seat itself when nobody else is).
func (v *View) Defender(seat int) int {
	n := v.Config.Players
	for i := 1; i <= n; i++ {
		p := ((seat+v.Dir*i)%n + n) % n
		if !v.Out[p] {
			return p
		}
	}
	return seat
}
