//go:build !js

package phoneplay_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/lobby"
	"github.com/jankenarcade/janken/scenes/ninjantable"
)

// TestPhoneReloadsLeavesAndCannotBeStolen plays Ninjan with two phones
// and the TV's bot. Mid-game Ann's page reloads: she has her seat and her
// hand again and plays on. A third phone opening the same link gets no
// seat. Ann's tab is duplicated (see duplicate). Bo's phone vanishes: the
// TV warns, and Ann's phone with it, then gives his seat to a bot after
// nettable.DropAfter, and the game ends. Then the TV goes, and Ann's phone says so.
func TestPhoneReloadsLeavesAndCannotBeStolen(t *testing.T) {
	browser := newBrowser(t)
	c := newCouch(t, "ninjan", 1, 2)
	ann, bo := openPhone(t, browser, c.url()), openPhone(t, browser, c.url())
	c.join([]*handset{ann, bo}, "Ann", "Bo")
	table := startTable(c, []lobby.Seat{{Kind: lobby.Bot, Bot: "easy"}, c.phoneSeat(0), c.phoneSeat(1)}, ninjantable.NewNetTable)
	g := hostedNinjan(t, table)
	for !strings.Contains(ann.state(), "turn") {
		c.tick(8)
	}
	hand := eval[string](ann, `[...document.querySelectorAll("#choices button")].map(b => b.textContent).join(", ")`)

	ann.run(chromedp.Reload())
	for !strings.Contains(ann.state(), "turn") {
		c.tick(8)
	}
	if again := eval[string](ann, `[...document.querySelectorAll("#choices button")].map(b => b.textContent).join(", ")`); again != hand {
		t.Errorf("Ann's hand before the reload: %s; after: %s", hand, again)
	}
	if h := ann.text("heading"); !strings.HasPrefix(h, "Ann · Player 2") {
		t.Errorf("Ann's phone after the reload says %q", h)
	}

	thief := openPhone(t, browser, c.url())
	thief.join("Cy")
	for !strings.Contains(thief.text("status"), "No seat") {
		c.tick(8)
	}
	if s := thief.text("status"); !strings.Contains(s, "the game has started") {
		t.Errorf("the third phone is told %q", s)
	}

	ann = duplicate(t, c, ann)

	chromedp.Cancel(bo.ctx) // Bo's phone is gone: its tab closes
	warned, annHeard := false, ""
	for start := time.Now(); !table.Status().Bots.Sees(2); {
		c.tick(8)
		time.Sleep(5 * time.Millisecond)
		warned = warned || strings.Contains(connNotice(table), "no word")
		if s := ann.text("status"); strings.HasPrefix(s, "Bo: no word from their phone") {
			annHeard = s
		}
		if time.Since(start) > hang {
			t.Fatal("Bo's seat never went to a bot")
		}
	}
	if !warned {
		t.Error("the TV never warned that Bo's phone was silent")
	}
	if annHeard == "" {
		t.Error("Ann's phone never said that the TV had no word from Bo's")
	}
	t.Logf("Ann's phone said %q", annHeard)
	c.play([]*handset{ann}, []int{1}, g.Over, ninjanHidden(g), 3)
	if !strings.Contains(ann.text("prompt"), "Game over") {
		t.Errorf("Ann's phone at the end: %q", ann.text("prompt"))
	}

	c.srv.Close() // the TV is gone: Ann's phone says so
	ann.waitText("status", "TV")
	ann.shoot("phone-tv-gone")
}

// connNotice is the TV's news of the connection: a silent phone.
func connNotice(table *ninjantable.Runner) string {
	n, ok := table.Match().(interface{ Notice() (string, bool) })
	if !ok {
		return ""
	}
	s, _ := n.Notice()
	return s
}

