package thatsminetable

import (
	"fmt"
	"strings"

	"github.com/jankenarcade/janken/rulesets"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes/cardtable"
)

// board is the table as the players see it at this moment of the show:
// the game itself has already resolved the round, and the show catches the
// board up with it one beat at a time.
type board struct {
	players   int
	round     int
	target    int
	supply    int
	kitty     int
	tokens    [tm.MaxPlayers]int
	chosen    [tm.MaxPlayers]bool
	wagers    [tm.MaxPlayers]int
	wagersUp  bool
	cards     [tm.MaxPlayers]tm.Card
	revealed  [tm.MaxPlayers]bool
	knocked   tm.CardSet // cards beaten in this round's comparisons
	tier      int        // the tier being resolved, -1 before the reveal
	tierSeats tm.SeatSet
	survivor  int // -1 when none yet
	winners   tm.SeatSet
	over      bool
}

// newBoard sets the board from the game's public view.
func newBoard(v *tm.View) board {
	return board{players: v.Players, round: v.Round, target: v.Target, supply: v.Supply, kitty: v.Kitty,
		tokens: v.Tokens, chosen: v.Chosen, tier: -1, survivor: -1, winners: v.Won, over: v.Ended}
}

// beat is one step of the show: one event, or several shown together (all
// wagers flip at once; a tier's cards turn over together).
type beat struct {
	events  []tm.Event
	ticks   int
	caption string
	detail  string
}

// show turns the events of an action into beats, paced in ticks.
type show struct {
	queue []tm.Event
	cur   beat
	start int64 // tick the current beat began
}

// busy reports whether beats are still playing or waiting.
func (s *show) busy(now int64) bool {
	return len(s.queue) > 0 || now-s.start < int64(s.cur.ticks)
}

// progress returns how far the current beat is, 0 to 1.
func (s *show) progress(now int64) float64 {
	if s.cur.ticks == 0 {
		return 1
	}
	return min(1, float64(now-s.start)/float64(s.cur.ticks))
}

// push queues events (copied).
func (s *show) push(events []tm.Event) { s.queue = append(s.queue, events...) }

// dealing reports whether a new deal is still ahead in the show (the
// hands, just dealt in the game, are then still empty on the table).
func (s *show) dealing() bool {
	for _, e := range s.queue {
		if e.Kind == tm.EventShuffle {
			return true
		}
	}
	return false
}

// logEvent logs e if it is public news (not that a seat has chosen).
func logEvent(st *cardtable.Status, e tm.Event) {
	if e.Audience == rulesets.Everyone && e.Kind != tm.EventChosen {
		st.Log(e.String())
	}
}

// skip ends the current beat now.
func (s *show) skip(now int64) { s.start = now - int64(s.cur.ticks) }

// step starts the next beat when the current one is over, applying it to
// b and logging its public events on st. speed divides the beats' lengths
// (reduced motion).
func (s *show) step(now int64, b *board, speed int, st *cardtable.Status) {
	for len(s.queue) > 0 && now-s.start >= int64(s.cur.ticks) {
		n := groupLen(s.queue)
		s.cur = beat{events: s.queue[:n:n]}
		s.queue = s.queue[n:]
		for _, e := range s.cur.events {
			b.apply(e)
			logEvent(st, e)
		}
		s.cur.caption, s.cur.detail, s.cur.ticks = describe(s.cur.events, b, st)
		s.cur.ticks /= max(speed, 1)
		s.start = now
	}
	if len(s.queue) == 0 {
		s.queue = s.queue[:0:0] // let the consumed events go
	}
}

// groupLen returns how many events at the head of q form one beat.
func groupLen(q []tm.Event) int {
	first := q[0]
	n := 1
	for n < len(q) && q[n].Kind == first.Kind && (first.Kind == tm.EventWager ||
		first.Kind == tm.EventReveal && q[n].Tier == first.Tier || first.Kind == tm.EventDeal) {
		n++
	}
	return n
}

// apply moves the board on by one event.
func (b *board) apply(e tm.Event) {
	switch e.Kind {
	case tm.EventChosen:
		b.chosen[e.Seat] = true
	case tm.EventWager:
		b.wagers[e.Seat], b.wagersUp = e.Amount, true
	case tm.EventTier:
		b.tier, b.tierSeats = e.Tier, e.Seats
	case tm.EventPay:
		b.tokens[e.Seat], b.kitty = e.Tokens, e.Kitty
	case tm.EventReveal:
		b.cards[e.Seat], b.revealed[e.Seat] = e.Card, true
	case tm.EventMatch:
		b.knocked |= e.Cards &^ tm.NewCardSet(e.Card)
	case tm.EventBeats:
		b.knocked |= tm.NewCardSet(e.Other)
	case tm.EventStalemate:
		b.knocked |= e.Cards &^ tm.NewCardSet(e.Card)
	case tm.EventSurvivor:
		b.survivor = e.Seat
	case tm.EventAward:
		b.tokens[e.Seat], b.kitty = e.Tokens, 0
	case tm.EventDiscard:
		b.chosen, b.revealed, b.cards, b.wagers = [tm.MaxPlayers]bool{}, [tm.MaxPlayers]bool{}, [tm.MaxPlayers]tm.Card{}, [tm.MaxPlayers]int{}
		b.wagersUp, b.knocked, b.tier, b.tierSeats, b.survivor = false, 0, -1, 0, -1
	case tm.EventKitty:
		b.round, b.supply, b.kitty = e.Round, e.Supply, e.Kitty
	case tm.EventWin:
		b.over, b.winners = true, e.Seats
	}
}

