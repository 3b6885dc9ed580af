package elevensuits

import (
	"fmt"
	"strconv"

	"github.com/jankenarcade/janken/rulesets"
)

// ActionKind says what an Action does.
type ActionKind uint8

// The kinds of action.
const (
	// Throw: a symbol for the opening round of plain rock-paper-scissors.
	Throw ActionKind = iota + 1
	// Attack: play Card from hand face down against the next player.
	Attack
	// Defend: answer the attack with Card face up.
	Defend
	// Guess: begin a guess to win against seat Target (advanced rules).
	Guess
	// Name: name Card as one of the guess's five.
	Name
	// Peek: after a wrong guess, look at the guesser's card at Slot.
	Peek
)

var actionNames = [...]string{"", "throw", "attack", "defend", "guess", "name", "peek"}

func (k ActionKind) String() string { return rulesets.EnumName(actionNames[:], k, "action") }

// Action is one move: a small value without pointers. Only the fields of
// its kind matter; the constructors set them.
type Action struct {
	Kind   ActionKind
	Symbol rulesets.Symbol // Throw
	Card   Card            // Attack, Defend, Name
	Target int8            // Guess
	Slot   int8            // Peek
}

// ThrowAction throws sym in the opening round.
func ThrowAction(sym rulesets.Symbol) Action { return Action{Kind: Throw, Symbol: sym, Card: NoCard} }

// AttackAction attacks with c.
func AttackAction(c Card) Action { return Action{Kind: Attack, Card: c} }

// DefendAction answers with c.
func DefendAction(c Card) Action { return Action{Kind: Defend, Card: c} }

// GuessAction begins a guess to win against target.
func GuessAction(target int) Action { return Action{Kind: Guess, Target: int8(target), Card: NoCard} }

// NameAction names c in a guess.
func NameAction(c Card) Action { return Action{Kind: Name, Card: c} }

// PeekAction looks at the guesser's card at slot.
func PeekAction(slot int) Action { return Action{Kind: Peek, Slot: int8(slot), Card: NoCard} }

func (a Action) String() string {
	switch a.Kind {
	case Throw:
		return "throw " + a.Symbol.String()
	case Attack, Defend, Name:
		return a.Kind.String() + " " + a.Card.String()
	case Guess:
		return fmt.Sprintf("guess against seat %d", a.Target)
	case Peek:
		return fmt.Sprintf("peek at slot %d", a.Slot)
	}
	return a.Kind.String()
}

// actionJSON is the documented JSON form of an action (see FORMAT.md).
type actionJSON struct {
	Kind   string           `json:"kind"`
	Symbol *rulesets.Symbol `json:"symbol,omitempty"`
	Card   *Card            `json:"card,omitempty"`
	Target *int             `json:"target,omitempty"`
	Slot   *int             `json:"slot,omitempty"`
}

// MarshalJSON writes {"kind":"attack","card":"tundra-rock"} and the like.
func (a Action) MarshalJSON() ([]byte, error) { return a.AppendJSON(nil) }

// AppendJSON appends the form MarshalJSON writes to dst; it allocates
// nothing once dst has room, so a replay records actions for free.
func (a Action) AppendJSON(dst []byte) ([]byte, error) {
	if a.Kind == 0 || int(a.Kind) >= len(actionNames) {
		return dst, fmt.Errorf("elevensuits: encode action: unknown kind %d", a.Kind)
	}
	dst = append(append(dst, `{"kind":"`...), actionNames[a.Kind]...)
	var err error
	switch a.Kind {
	case Throw:
		dst = append(dst, `","symbol":"`...)
		dst, err = a.Symbol.AppendText(dst)
		dst = append(dst, '"')
	case Attack, Defend, Name:
		dst = append(dst, `","card":"`...)
		dst, err = a.Card.AppendText(dst)
		dst = append(dst, '"')
	case Guess:
		dst = strconv.AppendInt(append(dst, `","target":`...), int64(a.Target), 10)
	case Peek:
		dst = strconv.AppendInt(append(dst, `","slot":`...), int64(a.Slot), 10)
	}
	return append(dst, '}'), err
}

// UnmarshalJSON reads the form written by MarshalJSON. A missing field of
// the action's kind is an error.
func (a *Action) UnmarshalJSON(data []byte) error {
	var j actionJSON
	if err := rulesets.UnmarshalStrict(data, &j); err != nil {
		return fmt.Errorf("elevensuits: action: %w", err)
	}
	need := func(ok bool, field string) error {
		if !ok {
			return fmt.Errorf("elevensuits: action %q needs %q", j.Kind, field)
		}
		return nil
	}
	var v Action
	var err error
	switch j.Kind {
	case "throw":
		if err = need(j.Symbol != nil, "symbol"); err == nil {
			v = ThrowAction(*j.Symbol)
		}
	case "attack", "defend", "name":
		if err = need(j.Card != nil, "card"); err == nil {
			kind, _ := rulesets.ParseEnum[ActionKind](actionNames[:], j.Kind) // one of the three cased
			v = Action{Kind: kind, Card: *j.Card}
		}
	case "guess":
		if err = need(j.Target != nil, "target"); err == nil {
			if *j.Target < 0 || *j.Target >= MaxPlayers {
				return fmt.Errorf("elevensuits: guess target %d: want a seat 0 to %d", *j.Target, MaxPlayers-1)
			}
			v = GuessAction(*j.Target)
		}
	case "peek":
		if err = need(j.Slot != nil, "slot"); err == nil {
			if *j.Slot < 0 || *j.Slot >= NumCards {
				return fmt.Errorf("elevensuits: peek slot %d out of range", *j.Slot)
			}
			v = PeekAction(*j.Slot)
		}
	default:
		return fmt.Errorf("elevensuits: unknown action kind %q (want throw, attack, defend, guess, name or peek)", j.Kind)
	}
	if err != nil {
		return err
	}
	*a = v
	return nil
}
