package ninjantable

import (
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// botPool runs the table's bots on a goroutine, one question at a time per
// seat, so a search never stalls the animation. A bot sees only the View
// it is sent. Its answer depends only on that view and the bot's own seed,
// never on how long it took, so the game is the same on any machine.
type botPool struct {
	bots    [ninjan.MaxPlayers]*ninjan.Bot
	asked   [ninjan.MaxPlayers]int64 // tick of the question in flight, or -1
	answers [ninjan.MaxPlayers]chan ninjan.Action
	// thinking lets one bot think at a time. In the browser a bot's pause
	// hands the page its only thread only when no other goroutine is ready
	// to run: with several bots thinking at once, one always is. On the
	// desktop the bots' decisions in a row still fit in botMinTicks.
	thinking chan struct{}
	// inline makes a bot think on the tick it is asked, on the caller's
	// goroutine, for tests whose tick counts must not depend on the
	// machine's speed; its answer still waits for botMinTicks.
	inline bool
}

func newBotPool(s lobby.Seating, seed uint64) *botPool {
	p := &botPool{thinking: make(chan struct{}, 1)}
	for seat, st := range s.Seats {
		p.asked[seat] = -1
		if st.Kind != lobby.Bot {
			continue
		}
		b, err := ninjan.NewBot(st.Bot, seat, seed*31+uint64(seat)+1)
		if err != nil {
			b, _ = ninjan.NewBot("medium", seat, seed*31+uint64(seat)+1) // the lobby offers only known levels
		}
		p.bots[seat] = b
		p.answers[seat] = make(chan ninjan.Action, 1)
	}
	return p
}

// ask starts seat's bot on v unless a question is already in flight.
func (p *botPool) ask(seat int, v ninjan.View, tick int64) {
	if p.bots[seat] == nil || p.asked[seat] >= 0 {
		return
	}
	p.asked[seat] = tick
	b, out := p.bots[seat], p.answers[seat]
	b.SetPause(scenes.ThinkPause())
	think := func() {
		p.thinking <- struct{}{}
		a := b.Choose(&v)
		<-p.thinking
		out <- a
	}
	if p.inline {
		think()
		return
	}
	go think()
}

// answer returns seat's action once the bot has answered and has "thought"
// for at least botMinTicks.
func (p *botPool) answer(seat int, tick int64) (ninjan.Action, bool) {
	if p.bots[seat] == nil || p.asked[seat] < 0 || tick-p.asked[seat] < botMinTicks {
		return ninjan.Action{}, false
	}
	select {
	case a := <-p.answers[seat]:
		p.asked[seat] = -1
		return a, true
	default:
		return ninjan.Action{}, false
	}
}

// stop forgets the questions in flight; their goroutines end on their own
// (each answer channel has room for the last answer).
func (p *botPool) stop() {
	for seat := range p.asked {
		p.asked[seat] = -1
	}
}
