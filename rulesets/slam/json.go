package slam

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// positionJSON is the documented JSON form of a position (see FORMAT.md).
type positionJSON struct {
	Config     json.RawMessage `json:"config"`
	Seed       *uint64         `json:"seed,omitempty"`
	RNG        *rulesets.Rand  `json:"rng,omitempty"`
	Tick       int64           `json:"tick"`
	Phase      string          `json:"phase"`
	Deck       []Card          `json:"deck"`
	Hidden     *int            `json:"hidden,omitempty"`
	Unseen     *[]Card         `json:"unseen,omitempty"` // a pointer: an empty list is still a public position
	TopBack    *Back           `json:"top_back,omitempty"`
	DealRNG    *rulesets.Rand  `json:"deal_rng,omitempty"`
	Flipped    *Card           `json:"flipped,omitempty"`
	Piles      [][]Card        `json:"piles"`
	Flipper    int             `json:"flipper"`
	NextFlip   *int64          `json:"next_flip,omitempty"`
	WaitFrom   *int64          `json:"wait_from,omitempty"`
	Requested  bool            `json:"requested,omitempty"`
	Flips      int             `json:"flips"`
	Card       *cardJSON       `json:"card,omitempty"`
	Locked     []int           `json:"locked,omitempty"`
	Done       []int           `json:"done,omitempty"`
	FalseStart []int           `json:"false_start,omitempty"`
	Playoff    *playoffJSON    `json:"playoff,omitempty"`
	Winners    []int           `json:"winners,omitempty"`
}

type cardJSON struct {
	Card        Card        `json:"card"`
	Back        Back        `json:"back"`
	FlipTick    int64       `json:"flip_tick"`
	DecidedTick int64       `json:"decided_tick"`
	Outcome     string      `json:"outcome"`
	Taker       int         `json:"taker"`
	Tied        []int       `json:"tied,omitempty"`
	Presses     []pressJSON `json:"presses,omitempty"`
}

type pressJSON struct {
	Seat   int      `json:"seat"`
	Tick   int64    `json:"tick"`
	Press  []string `json:"press"`
	Result string   `json:"result"`
}

type playoffJSON struct {
	Kind   string            `json:"kind"` // "take" or "decider"
	Seats  []int             `json:"seats"`
	Start  int64             `json:"start"`
	Round  int               `json:"round"`
	Thrown []rulesets.Symbol `json:"thrown"`
	Shown  []rulesets.Symbol `json:"shown"`
}

// MarshalJSON writes the position in the documented form.
func (s *State) MarshalJSON() ([]byte, error) {
	cfg, err := json.Marshal(s.cfg)
	if err != nil {
		return nil, err
	}
	rng, wait := s.rng, s.waitFrom
	p := positionJSON{
		Config: cfg, RNG: &rng, Tick: s.tick, Phase: s.phase.String(),
		Flipper: int(s.flipper), WaitFrom: &wait, Requested: s.requested, Flips: int(s.flips),
		Locked: seatList(s.locked), Done: seatList(s.done), FalseStart: seatList(s.falseStart),
		Winners: seatList(s.winners),
	}
	s.deckToJSON(&p)
	if s.flipped != NoCard {
		c := s.flipped
		p.Flipped = &c
	}
	for seat := 0; seat < s.cfg.Players; seat++ {
		p.Piles = append(p.Piles, s.Pile(seat, []Card{}))
	}
	if s.card.Card != NoCard {
		p.Card = s.card.toJSON()
	}
	if s.phase == PhasePlayoff || s.playoff.Seats != 0 {
		p.Playoff = s.playoff.toJSON(s.cfg.Players)
	}
	return json.Marshal(p)
}

// deckToJSON writes the deck: a game that deals itself lists every card
// and its dealer; a public state lists its hidden cards apart.
func (s *State) deckToJSON(p *positionJSON) {
	if !s.dealing {
		p.Deck = s.Deck([]Card{})[s.hidden:]
		unseen := []Card{}
		for c := range Card(DeckSize) {
			if s.unseen&(1<<c) != 0 {
				unseen = append(unseen, c)
			}
		}
		p.Unseen = &unseen
		if s.topBack != NoBack {
			top := s.topBack
			p.TopBack = &top
		}
		return
	}
	hidden, rng, due := int(s.hidden), s.dealer.rng, s.dealer.due
	p.Deck, p.DealRNG = s.Deck(nil), &rng
	if hidden != len(p.Deck) {
		p.Hidden = &hidden
	}
	if !s.cfg.WinnerFlips {
		p.NextFlip = &due
	}
}

