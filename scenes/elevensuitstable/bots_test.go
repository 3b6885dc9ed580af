package elevensuitstable

import "testing"

// TestInlineBotAnswersAfterBotDelay: a bot that thinks inline has its
// answer on the tick it is asked, and gives it once the table has been
// still for botDelay, as a bot on a goroutine gives it at the earliest.
func TestInlineBotAnswersAfterBotDelay(t *testing.T) {
	_, _, tab := openTable(t, Options{Seating: seating(t, 2), Seed: 4}, nil)
	seat := tab.state.ToAct(nil)[0]
	tab.tick, tab.busy = 100, 100
	if _, ok := tab.botAnswer(seat); ok {
		t.Fatal("the bot answered on the tick it was asked")
	}
	if len(tab.choice) != 1 {
		t.Fatal("the bot asked inline has no answer on the tick it was asked")
	}
	tab.tick = tab.busy + botDelay - 1
	if _, ok := tab.botAnswer(seat); ok {
		t.Errorf("the bot answered before the table was still for %d ticks", botDelay)
	}
	tab.tick++
	a, ok := tab.botAnswer(seat)
	if !ok {
		t.Fatalf("no answer after %d ticks", botDelay)
	}
	if err := tab.state.Apply(seat, a); err != nil {
		t.Errorf("the bot's answer %v: %v", a, err)
	}
}
