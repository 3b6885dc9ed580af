package thatsmine

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/jankenarcade/janken/rulesets"
)

// MarshalJSON writes the set as an array of card numbers in increasing
// order: [3, 12, 26].
func (s CardSet) MarshalJSON() ([]byte, error) {
	cards := s.Cards(make([]Card, 0, s.Len()))
	nums := make([]int, len(cards))
	for i, c := range cards {
		nums[i] = int(c)
	}
	return json.Marshal(nums)
}

// UnmarshalJSON reads an array of card numbers; each must be 1–36 and
// appear once.
func (s *CardSet) UnmarshalJSON(data []byte) error {
	var nums []int
	if err := json.Unmarshal(data, &nums); err != nil {
		return fmt.Errorf("thatsmine: want an array of card numbers: %w", err)
	}
	var set CardSet
	for _, n := range nums {
		c := Card(n)
		if n < 1 || n > NumCards {
			return fmt.Errorf("thatsmine: %d is not a card (1 to %d)", n, NumCards)
		}
		if set.Has(c) {
			return fmt.Errorf("thatsmine: card %d listed twice", n)
		}
		set |= c.set()
	}
	*s = set
	return nil
}

// MarshalJSON writes the set as an array of seat numbers.
func (s SeatSet) MarshalJSON() ([]byte, error) {
	seats := []int{}
	for seat := range 8 {
		if s.Has(seat) {
			seats = append(seats, seat)
		}
	}
	return json.Marshal(seats)
}

// UnmarshalJSON reads an array of seat numbers (0 to 7).
func (s *SeatSet) UnmarshalJSON(data []byte) error {
	var seats []int
	if err := json.Unmarshal(data, &seats); err != nil {
		return fmt.Errorf("thatsmine: want an array of seats: %w", err)
	}
	var set SeatSet
	for _, seat := range seats {
		if seat < 0 || seat >= 8 {
			return fmt.Errorf("thatsmine: no seat %d", seat)
		}
		set |= 1 << seat
	}
	*s = set
	return nil
}

// positionJSON is the documented JSON form of a position (see FORMAT.md).
type positionJSON struct {
	Players  int            `json:"players"`
	Target   int            `json:"target,omitempty"`
	Round    int            `json:"round"`
	Deal     int            `json:"deal"`
	Supply   int            `json:"supply"`
	Kitty    int            `json:"kitty"`
	Tokens   []int          `json:"tokens"`
	Hands    []CardSet      `json:"hands"`
	Choices  []*Action      `json:"choices,omitempty"`
	FaceDown CardSet        `json:"faceDown"`
	Discard  CardSet        `json:"discard"`
	Last     *lastJSON      `json:"last,omitempty"`
	Over     bool           `json:"over,omitempty"`
	Winners  SeatSet        `json:"winners,omitempty"`
	RNG      *rulesets.Rand `json:"rng,omitempty"`
}

type lastJSON struct {
	Round    int       `json:"round"`
	Wagers   []int     `json:"wagers"`
	Cards    seatCards `json:"cards"`
	Survivor int       `json:"survivor"`
	Pot      int       `json:"pot"`
}

// seatCards is the cards of the seats in seat order, written as an array of card
// numbers: [7, 3, 26]. (A []Card alone would be a base64 string, which is
// how positions were written before; reading still accepts that.)
type seatCards []Card

// MarshalJSON writes the list as an array of card numbers.
func (l seatCards) MarshalJSON() ([]byte, error) {
	nums := make([]int, len(l))
	for i, c := range l {
		nums[i] = int(c)
	}
	return json.Marshal(nums)
}

// UnmarshalJSON reads an array of card numbers, or the base64 string of
// older positions.
func (l *seatCards) UnmarshalJSON(data []byte) error {
	if len(data) > 0 && data[0] == '"' {
		var old []byte
		if err := json.Unmarshal(data, &old); err != nil {
			return fmt.Errorf("want an array of card numbers: %w", err)
		}
		*l = make(seatCards, len(old))
		for i, b := range old {
			(*l)[i] = Card(b)
		}
		return nil
	}
	var nums []int
	if err := json.Unmarshal(data, &nums); err != nil {
		return fmt.Errorf("want an array of card numbers: %w", err)
	}
	*l = make(seatCards, len(nums))
	for i, n := range nums {
		if n < 1 || n > NumCards {
			return fmt.Errorf("%d is not a card (1 to %d)", n, NumCards)
		}
		(*l)[i] = Card(n)
	}
	return nil
}

// MarshalJSON writes the position in the documented form.
func (s *State) MarshalJSON() ([]byte, error) {
	p := positionJSON{
		Players: s.players, Target: s.Config().Target, Round: s.round, Deal: s.deal,
		Supply: s.supply, Kitty: s.kitty, Tokens: s.tokens[:s.players], Hands: s.hands[:s.players],
		FaceDown: s.faceDown, Discard: s.discard, Over: s.over, Winners: s.winners, RNG: &s.rng,
	}
	for seat := range s.players {
		if s.chosen[seat] {
			p.Choices = make([]*Action, s.players)
			break
		}
	}
	for seat := range p.Choices {
		if s.chosen[seat] {
			p.Choices[seat] = &Action{Card: s.play[seat], Wager: s.wager[seat]}
		}
	}
	if s.last.Round > 0 {
		p.Last = &lastJSON{Round: s.last.Round, Wagers: s.last.Wagers[:s.players], Cards: s.last.Cards[:s.players],
			Survivor: s.last.Survivor, Pot: s.last.Pot}
	}
	return json.Marshal(p)
}

