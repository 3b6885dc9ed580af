package elevensuits

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/jankenarcade/janken/rulesets"
)

// stateJSON is the documented JSON form of a position (see FORMAT.md).
// Optional fields have defaults that make hand-written positions short.
type stateJSON struct {
	Config     Config            `json:"config"`
	Phase      string            `json:"phase"`
	Ending     string            `json:"ending,omitempty"`
	Turn       int               `json:"turn"`
	Attacker   *int              `json:"attacker,omitempty"`
	Target     *int              `json:"target,omitempty"`
	Direction  int               `json:"direction,omitempty"`
	Out        []int             `json:"out,omitempty"`
	Hands      [][]Card          `json:"hands"`
	Graveyards [][]Card          `json:"graveyards,omitempty"`
	Deck       []Card            `json:"deck"`
	Fresh      *int              `json:"fresh,omitempty"`
	Removed    []Card            `json:"removed,omitempty"`
	Attack     *Card             `json:"attack,omitempty"`
	Known      map[string][]int  `json:"known,omitempty"`
	Contenders []int             `json:"contenders,omitempty"`
	Throws     []rulesets.Symbol `json:"throws,omitempty"`
	Named      []Card            `json:"named,omitempty"`
	Winners    []int             `json:"winners,omitempty"`
	RNG        *rulesets.Rand    `json:"rng,omitempty"`
}

func seatList(a rulesets.Audience, players int) []int {
	var l []int
	for p := range players {
		if a.Sees(p) {
			l = append(l, p)
		}
	}
	return l
}

// MarshalJSON writes the position in the documented form, every field
// spelled out.
func (s *State) MarshalJSON() ([]byte, error) {
	n := s.cfg.Players
	j := stateJSON{
		Config: s.cfg, Phase: s.phase.String(), Turn: int(s.turn), Direction: int(s.dir),
		Deck: append([]Card{}, s.deck.cards()...), Removed: s.removed.cards(),
		Known: map[string][]int{}, Winners: seatList(s.winners, n), RNG: &s.rng,
	}
	if s.ending != EndNone {
		j.Ending = s.ending.String()
	}
	if s.phase != PhaseOpening {
		a := int(s.attacker)
		j.Attacker = &a
	}
	if s.target >= 0 {
		t := int(s.target)
		j.Target = &t
	}
	fresh := int(s.fresh)
	j.Fresh = &fresh
	for p := range n {
		j.Hands = append(j.Hands, append([]Card{}, s.hands[p].cards()...))
		j.Graveyards = append(j.Graveyards, append([]Card{}, s.graves[p].cards()...))
		if s.out[p] {
			j.Out = append(j.Out, p)
		}
	}
	if s.attack != NoCard {
		a := s.attack
		j.Attack = &a
	}
	for c, k := range s.known {
		switch {
		case k == rulesets.Everyone:
			j.Known[Card(c).String()] = []int{-1}
		case k != 0:
			j.Known[Card(c).String()] = seatList(k, n)
		}
	}
	if s.phase == PhaseOpening {
		j.Contenders = seatList(s.contenders, n)
		j.Throws = s.throws[:n]
	}
	j.Named = s.named[:s.nNamed]
	return json.Marshal(j)
}

// UnmarshalJSON reads a position and validates it: an inconsistent one is
// rejected with an error naming the first problem, and s is left as it was.
func (s *State) UnmarshalJSON(data []byte) error {
	var j stateJSON
	if err := rulesets.UnmarshalStrict(data, &j); err != nil {
		return fmt.Errorf("elevensuits: position: %w", err)
	}
	v, err := j.state()
	if err != nil {
		return fmt.Errorf("elevensuits: position: %w", err)
	}
	if err := v.Check(); err != nil {
		return err
	}
	v.events = s.events[:0]
	*s = *v
	return nil
}

// Decode reads and validates a JSON position.
func Decode(data []byte) (*State, error) {
	s := new(State)
	if err := s.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return s, nil
}

func parseName(name string, names []string, what string) (int, error) {
	if i, ok := rulesets.ParseEnum[uint8](names, name); ok {
		return int(i), nil
	}
	return 0, fmt.Errorf("unknown %s %q (want one of %v)", what, name, names)
}

func seatSet(l []int, players int, what string) (rulesets.Audience, error) {
	var a rulesets.Audience
	for _, p := range l {
		if p < 0 || p >= players {
			return 0, fmt.Errorf("%s: no seat %d", what, p)
		}
		a |= rulesets.Only(p)
	}
	return a, nil
}

