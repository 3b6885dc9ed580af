package netplay

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// secrets is a tiny hidden-hand game for the host-authority tests: each
// seat is dealt three cards; every round each seat plays one face down,
// then all are revealed and the highest scores. Every card has a name that
// appears nowhere else ("card-K07"), so a test can search a client's
// received bytes for any card it may not see.
type secrets struct {
	seats  int
	hands  [rulesets.MaxSeats][]int
	played [rulesets.MaxSeats]int // -1 when the seat has not played this round
	shown  []int                  // cards revealed so far
	score  [rulesets.MaxSeats]int
	events []secretEvent
}

type secretEvent struct {
	Kind     string            `json:"kind"` // "dealt", "played", "revealed"
	Seat     int               `json:"seat"`
	Cards    []string          `json:"cards,omitempty"`
	Audience rulesets.Audience `json:"-"`
}

type secretView struct {
	Seat   int      `json:"seat"`
	Hand   []string `json:"hand"`
	Counts []int    `json:"counts"`
	Shown  []string `json:"shown"`
	Played []bool   `json:"played"`
}

func cardName(c int) string { return fmt.Sprintf("card-K%02d", c) }

func newSecrets(seats int, seed uint64) *secrets {
	g := &secrets{seats: seats}
	rng := rulesets.NewRand(seed)
	deck := make([]int, 3*seats+2)
	for i := range deck {
		deck[i] = i
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	for s := range seats {
		g.hands[s] = append([]int(nil), deck[3*s:3*s+3]...)
		g.played[s] = -1
		g.emit(secretEvent{Kind: "dealt", Seat: s, Cards: names(g.hands[s]), Audience: rulesets.Only(s)})
	}
	return g
}

func names(cards []int) []string {
	out := []string{}
	for _, c := range cards {
		out = append(out, cardName(c))
	}
	return out
}

func (g *secrets) emit(e secretEvent) { g.events = append(g.events, e) }

func (g *secrets) Seats() int { return g.seats }
func (g *secrets) Over() bool { return len(g.hands[0]) == 0 && g.played[0] < 0 }

func (g *secrets) ToAct(dst []int) []int {
	for s := range g.seats {
		if g.played[s] < 0 && len(g.hands[s]) > 0 {
			dst = append(dst, s)
		}
	}
	return dst
}

func (g *secrets) Legal(seat int, dst []int) []int {
	if g.played[seat] < 0 {
		dst = append(dst, g.hands[seat]...)
	}
	return dst
}

func (g *secrets) Apply(seat int, card int) error {
	if seat < 0 || seat >= g.seats || g.played[seat] >= 0 {
		return fmt.Errorf("secrets: seat %d may not play now", seat)
	}
	i := -1
	for k, c := range g.hands[seat] {
		if c == card {
			i = k
		}
	}
	if i < 0 {
		return errors.New("secrets: not a card in hand")
	}
	g.hands[seat] = append(g.hands[seat][:i], g.hands[seat][i+1:]...)
	g.played[seat] = card
	g.emit(secretEvent{Kind: "played", Seat: seat, Audience: rulesets.Everyone})
	for s := range g.seats {
		if g.played[s] < 0 {
			return nil
		}
	}
	best := 0
	for s := range g.seats {
		g.emit(secretEvent{Kind: "revealed", Seat: s, Cards: names([]int{g.played[s]}), Audience: rulesets.Everyone})
		g.shown = append(g.shown, g.played[s])
		if g.played[s] > g.played[best] {
			best = s
		}
	}
	g.score[best]++
	for s := range g.seats {
		g.played[s] = -1
	}
	return nil
}

func (g *secrets) Winners(dst []int) []int {
	if !g.Over() {
		return dst
	}
	best := 0
	for s := range g.seats {
		best = max(best, g.score[s])
	}
	for s := range g.seats {
		if g.score[s] == best {
			dst = append(dst, s)
		}
	}
	return dst
}

func (g *secrets) Scores(dst []int) []int { return append(dst, g.score[:g.seats]...) }

func (g *secrets) Hash() uint64 {
	var h rulesets.Hasher
	for s := range g.seats {
		for _, c := range g.hands[s] {
			h.Int(c)
		}
		h.Int(g.played[s])
		h.Int(g.score[s])
	}
	return h.Sum()
}

func (g *secrets) Events() []secretEvent { return g.events }
func (g *secrets) ClearEvents()          { g.events = g.events[:0] }
func (g *secrets) Check() error          { return nil }

func (g *secrets) View(seat int) secretView {
	v := secretView{Seat: seat, Hand: names(g.hands[seat]), Shown: names(g.shown)}
	for s := range g.seats {
		v.Counts = append(v.Counts, len(g.hands[s]))
		v.Played = append(v.Played, g.played[s] >= 0)
	}
	return v
}

// hiddenFrom lists the cards seat may not see now: the other hands and
// the cards played face down this round.
func (g *secrets) hiddenFrom(seat int) []string {
	var out []string
	for s := range g.seats {
		if s == seat {
			continue
		}
		out = append(out, names(g.hands[s])...)
		if g.played[s] >= 0 {
			out = append(out, cardName(g.played[s]))
		}
	}
	return out
}

func secretsHostConfig(room RoomCode, remotes []Remote) HostConfig[*secrets, int, secretEvent] {
	return HostConfig[*secrets, int, secretEvent]{
		Room:    room,
		Remotes: remotes,
		View: func(g *secrets, seat int) ([]byte, error) {
			return json.Marshal(g.View(seat))
		},
		Audience:    func(e secretEvent) rulesets.Audience { return e.Audience },
		EncodeEvent: func(e secretEvent) ([]byte, error) { return json.Marshal(e) },
		DecodeAction: func(data []byte) (int, error) {
			var name string
			if err := json.Unmarshal(data, &name); err != nil {
				return 0, err
			}
			var c int
			if _, err := fmt.Sscanf(name, "card-K%d", &c); err != nil {
				return 0, fmt.Errorf("secrets: card %q: %w", name, err)
			}
			return c, nil
		},
	}
}
