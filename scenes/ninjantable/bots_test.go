package ninjantable

import (
	"testing"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets/ninjan"
	"github.com/jankenarcade/janken/scenes/lobby"
)

// TestInlineBotAnswersAfterMinTicks: a bot that thinks inline has its
// answer on the tick it is asked, and gives it botMinTicks later, as a
// bot on a goroutine gives it at the earliest.
func TestInlineBotAnswersAfterMinTicks(t *testing.T) {
	game, err := ninjan.New(ninjan.Config{Players: 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := lobby.Seating{Seats: []lobby.Seat{{Kind: lobby.Human, Device: input.Device{Kind: input.KeyZone}}, {Kind: lobby.Bot, Bot: "hard"}}}
	p := newBotPool(s, 9)
	p.inline = true
	const asked = 100
	p.ask(1, game.View(1), asked)
	if len(p.answers[1]) != 1 {
		t.Fatal("the bot asked inline has no answer on the tick it was asked")
	}
	if _, ok := p.answer(1, asked+botMinTicks-1); ok {
		t.Errorf("the bot answered before %d ticks", botMinTicks)
	}
	a, ok := p.answer(1, asked+botMinTicks)
	if !ok {
		t.Fatalf("no answer after %d ticks", botMinTicks)
	}
	if err := game.Apply(1, a); err != nil {
		t.Errorf("the bot's answer %v: %v", a, err)
	}
}