func (r *CardRecord) toJSON() *cardJSON {
	c := &cardJSON{Card: r.Card, Back: r.Back, FlipTick: r.FlipTick, DecidedTick: r.DecidedTick,
		Outcome: r.Outcome.String(), Taker: int(r.Taker), Tied: seatList(r.Tied)}
	for seat, p := range r.Presses {
		if p.Result != ResultNone {
			c.Presses = append(c.Presses, pressJSON{Seat: seat, Tick: p.Tick, Press: ButtonNames(p.Buttons), Result: p.Result.String()})
		}
	}
	return c
}

func (p *Playoff) toJSON(players int) *playoffJSON {
	kind := "take"
	if p.Kind == PlayoffDecider {
		kind = "decider"
	}
	return &playoffJSON{Kind: kind, Seats: seatList(p.Seats), Start: p.Start, Round: int(p.Round),
		Thrown: append([]rulesets.Symbol{}, p.Thrown[:players]...), Shown: append([]rulesets.Symbol{}, p.Shown[:players]...)}
}

// Decode reads a position in the documented JSON form and checks it. A
// position with a "seed" and no "deck" is a new game: New(config, seed).
// A position with "unseen" cards is a public state, which deals no card
// itself; any other deals itself.
func Decode(data []byte) (State, error) {
	var p positionJSON
	if err := rulesets.UnmarshalStrict(data, &p); err != nil {
		return State{}, fmt.Errorf("slam: position: %w", err)
	}
	cfg, err := decodeConfig(p.Config)
	if err != nil {
		return State{}, err
	}
	if p.Deck == nil {
		if p.Seed == nil {
			return State{}, errors.New("slam: position: give either a \"seed\" (a new game) or a \"deck\"")
		}
		return New(cfg, *p.Seed)
	}
	s, err := p.build(cfg)
	if err != nil {
		return State{}, fmt.Errorf("slam: position: %w", err)
	}
	return s, nil
}

func decodeConfig(raw json.RawMessage) (Config, error) {
	var head struct {
		Players int `json:"players"`
	}
	if len(raw) == 0 {
		return Config{}, errors.New("slam: position: missing \"config\" (at least {\"players\": n})")
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return Config{}, fmt.Errorf("slam: position config: %w", err)
	}
	return ParseConfig(head.Players, raw)
}

func (p *positionJSON) build(cfg Config) (State, error) {
	s := State{cfg: cfg, tick: p.Tick, flipped: NoCard, flips: uint16(p.Flips), requested: p.Requested, topBack: NoBack}
	if p.RNG != nil {
		s.rng = *p.RNG
	}
	if p.Tick < 0 || p.Flips < 0 || p.Flips > 1<<15 {
		return State{}, fmt.Errorf("tick %d, flips %d", p.Tick, p.Flips)
	}
	var found bool
	if s.phase, found = rulesets.ParseEnum[Phase](phaseNames[:], p.Phase); !found {
		return State{}, fmt.Errorf("unknown phase %q (want waiting, racing, playoff or over)", p.Phase)
	}
	if err := p.buildDeck(&s); err != nil {
		return State{}, err
	}
	if p.Flipped != nil {
		s.flipped = *p.Flipped
	}
	if len(p.Piles) != cfg.Players {
		return State{}, fmt.Errorf("%d piles for %d players", len(p.Piles), cfg.Players)
	}
	for seat, pile := range p.Piles {
		if len(pile) > DeckSize {
			return State{}, fmt.Errorf("seat %d's pile of %d cards", seat, len(pile))
		}
		for _, c := range pile {
			s.pushPile(seat, c)
		}
	}
	if p.Flipper < 0 || p.Flipper >= cfg.Players {
		return State{}, fmt.Errorf("flipper seat %d of %d players", p.Flipper, cfg.Players)
	}
	s.flipper = uint8(p.Flipper)
	var err error
	sets := []struct {
		dst  *Seats
		list []int
		name string
	}{{&s.locked, p.Locked, "locked"}, {&s.done, p.Done, "done"}, {&s.falseStart, p.FalseStart, "false_start"}, {&s.winners, p.Winners, "winners"}}
	for _, set := range sets {
		if *set.dst, err = seatSet(set.list, cfg.Players); err != nil {
			return State{}, fmt.Errorf("%s: %w", set.name, err)
		}
	}
	if err := s.buildCard(p.Card); err != nil {
		return State{}, err
	}
	if err := s.buildPlayoff(p.Playoff); err != nil {
		return State{}, err
	}
	s.waitFrom = max(0, s.card.DecidedTick)
	if p.WaitFrom != nil {
		s.waitFrom = *p.WaitFrom
	}
	if s.dealing {
		s.dealer.waitFrom, s.dealer.due = s.waitFrom, -1
		if p.NextFlip != nil && cfg.WinnerFlips {
			// Nothing flips by itself: a tick here would enter the hash
			// and be lost by Encode, which writes none.
			return State{}, errors.New("a position with \"winner_flips\" has no \"next_flip\": the flipper asks for each card")
		}
		if p.NextFlip != nil {
			s.dealer.due = *p.NextFlip
		}
	}
	if err := s.Check(); err != nil {
		return State{}, err
	}
	return s, nil
}