// Beat lengths in ticks (60 a second).
const (
	ticksWagers    = 50
	ticksTier      = 40
	ticksPay       = 30
	ticksReveal    = 45
	ticksCompare   = 80
	ticksSurvivor  = 50
	ticksAward     = 70
	ticksDiscard   = 30
	ticksShuffle   = 50
	ticksDeal      = 50
	ticksKitty     = 30
	ticksGameEnded = 120
)

// describe returns a beat's caption, its detail line and its length,
// naming the players as st does.
func describe(evs []tm.Event, b *board, st *cardtable.Status) (caption, detail string, ticks int) {
	e := evs[0]
	name := func(seat int) string { return st.Who[seat] }
	switch e.Kind {
	case tm.EventWager:
		return "Wagers revealed", "Lowest tier first: " + tierList(b), ticksWagers
	case tm.EventTier:
		who := st.WhoList(e.Seats.Has)
		if b.survivor >= 0 {
			return fmt.Sprintf("Tier %d", e.Tier), fmt.Sprintf("%s challenge%s %s, the survivor", who, plural(e.Seats), name(b.survivor)), ticksTier
		}
		return fmt.Sprintf("Tier %d", e.Tier), who + " reveal first", ticksTier
	case tm.EventPay:
		return fmt.Sprintf("%s puts %d into the kitty", name(e.Seat), e.Amount), fmt.Sprintf("The kitty now holds %d", e.Kitty), ticksPay
	case tm.EventReveal:
		var cards []string
		for _, r := range evs {
			cards = append(cards, r.Card.String())
		}
		return "Cards turn over", strings.Join(cards, " · "), ticksReveal
	case tm.EventMatch:
		return fmt.Sprintf("Match! %s", cardNames(e.Cards)), fmt.Sprintf("Same symbol: the lowest number stays — %v", e.Card), ticksCompare
	case tm.EventBeats:
		return fmt.Sprintf("%v beats %v", e.Card, e.Other), verb(e.Card.Symbol(), e.Other.Symbol()), ticksCompare
	case tm.EventStalemate:
		return fmt.Sprintf("Stalemate! %s", cardNames(e.Cards)), fmt.Sprintf("All three symbols: the highest number survives — %v", e.Card), ticksCompare
	case tm.EventSurvivor:
		return fmt.Sprintf("%s survives", name(e.Seat)), fmt.Sprintf("with %v after tier %d", e.Card, e.Tier), ticksSurvivor
	case tm.EventAward:
		return fmt.Sprintf("That's mine! %s takes %d", name(e.Seat), e.Amount), fmt.Sprintf("%s now holds %d of %d", name(e.Seat), e.Tokens, b.target), ticksAward
	case tm.EventDiscard:
		return "Play cards to the discard pile", "", ticksDiscard
	case tm.EventShuffle:
		return "The hands are empty: new deal", fmt.Sprintf("All 36 cards shuffled, %d to each player", e.Amount), ticksShuffle
	case tm.EventDeal:
		return "New hands", fmt.Sprintf("%d cards each; the discard pile starts afresh", e.Cards.Len()), ticksDeal
	case tm.EventKitty:
		return fmt.Sprintf("Round %d", e.Round), fmt.Sprintf("1 token from the supply (%d left) to the kitty", e.Supply), ticksKitty
	case tm.EventSupplyEmpty:
		return "The supply is empty", "The game ends: the most tokens win", ticksGameEnded / 2
	case tm.EventWin:
		if plural(e.Seats) == "" {
			return st.WhoList(e.Seats.Has) + " share the win!", "", ticksGameEnded
		}
		return st.WhoList(e.Seats.Has) + " wins!", "", ticksGameEnded
	}
	return "", "", 0
}

// verb says how one symbol beats another, in the rulebook's words.
func verb(win, lose rulesets.Symbol) string {
	switch win {
	case rulesets.Paper:
		return "Paper covers Rock"
	case rulesets.Rock:
		return "Rock crushes Scissors"
	case rulesets.Scissors:
		return "Scissors cut Paper"
	}
	return ""
}

func tierList(b *board) string {
	var tiers []string
	for _, w := range b.tiers(nil) {
		tiers = append(tiers, fmt.Sprint(w))
	}
	return strings.Join(tiers, ", ")
}

// tiers appends the wager amounts somebody chose, smallest first: the
// order of the reveal.
func (b *board) tiers(dst []int) []int {
	top := 0
	for seat := range b.players {
		top = max(top, b.wagers[seat])
	}
	for w := 0; w <= top; w++ {
		for seat := range b.players {
			if b.wagers[seat] == w {
				dst = append(dst, w)
				break
			}
		}
	}
	return dst
}

// plural returns "" when s has several seats (they challenge) and "s"
// for one (she challenges).
func plural(s tm.SeatSet) string {
	if s&(s-1) != 0 {
		return ""
	}
	return "s"
}

func cardNames(s tm.CardSet) string {
	var names []string
	for _, c := range s.Cards(nil) {
		names = append(names, c.String())
	}
	return strings.Join(names, ", ")
}
