// Package describe says what a phone shows of a seat's view of a
// hidden-hand game: the player's hand, the choices the seat has now, each
// with the action it sends in the ruleset's JSON form, and the public
// facts the player needs while choosing (scores, pile tops, whose turn).
// It imports no Ebitengine, so the phone page (package phone/pad, Go
// WebAssembly) links only the rulesets' views, and the desktop tests use
// it to play as a phone does.
package describe

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jankenarcade/janken/rulesets"
)

// Screen is what the phone shows.
type Screen struct {
	Seat    int
	Players int
	Heading string   // "Round 3 of 9"
	Prompt  string   // "Your turn: pick a card", "Waiting for Player 2"
	Hand    []string // the seat's own cards, as the phone lists them
	Facts   []string // public facts, one a line
	Choices []Choice // empty when the seat owes nothing
	Over    bool
}

// Choice is one button: its label and the action it sends. Choices with
// a Group are chosen in two taps, the group first (a card, then the
// wager to play it with), so that a phone shows a few buttons at a time.
type Choice struct {
	Group  string `json:",omitempty"`
	Label  string
	Action json.RawMessage
}

// game describes one game's views.
type game struct {
	describe func(view []byte) (Screen, error)
}

// games are the hidden-hand games by name.
var games = map[string]game{}

// Describe returns the screen of a view, in the ruleset's JSON form, of
// the named game.
func Describe(name string, view []byte) (Screen, error) {
	g, ok := games[name]
	if !ok {
		return Screen{}, fmt.Errorf("describe: no game %q", name)
	}
	return g.describe(view)
}

// register adds a game whose view V, with actions A, a phone shows: facts
// fills in the game's own parts of the screen (heading, hand, facts and
// a prompt for what the seat chooses), label names an action; scores
// names what the view's Scores count ("Points").
func register[V any, A comparable, PV rulesets.View[V, A]](name, scores string, facts func(v *V, s *Screen), label func(v *V, a A) (group, label string)) {
	games[name] = game{describe: func(data []byte) (Screen, error) {
		var v V
		if err := json.Unmarshal(data, &v); err != nil {
			return Screen{}, fmt.Errorf("describe: %s view: %w", name, err)
		}
		pv := PV(&v)
		s := Screen{Seat: pv.Viewer(), Players: pv.Seats(), Over: pv.Over()}
		facts(&v, &s)
		s.Facts = append(s.Facts, scoreLine(scores, pv.Scores(nil)))
		for _, a := range pv.Legal(nil) {
			data, err := json.Marshal(a)
			if err != nil {
				return Screen{}, fmt.Errorf("describe: %s action %v: %w", name, a, err)
			}
			c := Choice{Action: data}
			c.Group, c.Label = label(&v, a)
			s.Choices = append(s.Choices, c)
		}
		switch toAct := pv.ToAct(nil); {
		case s.Over:
			s.Prompt = "Game over. " + winnersLine(pv.Winners(nil), s.Seat)
		case len(s.Choices) > 0 && s.Prompt == "":
			s.Prompt = "Your turn"
		case len(s.Choices) == 0:
			s.Prompt = "Waiting for " + seatList(toAct, s.Seat)
		}
		return s, nil
	}}
}

// symbolName is a symbol's name with a capital: "Rock".
func symbolName(s rulesets.Symbol) string {
	n := s.String()
	if n == "" {
		return n
	}
	return strings.ToUpper(n[:1]) + n[1:]
}

// SeatName names a seat as the TV does.
func SeatName(seat int) string { return fmt.Sprintf("Player %d", seat+1) }

// seatList names seats: "Player 2", "Players 1 and 3", "you and Player 2".
func seatList(seats []int, self int) string {
	var names []string
	for _, s := range seats {
		if s == self {
			names = append(names, "you")
		} else {
			names = append(names, SeatName(s))
		}
	}
	switch len(names) {
	case 0:
		return "the table"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func scoreLine(name string, scores []int) string {
	parts := make([]string, len(scores))
	for seat, sc := range scores {
		parts[seat] = fmt.Sprintf("P%d %d", seat+1, sc)
	}
	return name + ": " + strings.Join(parts, " · ")
}

func winnersLine(winners []int, self int) string {
	for _, w := range winners {
		if w == self {
			if len(winners) == 1 {
				return "You win!"
			}
			return "You share the win with " + seatList(without(winners, self), -1) + "."
		}
	}
	return seatList(winners, -1) + " won."
}

func without(seats []int, s int) []int {
	var out []int
	for _, x := range seats {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// count says how many: "1 card", "3 cards", "-1 point".
func count(n int, thing string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