// UnmarshalJSON reads a position in the documented form and validates it:
// an inconsistent position is rejected with the first problem found and
// the state is left untouched.
func (s *State) UnmarshalJSON(data []byte) error {
	var p positionJSON
	if err := rulesets.UnmarshalStrict(data, &p); err != nil {
		return fmt.Errorf("thatsmine: position: %w", err)
	}
	n, err := p.state()
	if err != nil {
		return fmt.Errorf("thatsmine: position: %w", err)
	}
	for _, check := range [...]func() error{n.checkCards, n.checkTokens, n.checkEnd} {
		if err := check(); err != nil {
			return fmt.Errorf("thatsmine: position: %w", err)
		}
	}
	*s = *n
	return nil
}

// state builds the State a position describes; Check validates the rest.
func (p *positionJSON) state() (*State, error) {
	setup, err := Config{Players: p.Players, Target: p.Target}.setup()
	if err != nil {
		return nil, err
	}
	if len(p.Tokens) != p.Players || len(p.Hands) != p.Players {
		return nil, fmt.Errorf("want %d entries in tokens and hands, got %d and %d", p.Players, len(p.Tokens), len(p.Hands))
	}
	if p.Choices != nil && len(p.Choices) != p.Players {
		return nil, fmt.Errorf("want %d entries in choices (null for a seat still choosing), got %d", p.Players, len(p.Choices))
	}
	s := &State{players: p.Players, setup: setup, faceDown: p.FaceDown, discard: p.Discard,
		supply: p.Supply, kitty: p.Kitty, round: p.Round, deal: p.Deal, over: p.Over, winners: p.Winners}
	s.last.Survivor = -1
	copy(s.tokens[:], p.Tokens)
	copy(s.hands[:], p.Hands)
	for seat, c := range p.Choices {
		if c == nil {
			continue
		}
		if !c.Card.Valid() {
			return nil, fmt.Errorf("seat %d: play card %d is not a card", seat, c.Card)
		}
		s.chosen[seat], s.play[seat], s.wager[seat] = true, c.Card, c.Wager
	}
	if p.Last != nil {
		if err := p.Last.into(&s.last, p.Players); err != nil {
			return nil, err
		}
	}
	if p.Round < 0 || p.Deal < 0 {
		return nil, fmt.Errorf("negative round %d or deal %d", p.Round, p.Deal)
	}
	if p.RNG != nil {
		s.rng = *p.RNG
	} else {
		s.rng = rulesets.NewRand(0)
	}
	return s, nil
}

func (l *lastJSON) into(r *Reveal, players int) error {
	if len(l.Wagers) != players || len(l.Cards) != players {
		return fmt.Errorf("last: want %d wagers and cards", players)
	}
	if l.Survivor < 0 || l.Survivor >= players || l.Round < 1 || l.Pot < 1 {
		return fmt.Errorf("last: survivor %d, round %d, pot %d out of range", l.Survivor, l.Round, l.Pot)
	}
	for seat := range players {
		if !l.Cards[seat].Valid() || l.Wagers[seat] < 0 {
			return fmt.Errorf("last: seat %d: card %d, wager %d", seat, l.Cards[seat], l.Wagers[seat])
		}
	}
	*r = Reveal{Round: l.Round, Survivor: l.Survivor, Pot: l.Pot}
	copy(r.Wagers[:], l.Wagers)
	copy(r.Cards[:], l.Cards)
	return nil
}

// String describes the action: "Paper 26, wager 0". Its JSON form is
// {"card": 26, "wager": 0}.
func (a Action) String() string { return fmt.Sprintf("%v, wager %d", a.Card, a.Wager) }

// MarshalJSON writes the action's JSON form: {"card":26,"wager":0}.
func (a Action) MarshalJSON() ([]byte, error) { return a.AppendJSON(nil) }

// AppendJSON appends the form MarshalJSON writes to dst; it allocates
// nothing once dst has room, so a replay records actions for free.
func (a Action) AppendJSON(dst []byte) ([]byte, error) {
	dst = strconv.AppendUint(append(dst, `{"card":`...), uint64(a.Card), 10)
	dst = strconv.AppendInt(append(dst, `,"wager":`...), int64(a.Wager), 10)
	return append(dst, '}'), nil
}

// DecodeAction reads an action in its JSON form {"card": N, "wager": W}.
func DecodeAction(data []byte) (Action, error) {
	var a Action
	if err := rulesets.UnmarshalStrict(data, &a); err != nil {
		return Action{}, fmt.Errorf("thatsmine: action: want {\"card\": 1–36, \"wager\": N}: %w", err)
	}
	return a, nil
}

// Decode reads and validates a position.
func Decode(data []byte) (*State, error) {
	s := new(State)
	if err := s.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return s, nil
}
