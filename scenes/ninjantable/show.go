package ninjantable

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/ninjan"
)

// picture is the table's own copy of the public game, changed one event
// at a time as the animations finish. Drawing reads it, never the ruleset's
// state, so what the players see is always what the events have told so
// far.
type picture struct {
	players int
	round   int
	piles   [ninjan.NumPiles][]ninjan.Card
	taken   [ninjan.MaxPlayers]int // cards in each score area
	points  [ninjan.MaxPlayers]int
	dealt   [ninjan.MaxPlayers]int // cards in each hand, as dealt and played
	chosen  [ninjan.MaxPlayers]bool
	played  [ninjan.MaxPlayers]ninjan.Card // revealed and not yet resolved

	// The resolution lane: the round's cards in the order they resolve,
	// and how many have resolved.
	lane     [ninjan.MaxPlayers]int
	laneN    int
	resolved int
	current  int // seat whose card resolves now, or -1

	contenders uint8
	throws     [ninjan.MaxPlayers]rulesets.Symbol
	thrown     [ninjan.MaxPlayers]bool
	winners    uint8
	over       bool
}

// init sets the picture to a public view of the game (View(-1): no hand).
func (p *picture) init(v *ninjan.View) {
	*p = picture{players: v.Config.Players, round: v.Round, current: v.Resolving(),
		contenders: v.Contenders, winners: v.Won, over: v.Phase == ninjan.PhaseOver}
	for i := range v.Piles {
		p.piles[i] = append(p.piles[i][:0], v.Piles[i].Cards()...)
	}
	for s := range p.players {
		p.taken[s] = v.Taken[s].Len()
		p.points[s] = int(v.Points[s])
		p.chosen[s] = v.Chosen[s] && !v.Played[s].Valid()
		p.dealt[s] = int(v.HandSize[s])
		if p.chosen[s] {
			p.dealt[s]++ // the face-down card counts until it is revealed, as in the events
		}
		p.played[s] = v.Played[s]
		p.thrown[s] = v.Thrown[s]
	}
	if v.OrderN > 0 {
		p.laneN, p.resolved = int(v.OrderN), int(v.Next)
		for i := range p.laneN {
			p.lane[i] = int(v.Order[i])
		}
	}
}

// flight is one card moving across the table.
type flight struct {
	card     ninjan.Card // the zero Card flies face down
	x0, y0   float64
	x1, y1   float64
	delay    int // ticks before it starts
	scale0   float64
	scale1   float64
	flipAt   float64 // 0..1: where a face-down card turns face up (0: never)
	turnFrom bool    // starts face down and turns over
}

// show is the event being played: its flights, how long it lasts, and the
// change to the picture it makes when it ends.
type show struct {
	ev      ninjan.Event
	ticks   int
	elapsed int
	flights []flight
	hide    hideMask // what the flights carry away, hidden meanwhile
}

// hideMask says which parts of the picture are in the air.
type hideMask struct {
	pile     int // pile whose cards fly away, or -1
	laneSeat int // seat whose lane card flies away, or -1
	chosen   int // seat whose face-down card turns over, or -1
}

func noHide() hideMask { return hideMask{pile: -1, laneSeat: -1, chosen: -1} }

// progress returns how far the show is, 0..1.
func (s *show) progress() float64 {
	if s.ticks <= 0 {
		return 1
	}
	return min(1, float64(s.elapsed)/float64(s.ticks))
}

// apply changes the picture as ev says: the end of its animation.
func (p *picture) apply(ev ninjan.Event) {
	seat := int(ev.Seat)
	switch ev.Kind {
	case ninjan.EventPileStart:
		p.piles[ev.Pile] = append(p.piles[ev.Pile][:0], ev.Card)
	case ninjan.EventDeal:
		p.dealt[seat] = ninjan.Rounds
	case ninjan.EventRoundStart:
		p.round = int(ev.Round)
		p.laneN, p.resolved, p.current = 0, 0, -1
	case ninjan.EventChosen:
		p.chosen[seat] = true
	case ninjan.EventRevealed:
		p.played[seat] = ev.Card
		p.chosen[seat] = false
		p.dealt[seat]--
		p.setLane()
	case ninjan.EventResolving:
		p.current = seat
	case ninjan.EventClaimed:
		p.taken[seat] += int(ev.Count)
		p.points[seat] += int(ev.Points)
		p.piles[ev.Pile] = append(p.piles[ev.Pile][:0], ev.Card)
		p.resolveDone(seat)
	case ninjan.EventPlaced:
		p.piles[ev.Pile] = append(p.piles[ev.Pile], ev.Card)
		p.resolveDone(seat)
	case ninjan.EventDeciderStart:
		p.contenders = ev.Seats
		p.thrown = [ninjan.MaxPlayers]bool{}
	case ninjan.EventThrown:
		p.thrown[seat] = true
		p.throws[seat] = rulesets.NoSymbol
	case ninjan.EventThrowRevealed:
		p.throws[seat] = ev.Symbol
	case ninjan.EventKnockedOut:
		p.contenders &^= 1 << seat
	case ninjan.EventGameOver:
		p.winners, p.over = ev.Seats, true
	}
}

// setLane orders the revealed cards as they will resolve.
func (p *picture) setLane() {
	var order [ninjan.MaxPlayers]int8
	n := ninjan.ResolutionOrder(p.played[:p.players], order[:])
	p.laneN = n
	for i, seat := range order[:n] {
		p.lane[i] = int(seat)
	}
}

func (p *picture) resolveDone(seat int) {
	p.played[seat] = ninjan.Card{}
	p.resolved++
	p.current = -1
}

// laneIndex returns seat's place in the lane, or -1.
func (p *picture) laneIndex(seat int) int {
	for i := range p.laneN {
		if p.lane[i] == seat {
			return i
		}
	}
	return -1
}

// logLine describes ev for the game log, naming seats by names.
func logLine(ev ninjan.Event, names []string) string {
	seat := int(ev.Seat)
	switch ev.Kind {
	case ninjan.EventRoundStart:
		return fmt.Sprintf("— Round %d —", ev.Round)
	case ninjan.EventRevealed:
		return fmt.Sprintf("%s plays %s", names[seat], cardName(ev.Card))
	case ninjan.EventClaimed:
		return fmt.Sprintf("%s takes pile %d (%+d)", names[seat], ev.Pile+1, ev.Points)
	case ninjan.EventPlaced:
		return fmt.Sprintf("%s places on pile %d", names[seat], ev.Pile+1)
	case ninjan.EventDeciderStart:
		return "Tie! Rock-paper-scissors decides"
	case ninjan.EventThrowRevealed:
		return fmt.Sprintf("%s throws %s", names[seat], ev.Symbol)
	case ninjan.EventKnockedOut:
		return fmt.Sprintf("%s is out of the decider", names[seat])
	case ninjan.EventGameOver:
		return "Game over"
	}
	return ""
}

// cardName is how the screen names a card: "7 Rock".
func cardName(c ninjan.Card) string {
	return fmt.Sprintf("%d %s", c.Value, suitName(c.Suit))
}

func suitName(s rulesets.Symbol) string {
	switch s {
	case rulesets.Rock:
		return "Rock"
	case rulesets.Paper:
		return "Paper"
	case rulesets.Scissors:
		return "Scissors"
	}
	return "?"
}
