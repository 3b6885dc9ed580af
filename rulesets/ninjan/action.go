package ninjan

import (
	"fmt"
	"strconv"

	"github.com/jankenarcade/janken/rulesets"
)

// ActionKind says what an Action does.
type ActionKind uint8

const (
	// Play chooses Card from the hand for this round (PhasePlay).
	Play ActionKind = iota + 1
	// Claim takes Pile, whose top the resolving card beats (PhaseClaim).
	Claim
	// Place puts the resolving card on Pile (PhasePlace).
	Place
	// Throw is a decider throw: Symbol, or NoSymbol to let the game's
	// generator throw uniformly at random (what bots do).
	Throw
)

var actionNames = [...]string{"", "play", "claim", "place", "throw"}

// String returns the kind's name as in the JSON form.
func (k ActionKind) String() string { return rulesets.EnumName(actionNames[:], k, "action") }

// Action is one decision of one seat. It is a small value without
// pointers.
type Action struct {
	Kind   ActionKind
	Card   Card            // Play
	Pile   int8            // Claim, Place: 0, 1 or 2 (left to right)
	Symbol rulesets.Symbol // Throw
}

// PlayCard returns the action of choosing c.
func PlayCard(c Card) Action { return Action{Kind: Play, Card: c} }

// ClaimPile returns the action of claiming pile p.
func ClaimPile(p int) Action { return Action{Kind: Claim, Pile: int8(p)} }

// PlaceOn returns the action of placing the resolving card on pile p.
func PlaceOn(p int) Action { return Action{Kind: Place, Pile: int8(p)} }

// ThrowSymbol returns a decider throw; NoSymbol means "at random".
func ThrowSymbol(sym rulesets.Symbol) Action { return Action{Kind: Throw, Symbol: sym} }

// String describes the action as in the game log.
func (a Action) String() string {
	switch a.Kind {
	case Play:
		return "play " + a.Card.String()
	case Claim, Place:
		return fmt.Sprintf("%v pile %d", a.Kind, a.Pile) // numbered from 0, as in JSON
	case Throw:
		if a.Symbol == rulesets.NoSymbol {
			return "throw at random"
		}
		return "throw " + a.Symbol.String()
	}
	return a.Kind.String()
}

// actionJSON is the JSON form of an action; see the package documentation.
type actionJSON struct {
	Kind   string  `json:"kind"`
	Card   *Card   `json:"card,omitempty"`
	Pile   *int    `json:"pile,omitempty"`
	Symbol *string `json:"symbol,omitempty"`
}

// MarshalJSON writes {"kind":"play","card":"7R"}, {"kind":"claim","pile":0},
// {"kind":"place","pile":2} or {"kind":"throw","symbol":"rock"} ("random"
// for a random throw).
func (a Action) MarshalJSON() ([]byte, error) { return a.AppendJSON(nil) }

// AppendJSON appends the form MarshalJSON writes to dst; it allocates
// nothing once dst has room, so a replay records actions for free.
func (a Action) AppendJSON(dst []byte) ([]byte, error) {
	switch a.Kind {
	case Play:
		dst = append(dst, `{"kind":"play","card":"`...)
		dst, err := a.Card.AppendText(dst)
		return append(dst, `"}`...), err
	case Claim, Place:
		dst = append(append(append(dst, `{"kind":"`...), actionNames[a.Kind]...), `","pile":`...)
		return append(strconv.AppendInt(dst, int64(a.Pile), 10), '}'), nil
	case Throw:
		name := "random"
		if a.Symbol != rulesets.NoSymbol {
			name = a.Symbol.String()
		}
		return append(append(append(dst, `{"kind":"throw","symbol":"`...), name...), `"}`...), nil
	}
	return dst, fmt.Errorf("ninjan: cannot encode action of kind %d", a.Kind)
}

// UnmarshalJSON reads the form written by MarshalJSON. Whether the action
// is legal is Apply's business; this only checks its shape.
func (a *Action) UnmarshalJSON(data []byte) error {
	var j actionJSON
	if err := rulesets.UnmarshalStrict(data, &j); err != nil {
		return fmt.Errorf("ninjan: action: %w", err)
	}
	var v Action
	switch j.Kind {
	case "play":
		if j.Card == nil || j.Pile != nil || j.Symbol != nil {
			return fmt.Errorf("ninjan: a play action has exactly a \"card\", as in {\"kind\":\"play\",\"card\":\"7R\"}")
		}
		v = PlayCard(*j.Card)
	case "claim", "place":
		if j.Pile == nil || j.Card != nil || j.Symbol != nil {
			return fmt.Errorf("ninjan: a %s action has exactly a \"pile\" (0, 1 or 2)", j.Kind)
		}
		if *j.Pile < 0 || *j.Pile >= NumPiles {
			return fmt.Errorf("ninjan: pile %d: want 0, 1 or 2", *j.Pile)
		}
		kind, _ := rulesets.ParseEnum[ActionKind](actionNames[:], j.Kind) // claim or place, as cased
		v = Action{Kind: kind, Pile: int8(*j.Pile)}
	case "throw":
		if j.Symbol == nil || j.Card != nil || j.Pile != nil {
			return fmt.Errorf("ninjan: a throw action has exactly a \"symbol\" (rock, paper, scissors or random)")
		}
		v = Action{Kind: Throw}
		if *j.Symbol != "random" {
			sym, err := rulesets.ParseSymbol(*j.Symbol)
			if err != nil || sym == rulesets.NoSymbol {
				return fmt.Errorf("ninjan: throw %q: want rock, paper, scissors or random", *j.Symbol)
			}
			v.Symbol = sym
		}
	default:
		return fmt.Errorf("ninjan: action kind %q: want play, claim, place or throw", j.Kind)
	}
	*a = v
	return nil
}