// buildDeck sets up the deck: the hidden cards of a public state, or a
// dealer holding the hidden cards at the top of a full deck.
func (p *positionJSON) buildDeck(s *State) error {
	var hidden []Card
	if p.Unseen != nil {
		hidden = *p.Unseen
	}
	if n := len(p.Deck) + len(hidden); n < 1 || n > DeckSize {
		return fmt.Errorf("deck of %d cards", n)
	}
	known := p.Deck
	if p.Unseen == nil {
		n := len(p.Deck)
		if p.Hidden != nil {
			n = *p.Hidden
		}
		if n < 0 || n > len(p.Deck) {
			return fmt.Errorf("%d hidden cards of a deck of %d", n, len(p.Deck))
		}
		hidden, known = p.Deck[:n], p.Deck[n:]
		s.dealing, s.dealer = true, Dealer{n: uint8(n), last: -1, rng: s.rng}
		s.dealer.configure(s.cfg)
		copy(s.dealer.order[:], hidden)
		if p.DealRNG != nil {
			s.dealer.rng = *p.DealRNG
		}
		if n > 0 {
			s.topBack = hidden[0].Back()
		}
	} else if p.Hidden != nil || p.DealRNG != nil || p.NextFlip != nil {
		return errors.New("a public position (with \"unseen\" cards) has no \"hidden\", \"deal_rng\" nor \"next_flip\"")
	}
	for _, c := range hidden {
		if !c.Valid() || s.unseen&(1<<c) != 0 {
			return fmt.Errorf("hidden card %v: invalid, or in 2 places", c)
		}
		s.unseen |= 1 << c
	}
	s.hidden = uint8(len(hidden))
	if p.TopBack != nil {
		if !s.dealing {
			s.topBack = *p.TopBack
		} else if *p.TopBack != s.topBack {
			return fmt.Errorf("top back %v, but the deck's top card is %v", *p.TopBack, hidden[0])
		}
	}
	for _, c := range known {
		s.putBottom(c)
	}
	return nil
}

