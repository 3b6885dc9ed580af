package ninjan

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jankenarcade/janken/rulesets"
)

// stateJSON is the documented JSON form of a position (see the package
// documentation). Optional fields are pointers or omitted when empty.
type stateJSON struct {
	Players    int            `json:"players"`
	TieBreak   *TieBreak      `json:"tieBreak,omitempty"`
	Round      int            `json:"round"`
	Phase      Phase          `json:"phase"`
	Piles      [][]Card       `json:"piles"`
	Hands      []CardSet      `json:"hands"`
	Played     []*Card        `json:"played,omitempty"`
	Order      []int          `json:"order,omitempty"`
	Next       int            `json:"next,omitempty"`
	Taken      []CardSet      `json:"taken,omitempty"`
	Scores     []int          `json:"scores,omitempty"`
	Box        *CardSet       `json:"box,omitempty"`
	Contenders []int          `json:"contenders,omitempty"`
	Throws     []string       `json:"throws,omitempty"`
	Winners    []int          `json:"winners,omitempty"`
	Rng        *rulesets.Rand `json:"rng,omitempty"`
}

// MarshalJSON writes the whole position in the documented form.
func (s *State) MarshalJSON() ([]byte, error) {
	n := s.cfg.Players
	tb := s.cfg.TieBreak
	rng := s.rng
	j := stateJSON{
		Players:  n,
		TieBreak: &tb,
		Round:    s.Round(),
		Phase:    s.phase,
		Hands:    append([]CardSet(nil), s.hands[:n]...),
		Taken:    append([]CardSet(nil), s.taken[:n]...),
		Scores:   s.Scores(nil),
		Box:      &s.box,
		Winners:  s.Winners(nil),
		Rng:      &rng,
	}
	for p := range s.piles {
		j.Piles = append(j.Piles, append([]Card(nil), s.piles[p].Cards()...))
	}
	if s.phase != PhaseDecider && s.phase != PhaseOver {
		j.Played = make([]*Card, n)
		for seat := range n {
			if c := s.played[seat]; c != (Card{}) {
				j.Played[seat] = &c
			}
		}
	}
	if s.phase == PhaseClaim || s.phase == PhasePlace {
		for _, seat := range s.order[:s.orderN] {
			j.Order = append(j.Order, int(seat))
		}
		j.Next = int(s.next)
	}
	if s.phase == PhaseDecider {
		j.Throws = make([]string, n)
		for seat := range n {
			j.Contenders = appendIf(j.Contenders, seat, s.contenders&(1<<seat) != 0)
			j.Throws[seat] = throwName(s.throws[seat])
		}
	}
	return json.Marshal(j)
}

func appendIf(dst []int, v int, ok bool) []int {
	if ok {
		dst = append(dst, v)
	}
	return dst
}

func throwName(t rulesets.Symbol) string {
	switch t {
	case rulesets.NoSymbol:
		return ""
	case randomThrow:
		return "random"
	}
	return t.String()
}

// UnmarshalJSON reads a position in the documented form and validates it:
// a position that breaks a rule of the game (a card twice or missing, hand
// sizes that do not fit the round, a phase that does not fit the cards) is
// rejected with an error saying what is wrong, and s is left unchanged.
func (s *State) UnmarshalJSON(data []byte) error {
	var j stateJSON
	if err := rulesets.UnmarshalStrict(data, &j); err != nil {
		return fmt.Errorf("ninjan: position: %w", err)
	}
	v, err := j.state()
	if err != nil {
		return err
	}
	*s = *v
	return nil
}

// Decode reads and validates a position.
func Decode(data []byte) (*State, error) {
	var s State
	if err := s.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &s, nil
}

func (j *stateJSON) state() (*State, error) {
	s := &State{cfg: Config{Players: j.Players}, phase: j.Phase}
	if j.TieBreak != nil {
		s.cfg.TieBreak = *j.TieBreak
	}
	if err := s.cfg.Validate(); err != nil {
		return nil, fmt.Errorf("ninjan: position: %w", err)
	}
	if j.Rng != nil {
		s.rng = *j.Rng
	}
	if j.Round < 1 || j.Round > Rounds {
		return nil, fmt.Errorf("ninjan: position: round %d: want 1..%d", j.Round, Rounds)
	}
	s.round = int8(j.Round - 1)
	if j.Phase == PhaseDecider || j.Phase == PhaseOver {
		if j.Round != Rounds {
			return nil, fmt.Errorf("ninjan: position: phase %v in round %d", j.Phase, j.Round)
		}
		s.round = Rounds
	}
	if len(j.Piles) != NumPiles {
		return nil, fmt.Errorf("ninjan: position: %d piles, want 3", len(j.Piles))
	}
	for p, cards := range j.Piles {
		if len(cards) == 0 || len(cards) > NumCards {
			return nil, fmt.Errorf("ninjan: position: pile %d has %d cards", p, len(cards))
		}
		for _, c := range cards {
			if !c.Valid() {
				return nil, fmt.Errorf("ninjan: position: pile %d holds %q, not a card", p, c.String())
			}
			s.piles[p].push(c)
		}
	}
	if err := j.seats(s); err != nil {
		return nil, err
	}
	if err := j.resolution(s); err != nil {
		return nil, err
	}
	if err := j.end(s); err != nil {
		return nil, err
	}
	if j.Box != nil {
		s.box = *j.Box
	} else {
		s.box = AllCards &^ s.placed()
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("ninjan: position: %s", strings.TrimPrefix(err.Error(), "ninjan: "))
	}
	if j.Scores != nil && !equalInts(j.Scores, s.Scores(nil)) {
		return nil, fmt.Errorf("ninjan: position: scores %v do not match the score areas (%v)", j.Scores, s.Scores(nil))
	}
	return s, nil
}

