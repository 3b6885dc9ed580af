package thatsmine

import (
	"errors"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Player counts.
const (
	MinPlayers = 3
	MaxPlayers = 6
)

// tokensEach is what every player takes from the supply at setup.
const tokensEach = 2

// Setup is one row of the rules' setup table.
type Setup struct {
	HandSize int // cards dealt to each player
	Supply   int // tokens in the supply before players take theirs
	Target   int // VP to win
}

// SetupFor returns the setup table's row for a player count (six players
// is the rulebook's variant: the five-player setup, first to 12).
func SetupFor(players int) (Setup, error) {
	switch players {
	case 3:
		return Setup{10, 36, 15}, nil
	case 4:
		return Setup{8, 48, 15}, nil
	case 5:
		return Setup{6, 60, 15}, nil
	case 6:
		return Setup{6, 60, 12}, nil
	}
	return Setup{}, fmt.Errorf("thatsmine: %d players: the game is for %d to %d", players, MinPlayers, MaxPlayers)
}

// setup returns the setup row for the config, its target applied.
func (cfg Config) setup() (Setup, error) {
	setup, err := SetupFor(cfg.Players)
	if err != nil {
		return Setup{}, err
	}
	if cfg.Target != 0 {
		if cfg.Target < tokensEach+1 || cfg.Target > setup.Supply {
			return Setup{}, fmt.Errorf("thatsmine: target %d: want %d to %d", cfg.Target, tokensEach+1, setup.Supply)
		}
		setup.Target = cfg.Target
	}
	return setup, nil
}

// Config holds a game's settings.
type Config struct {
	Players int `json:"players"`
	// Target overrides the VP needed to win; 0 keeps the rules' 15 (12
	// with six players).
	Target int `json:"target,omitempty"`
}

// Action is one seat's secret choice for a round: its play card and its
// wager (0 up to the tokens it holds; 0 when it holds none).
type Action struct {
	Card  Card `json:"card"`
	Wager int  `json:"wager"`
}

// ErrIllegal is wrapped by every error Apply returns.
var ErrIllegal = errors.New("illegal action")

// Reveal is the public record of the last finished round.
type Reveal struct {
	Round    int              `json:"round"` // 0: no round finished yet
	Wagers   [MaxPlayers]int  `json:"wagers"`
	Cards    [MaxPlayers]Card `json:"cards"`
	Survivor int              `json:"survivor"`
	Pot      int              `json:"pot"` // tokens the survivor took
}

// State is a whole game of That's Mine. It implements
// rulesets.Game[Action, Event]. The zero State is not a game: use New or
// decode a position.
type State struct {
	players  int
	setup    Setup // the setup row; Target may be overridden
	hands    [MaxPlayers]CardSet
	faceDown CardSet // undealt cards, face down, unknown to all
	discard  CardSet // play cards revealed this deal
	tokens   [MaxPlayers]int
	supply   int
	kitty    int
	chosen   [MaxPlayers]bool
	play     [MaxPlayers]Card
	wager    [MaxPlayers]int
	round    int // the current round, from 1
	deal     int // deals so far, from 1
	last     Reveal
	over     bool
	winners  SeatSet
	rng      rulesets.Rand
	events   []Event
}

// New starts a game: shuffles and deals with a generator seeded from seed,
// gives each player 2 tokens and begins the first round.
func New(cfg Config, seed uint64) (*State, error) {
	setup, err := cfg.setup()
	if err != nil {
		return nil, err
	}
	s := &State{players: cfg.Players, setup: setup, rng: rulesets.NewRand(seed), supply: setup.Supply}
	s.last.Survivor = -1
	for seat := range s.players {
		s.tokens[seat] = tokensEach
		s.supply -= tokensEach
	}
	s.dealHands()
	s.beginRound()
	return s, nil
}

// Config returns the game's settings.
func (s *State) Config() Config {
	cfg := Config{Players: s.players}
	if def, _ := SetupFor(s.players); def.Target != s.setup.Target {
		cfg.Target = s.setup.Target
	}
	return cfg
}

// Seats returns the number of players.
func (s *State) Seats() int { return s.players }

// Target returns the VP needed to win.
func (s *State) Target() int { return s.setup.Target }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// ToAct appends the seats that have not yet chosen this round.
func (s *State) ToAct(dst []int) []int {
	if s.over {
		return dst
	}
	return unchosen(dst, s.players, &s.chosen)
}

// unchosen appends the seats below players that have not chosen.
func unchosen(dst []int, players int, chosen *[MaxPlayers]bool) []int {
	for seat := range players {
		if !chosen[seat] {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Legal appends every (card, wager) pair seat may choose now.
func (s *State) Legal(seat int, dst []Action) []Action {
	if s.over || seat < 0 || seat >= s.players || s.chosen[seat] {
		return dst
	}
	return choices(dst, s.hands[seat], s.tokens[seat])
}

// choices appends every pair of a card of hand and a wager of 0 up to
// tokens.
func choices(dst []Action, hand CardSet, tokens int) []Action {
	for h := hand; h != 0; h &= h - 1 {
		c := h.Lowest()
		for w := 0; w <= tokens; w++ {
			dst = append(dst, Action{Card: c, Wager: w})
		}
	}
	return dst
}

// legal explains why seat may not play a, or returns nil.
func (s *State) legal(seat int, a Action) error {
	switch {
	case s.over:
		return fmt.Errorf("%w: the game is over", ErrIllegal)
	case seat < 0 || seat >= s.players:
		return fmt.Errorf("%w: no seat %d in a %d-player game", ErrIllegal, seat, s.players)
	case s.chosen[seat]:
		return fmt.Errorf("%w: seat %d has already chosen this round", ErrIllegal, seat)
	case !a.Card.Valid():
		return fmt.Errorf("%w: seat %d: %d is not a card (1 to %d)", ErrIllegal, seat, a.Card, NumCards)
	case !s.hands[seat].Has(a.Card):
		return fmt.Errorf("%w: seat %d does not hold %v", ErrIllegal, seat, a.Card)
	case a.Wager < 0 || a.Wager > s.tokens[seat]:
		return fmt.Errorf("%w: seat %d wagers %d but holds %d tokens", ErrIllegal, seat, a.Wager, s.tokens[seat])
	}
	return nil
}

// Apply records seat's choice. When it is the last choice of the round,
// the round is revealed and resolved, the kitty awarded, and the next
// round begun (or the game ended), all within this call; the events tell
// the story step by step.
func (s *State) Apply(seat int, a Action) error {
	if err := s.legal(seat, a); err != nil {
		return err
	}
	s.hands[seat] &^= a.Card.set()
	s.play[seat], s.wager[seat], s.chosen[seat] = a.Card, a.Wager, true
	s.emit(Event{Kind: EventChosen, Audience: rulesets.Everyone, Seat: seat})
	if s.allChosen() {
		s.resolveRound()
	}
	return nil
}

// Winners appends the winning seats once the game is over.
func (s *State) Winners(dst []int) []int { return s.winners.appendTo(dst, s.players) }

// Scores appends each seat's tokens.
func (s *State) Scores(dst []int) []int { return append(dst, s.tokens[:s.players]...) }

// Events returns the events since the last ClearEvents, oldest first.
func (s *State) Events() []Event { return s.events }

// ClearEvents forgets the recorded events, keeping the buffer.
func (s *State) ClearEvents() { s.events = s.events[:0] }

// Clone returns an independent copy (events included).
func (s *State) Clone() *State {
	c := *s
	c.events = append([]Event(nil), s.events...)
	return &c
}

func (s *State) emit(e Event) { s.events = append(s.events, e) }

// dealHands shuffles all 36 cards and deals the hands; the rest lie face
// down.
func (s *State) dealHands() {
	deck := shuffledDeck(&s.rng)
	s.deal++
	s.discard, s.faceDown = 0, 0
	h := s.setup.HandSize
	s.emit(Event{Kind: EventShuffle, Audience: rulesets.Everyone, Seat: -1, Amount: h})
	for seat := range s.players {
		s.hands[seat] = NewCardSet(deck[seat*h : (seat+1)*h]...)
		s.emit(Event{Kind: EventDeal, Audience: rulesets.Only(seat), Seat: seat, Cards: s.hands[seat]})
	}
	s.faceDown = NewCardSet(deck[s.players*h:]...)
}

// beginRound moves a token from the supply to the kitty, or ends the game
// when the supply is empty [H].
func (s *State) beginRound() {
	if s.supply == 0 {
		s.emit(Event{Kind: EventSupplyEmpty, Audience: rulesets.Everyone, Seat: -1})
		most := 0
		for seat := range s.players {
			most = max(most, s.tokens[seat])
		}
		for seat := range s.players {
			if s.tokens[seat] == most {
				s.winners |= 1 << seat
			}
		}
		s.end()
		return
	}
	s.round++
	s.supply--
	s.kitty++
	s.emit(Event{Kind: EventKitty, Audience: rulesets.Everyone, Seat: -1, Round: s.round, Supply: s.supply, Kitty: s.kitty})
}

func (s *State) end() {
	s.over = true
	s.emit(Event{Kind: EventWin, Audience: rulesets.Everyone, Seat: -1, Seats: s.winners})
}

// resolveRound reveals the wagers, resolves the tiers from the smallest
// wager up, awards the kitty, discards, re-deals when the hands are empty
// and begins the next round.
func (s *State) resolveRound() {
	top := 0
	for seat := range s.players {
		s.emit(Event{Kind: EventWager, Audience: rulesets.Everyone, Seat: seat, Amount: s.wager[seat]})
		top = max(top, s.wager[seat])
	}
	survivor := -1
	for tier := 0; tier <= top; tier++ {
		survivor = s.resolveTier(tier, survivor)
	}
	pot := s.kitty
	s.tokens[survivor] += pot
	s.kitty = 0
	s.emit(Event{Kind: EventAward, Audience: rulesets.Everyone, Seat: survivor, Amount: pot, Tokens: s.tokens[survivor]})

	s.last = Reveal{Round: s.round, Wagers: s.wager, Cards: s.play, Survivor: survivor, Pot: pot}
	played := NewCardSet(s.play[:s.players]...)
	s.discard |= played
	s.play, s.wager, s.chosen = [MaxPlayers]Card{}, [MaxPlayers]int{}, [MaxPlayers]bool{}
	s.emit(Event{Kind: EventDiscard, Audience: rulesets.Everyone, Seat: -1, Cards: played})

	if s.tokens[survivor] >= s.setup.Target {
		s.winners = 1 << survivor
		s.end()
		return
	}
	if s.hands[0] == 0 {
		s.dealHands()
	}
	s.beginRound()
}

// resolveTier resolves the players who wagered tier (if any) against the
// survivor so far and returns the new survivor.
func (s *State) resolveTier(tier, survivor int) int {
	var members SeatSet
	for seat := range s.players {
		if s.wager[seat] == tier {
			members |= 1 << seat
		}
	}
	if members == 0 {
		return survivor
	}
	s.emit(Event{Kind: EventTier, Audience: rulesets.Everyone, Seat: -1, Tier: tier, Seats: members})
	var cards CardSet
	if survivor >= 0 {
		cards = s.play[survivor].set()
	}
	for seat := range s.players {
		if !members.Has(seat) {
			continue
		}
		if tier > 0 {
			s.tokens[seat] -= tier
			s.kitty += tier
			s.emit(Event{Kind: EventPay, Audience: rulesets.Everyone, Seat: seat, Tier: tier, Amount: tier, Kitty: s.kitty, Tokens: s.tokens[seat]})
		}
		s.emit(Event{Kind: EventReveal, Audience: rulesets.Everyone, Seat: seat, Tier: tier, Card: s.play[seat]})
		cards |= s.play[seat].set()
	}
	s.explain(tier, cards)
	winner := survivorOf(cards)
	for seat := range s.players {
		if s.play[seat] == winner {
			survivor = seat
		}
	}
	s.emit(Event{Kind: EventSurvivor, Audience: rulesets.Everyone, Seat: survivor, Tier: tier, Card: winner})
	return survivor
}

// explain emits the comparison of a tier step by step: matches, then
// rock-paper-scissors or the stalemate.
func (s *State) explain(tier int, cards CardSet) {
	cmp := Compare(cards)
	for _, sym := range rulesets.Symbols {
		if same := cards.OfSymbol(sym); same.Len() > 1 {
			s.emit(Event{Kind: EventMatch, Audience: rulesets.Everyone, Seat: -1, Tier: tier, Symbol: sym, Card: cmp.Kept[sym], Cards: same})
		}
	}
	switch cmp.Symbols {
	case 2:
		loser := cmp.Kept[cmp.Survivor.Symbol().Victim()]
		s.emit(Event{Kind: EventBeats, Audience: rulesets.Everyone, Seat: -1, Tier: tier, Card: cmp.Survivor, Other: loser})
	case 3:
		left := cards &^ cmp.Beaten
		s.emit(Event{Kind: EventStalemate, Audience: rulesets.Everyone, Seat: -1, Tier: tier, Card: cmp.Survivor, Cards: left})
	}
}