func (s *State) buildCard(c *cardJSON) error {
	s.card = CardRecord{Card: NoCard, Back: NoBack, Taker: -1, FlipTick: -1, DecidedTick: -1}
	if c == nil {
		if s.phase == PhaseRacing {
			return errors.New("racing needs the \"card\" record")
		}
		return nil
	}
	r := &s.card
	r.Card, r.Back, r.FlipTick, r.DecidedTick = c.Card, c.Back, c.FlipTick, c.DecidedTick
	if !c.Card.Valid() || !c.Back.Valid() {
		return fmt.Errorf("card record: card %v over back %v", c.Card, c.Back)
	}
	r.Correct = Correct(c.Card, c.Back)
	if s.flipped != NoCard && (s.flipped != c.Card || s.TopBack() != c.Back) {
		return fmt.Errorf("card record %v/%v does not match the card up %v over %v", c.Card, c.Back, s.flipped, s.TopBack())
	}
	if c.FlipTick < 0 || c.FlipTick > s.tick || c.DecidedTick > s.tick || (c.DecidedTick >= 0 && c.DecidedTick < c.FlipTick) {
		return fmt.Errorf("card record ticks: flip %d, decided %d at tick %d", c.FlipTick, c.DecidedTick, s.tick)
	}
	var found bool
	if r.Outcome, found = rulesets.ParseEnum[Outcome](outcomeNames[:], c.Outcome); !found || (r.Outcome == OutcomeOpen) != (c.DecidedTick < 0) {
		return fmt.Errorf("card record outcome %q with decided tick %d", c.Outcome, c.DecidedTick)
	}
	if c.Taker < -1 || c.Taker >= s.cfg.Players {
		return fmt.Errorf("card record taker %d", c.Taker)
	}
	r.Taker = int8(c.Taker)
	var err error
	if r.Tied, err = seatSet(c.Tied, s.cfg.Players); err != nil {
		return fmt.Errorf("card record tied: %w", err)
	}
	for _, p := range c.Presses {
		if p.Seat < 0 || p.Seat >= s.cfg.Players {
			return fmt.Errorf("card record press of seat %d", p.Seat)
		}
		b, err := ParseButtons(p.Press)
		if err != nil {
			return fmt.Errorf("card record press of seat %d: %w", p.Seat, err)
		}
		res, _ := rulesets.ParseEnum[Result](resultNames[:], p.Result) // ResultNone if unknown
		if res == ResultNone || b&rulesets.Gestures == 0 || p.Tick < c.FlipTick || p.Tick > s.tick {
			return fmt.Errorf("card record press of seat %d: %v at tick %d, result %q", p.Seat, b, p.Tick, p.Result)
		}
		r.Presses[p.Seat] = Press{Tick: p.Tick, Buttons: b, Result: res}
	}
	return nil
}

func (s *State) buildPlayoff(p *playoffJSON) error {
	if p == nil {
		if s.phase == PhasePlayoff {
			return errors.New("phase playoff needs the \"playoff\" record")
		}
		return nil
	}
	po := &s.playoff
	switch p.Kind {
	case "take":
		po.Kind = PlayoffTake
	case "decider":
		po.Kind = PlayoffDecider
	default:
		return fmt.Errorf("playoff kind %q (want take or decider)", p.Kind)
	}
	var err error
	if po.Seats, err = seatSet(p.Seats, s.cfg.Players); err != nil {
		return fmt.Errorf("playoff seats: %w", err)
	}
	if p.Round < 0 || p.Round > 255 || len(p.Thrown) > s.cfg.Players || len(p.Shown) > s.cfg.Players {
		return fmt.Errorf("playoff round %d with %d throws", p.Round, len(p.Thrown))
	}
	po.Start, po.Round = p.Start, uint8(p.Round)
	copy(po.Thrown[:], p.Thrown)
	copy(po.Shown[:], p.Shown)
	return nil
}

func seatList(set Seats) []int {
	var out []int
	for seat := 0; seat < rulesets.MaxSeats; seat++ {
		if set.Has(seat) {
			out = append(out, seat)
		}
	}
	return out
}

func seatSet(list []int, players int) (Seats, error) {
	var set Seats
	for _, seat := range list {
		if seat < 0 || seat >= players {
			return 0, fmt.Errorf("seat %d of %d players", seat, players)
		}
		set |= 1 << seat
	}
	return set, nil
}

// ButtonNames lists the buttons of b by name ("rock", "clap", …).
func ButtonNames(b rulesets.Buttons) []string {
	var out []string
	for bit := rulesets.Button(1); bit != 0 && bit <= b; bit <<= 1 {
		if b&bit != 0 {
			out = append(out, bit.String())
		}
	}
	return out
}

// ParseButtons reads a list of button names ("rock", "paper", "scissors",
// "clap", "confirm", …); "stone" is accepted for rock.
func ParseButtons(names []string) (rulesets.Buttons, error) {
	var b rulesets.Buttons
	for _, n := range names {
		if n == "stone" {
			n = "rock"
		}
		v, ok := rulesets.ParseButton(n)
		if !ok {
			return 0, fmt.Errorf("unknown button %q (want rock, paper, scissors, clap or confirm)", n)
		}
		b |= v
	}
	return b, nil
}

// Encode writes the position as indented JSON.
func Encode(s *State) ([]byte, error) { return json.MarshalIndent(s, "", "  ") }