// seats reads the hands, played cards and score areas.
func (j *stateJSON) seats(s *State) error {
	n := j.Players
	if len(j.Hands) != n {
		return fmt.Errorf("ninjan: position: %d hands for %d players", len(j.Hands), n)
	}
	copy(s.hands[:], j.Hands)
	if j.Taken != nil && len(j.Taken) != n {
		return fmt.Errorf("ninjan: position: %d score areas for %d players", len(j.Taken), n)
	}
	copy(s.taken[:], j.Taken)
	for seat := range n {
		s.points[seat] = int16(s.taken[seat].Points())
	}
	if j.Played != nil && len(j.Played) != n {
		return fmt.Errorf("ninjan: position: %d played cards for %d players", len(j.Played), n)
	}
	for seat, c := range j.Played {
		if c != nil && *c != (Card{}) {
			s.played[seat] = *c
		}
	}
	return nil
}

// resolution reads (or derives) the resolution order of the claim and
// place phases.
func (j *stateJSON) resolution(s *State) error {
	n := j.Players
	if s.phase != PhaseClaim && s.phase != PhasePlace {
		if j.Order != nil || j.Next != 0 {
			return fmt.Errorf("ninjan: position: \"order\" and \"next\" belong to the claim and place phases only")
		}
		if s.phase == PhasePlay {
			return nil
		}
		for seat := range n {
			if s.played[seat] != (Card{}) {
				return fmt.Errorf("ninjan: position: seat %d has a played card in the %v phase", seat, s.phase)
			}
		}
		return nil
	}
	if j.Order == nil {
		// Derived: the resolved seats first, then the unresolved cards in
		// the rules' order.
		var unresolved [MaxPlayers]int8
		for seat := range n {
			if s.played[seat] == (Card{}) {
				s.order[s.orderN] = int8(seat)
				s.orderN++
			}
		}
		s.next = s.orderN
		k := ResolutionOrder(s.played[:n], unresolved[:])
		for _, seat := range unresolved[:k] {
			s.order[s.orderN] = seat
			s.orderN++
		}
		return nil
	}
	if len(j.Order) != n || j.Next < 0 || j.Next >= n {
		return fmt.Errorf("ninjan: position: order %v with next %d: want every seat once and 0 <= next < %d", j.Order, j.Next, n)
	}
	for i, seat := range j.Order {
		if seat < 0 || seat >= n {
			return fmt.Errorf("ninjan: position: order names seat %d", seat)
		}
		s.order[i] = int8(seat)
	}
	s.orderN, s.next = int8(n), int8(j.Next)
	for i := j.Next + 1; i < n; i++ {
		a, b := s.played[s.order[i-1]], s.played[s.order[i]]
		if resolvesBefore(b, a, s.played[:n]) {
			return fmt.Errorf("ninjan: position: %v must resolve before %v", b, a)
		}
	}
	return nil
}

// end reads the decider and the winners.
func (j *stateJSON) end(s *State) error {
	n := j.Players
	if s.phase != PhaseDecider && (j.Contenders != nil || j.Throws != nil) {
		return fmt.Errorf("ninjan: position: \"contenders\" and \"throws\" belong to the decider phase only")
	}
	if s.phase != PhaseOver && j.Winners != nil {
		return fmt.Errorf("ninjan: position: \"winners\" in the %v phase", s.phase)
	}
	for _, seat := range j.Winners {
		if seat < 0 || seat >= n {
			return fmt.Errorf("ninjan: position: winner %d is not a seat", seat)
		}
		s.winners |= 1 << seat
	}
	if s.phase == PhaseOver && j.Winners == nil {
		s.winners = s.topScorers()
		if s.winners&(s.winners-1) != 0 && s.cfg.TieBreak == Decider {
			return fmt.Errorf("ninjan: position: the game is over and tied: name the decider's winner in \"winners\"")
		}
	}
	for _, seat := range j.Contenders {
		if seat < 0 || seat >= n {
			return fmt.Errorf("ninjan: position: contender %d is not a seat", seat)
		}
		s.contenders |= 1 << seat
	}
	if j.Throws != nil && len(j.Throws) != n {
		return fmt.Errorf("ninjan: position: %d throws for %d players", len(j.Throws), n)
	}
	for seat, name := range j.Throws {
		switch name {
		case "":
		case "random":
			s.throws[seat] = randomThrow
		default:
			sym, err := rulesets.ParseSymbol(name)
			if err != nil {
				return fmt.Errorf("ninjan: position: throw of seat %d: %w", seat, err)
			}
			s.throws[seat] = sym
		}
	}
	if s.phase == PhaseDecider && j.Contenders == nil {
		s.contenders = s.topScorers()
	}
	return nil
}

// placed returns every card outside the box.
func (s *State) placed() CardSet {
	var set CardSet
	for seat := range MaxPlayers {
		set |= s.hands[seat] | s.taken[seat]
		if c := s.played[seat]; c.Valid() {
			set = set.With(c)
		}
	}
	for p := range s.piles {
		set |= s.piles[p].set()
	}
	return set
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