// state builds the State that j describes, filling in defaults. Check
// validates it afterwards.
func (j *stateJSON) state() (*State, error) {
	cfg, err := j.Config.normalize()
	if err != nil {
		return nil, err
	}
	n := cfg.Players
	s := &State{cfg: cfg, dir: 1, target: -1, attack: NoCard}
	s.clearGuess()
	phase, err := parseName(j.Phase, phaseNames[:], "phase")
	if err != nil {
		return nil, err
	}
	s.phase = Phase(phase)
	if j.Ending != "" {
		e, err := parseName(j.Ending, endingNames[:], "ending")
		if err != nil {
			return nil, err
		}
		s.ending = Ending(e)
	}
	s.turn = int32(j.Turn)
	if j.Turn < 0 || j.Turn > 1<<30 {
		return nil, fmt.Errorf("turn %d out of range", j.Turn)
	}
	if j.Direction != 0 {
		s.dir = int8(j.Direction)
		if j.Direction != 1 && j.Direction != -1 {
			return nil, fmt.Errorf("direction %d: want 1 or -1", j.Direction)
		}
	}
	for _, f := range [...]struct {
		v   *int
		dst *int8
		min int
	}{{j.Attacker, &s.attacker, 0}, {j.Target, &s.target, -1}} {
		if f.v != nil {
			if *f.v < f.min || *f.v >= n {
				return nil, fmt.Errorf("seat %d out of range", *f.v)
			}
			*f.dst = int8(*f.v)
		}
	}
	if len(j.Hands) != n || len(j.Graveyards) != 0 && len(j.Graveyards) != n {
		return nil, fmt.Errorf("want %d hands and graveyards, got %d and %d", n, len(j.Hands), len(j.Graveyards))
	}
	out, err := seatSet(j.Out, n, "out")
	if err != nil {
		return nil, err
	}
	for p := range n {
		s.out[p] = out.Sees(p)
		if err := fill(&s.hands[p], j.Hands[p], HandSize, "hand"); err != nil {
			return nil, err
		}
		if len(j.Graveyards) > 0 {
			if err := fill(&s.graves[p], j.Graveyards[p], GraveLimit, "graveyard"); err != nil {
				return nil, err
			}
		}
	}
	if err := fill(&s.deck, j.Deck, NumCards, "deck"); err != nil {
		return nil, err
	}
	if err := fill(&s.removed, j.Removed, NumSuits, "removed"); err != nil {
		return nil, err
	}
	s.fresh = s.deck.n
	if j.Fresh != nil {
		if *j.Fresh < 0 || *j.Fresh > s.deck.len() {
			return nil, fmt.Errorf("fresh %d: the deck holds %d cards", *j.Fresh, s.deck.n)
		}
		s.fresh = int8(*j.Fresh)
	}
	if j.Attack != nil {
		s.attack = *j.Attack
	}
	if err := j.known(s); err != nil {
		return nil, err
	}
	if s.contenders, err = seatSet(j.Contenders, n, "contenders"); err != nil {
		return nil, err
	}
	if len(j.Throws) > n {
		return nil, fmt.Errorf("%d throws for %d players", len(j.Throws), n)
	}
	copy(s.throws[:], j.Throws)
	if len(j.Named) > GuessSize {
		return nil, fmt.Errorf("%d cards named, at most %d", len(j.Named), GuessSize)
	}
	s.nNamed = int8(copy(s.named[:], j.Named))
	if s.winners, err = seatSet(j.Winners, n, "winners"); err != nil {
		return nil, err
	}
	if j.RNG != nil {
		s.rng = *j.RNG
	}
	return s, nil
}

func fill(p *pile, cards []Card, max int, what string) error {
	if len(cards) > max {
		return fmt.Errorf("%s of %d cards: at most %d", what, len(cards), max)
	}
	for _, c := range cards {
		if !c.Valid() {
			return fmt.Errorf("%s holds %q", what, c)
		}
		p.push(c)
	}
	return nil
}

// known sets who knows each card: from "known" if given ([-1] meaning
// everyone), else the default: owners know their hands and the attacking
// card, graveyard cards and the seen part of the deck were revealed to all.
func (j *stateJSON) known(s *State) error {
	if j.Known != nil {
		// Sorted, so a file with several bad entries always reports the
		// same one.
		for _, name := range slices.Sorted(maps.Keys(j.Known)) {
			seats := j.Known[name]
			c, err := ParseCard(name)
			if err != nil || c == NoCard {
				return fmt.Errorf("known: %q is not a card", name)
			}
			if len(seats) == 1 && seats[0] == -1 {
				s.known[c] = rulesets.Everyone
				continue
			}
			if s.known[c], err = seatSet(seats, s.cfg.Players, "known "+name); err != nil {
				return err
			}
		}
		return nil
	}
	for p := range s.cfg.Players {
		for _, c := range s.hands[p].cards() {
			s.known[c] |= rulesets.Only(p)
		}
		for _, c := range s.graves[p].cards() {
			s.known[c] = rulesets.Everyone
		}
	}
	for _, c := range s.deck.cards()[s.fresh:] {
		s.known[c] = rulesets.Everyone
	}
	if s.attack.Valid() && s.attacker >= 0 {
		s.known[s.attack] |= rulesets.Only(int(s.attacker))
	}
	return nil
}