// duplicate opens a copy of the phone's tab, as a browser's "Duplicate
// tab" does, with its session storage and so its seat's token, and
// returns it. The copy takes the seat, and the old page says so and
// leaves it be: once, told only that the TV let it go, it claimed the
// seat back at once, and the two pages took it from each other for ever.
func duplicate(t *testing.T, c *couch, h *handset) *handset {
	t.Helper()
	copied := openPhone(t, h.browser, c.url())
	storage := eval[string](h, `JSON.stringify(Object.assign({}, sessionStorage))`)
	eval[bool](copied, fmt.Sprintf(`(() => { for (const [k, v] of Object.entries(%s)) sessionStorage.setItem(k, v); return true; })()`, storage))
	copied.run(chromedp.Reload())
	heading := h.text("heading")
	for start := time.Now(); copied.text("heading") != heading || !strings.Contains(h.text("status"), "another page"); c.tick(8) {
		if time.Since(start) > hang {
			t.Fatalf("the copy says %q (want %q); the old page %q", copied.text("heading"), heading, h.text("status"))
		}
	}
	for range 15 { // a second of the TV's time, and of the pages'
		c.tick(4)
		time.Sleep(60 * time.Millisecond)
	}
	if got := copied.text("heading"); got != heading || !strings.Contains(h.text("status"), "another page") {
		t.Fatalf("a second later the copy says %q and the old page %q", got, h.text("status"))
	}
	h.shoot("phone-moved-away")
	return copied
}

// TestPhoneCutOffersNoChoice: Ann's phone loses the TV while it is her
// turn (the TV's server goes). While the page reconnects, its choices are
// greyed out and it says it is not her turn to tap: a tap there would go
// nowhere. Once, the page kept the last screen's buttons live.
func TestPhoneCutOffersNoChoice(t *testing.T) {
	browser := newBrowser(t)
	c := newCouch(t, "ninjan", 1)
	ann := openPhone(t, browser, c.url())
	c.join([]*handset{ann}, "Ann")
	startTable(c, []lobby.Seat{{Kind: lobby.Bot, Bot: "easy"}, c.phoneSeat(0)}, ninjantable.NewNetTable)
	for !strings.Contains(ann.state(), "turn") {
		c.tick(8)
	}
	c.srv.Close()
	for start := time.Now(); !strings.Contains(ann.text("status"), "TV"); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > hang {
			t.Fatalf("the phone never noticed the TV gone: %q", ann.text("status"))
		}
	}
	live := eval[int](ann, `document.querySelectorAll("#choices button:not([disabled])").length`)
	if st := ann.state(); strings.Contains(st, "turn") || live > 0 {
		ann.shoot("phone-cut-choices")
		t.Errorf("cut off from the TV (%q), the phone says %q with %d live buttons", ann.text("status"), st, live)
	}
}

// TestTVLeavingTellsThePhones: the TV leaves the table mid-game (Esc,
// then Enter to leave), which closes its phones' server: Ann's phone says
// so at once, rather than after the TV's silence, and no longer offers
// any choice, nor to join or reconnect (a next game has its own room).
func TestTVLeavingTellsThePhones(t *testing.T) {
	browser := newBrowser(t)
	c := newCouch(t, "ninjan", 1)
	ann := openPhone(t, browser, c.url())
	c.join([]*handset{ann}, "Ann")
	// Over the title, as a table opens over the menus that led to it.
	c.d.Push(openTable(c, []lobby.Seat{{Kind: lobby.Bot, Bot: "easy"}, c.phoneSeat(0)}, ninjantable.NewNetTable), scenes.Transition{})
	for !strings.Contains(ann.state(), "turn") {
		c.tick(8)
	}
	c.press(ebiten.KeyEscape)
	c.press(ebiten.KeyEnter)
	if _, ok := c.d.Top().(*ninjantable.Runner); ok {
		t.Fatal("the TV is still at the table")
	}
	ann.waitText("status", "The TV left the game.")
	if n := eval[int](ann, `document.querySelectorAll("#choices button").length`); n > 0 {
		t.Errorf("the TV gone, the phone offers %d buttons", n)
	}
	if hidden := eval[bool](ann, `document.getElementById("join").hidden`); !hidden {
		t.Error("the phone offers to join a TV that is gone")
	}
	ann.shoot("phone-tv-left")
}
