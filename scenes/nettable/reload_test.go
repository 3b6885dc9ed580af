//go:build !js

package nettable

import (
	"strings"
	"testing"
	"time"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/persist"
	tm "github.com/jankenarcade/janken/rulesets/thatsmine"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/scenes/netlobby/netlobbytest"
)

// TestHostWaitsForAReloadingBrowser: a browser gone silent may be
// reloading its page, which takes longer than DropAfter, so the host keeps
// its seat for ReloadWait; a desktop machine gone silent loses its seat
// after DropAfter, as before. The page that comes back from a new address
// is moved there (Hosted.Rejoin) and plays on with a new client. A machine
// whose seat the host gave to a bot takes it back when it comes back
// (News.Returned).
func TestHostWaitsForAReloadingBrowser(t *testing.T) {
	n, ms, host := hostOfThree(t, 1) // seat 1 plays in a browser
	browserAddr, desktopAddr := ms[1].Transport.LocalAddr(), ms[2].Transport.LocalAddr()
	ms[1].Transport.(*netplay.MemEndpoint).Cut(true) // the page reloads
	ms[2].Transport.(*netplay.MemEndpoint).Cut(true) // the desktop crashed
	taken := map[netplay.SeatSet]time.Duration{}
	var returned netplay.SeatSet
	step := func() {
		t.Helper()
		news, err := host.Update(n.Now())
		if err != nil {
			t.Fatal(err)
		}
		if news.Taken != 0 {
			taken[news.Taken] = n.Now()
		}
		returned |= news.Returned
		n.Advance(netplay.TickDuration)
	}
	for n.Now() < 2*DropAfter {
		step()
	}
	if at, ok := taken[netplay.SeatsOf(2)]; !ok || at < DropAfter || at > DropAfter+time.Second {
		t.Errorf("the silent desktop's seat was taken at %v (taken %v), want just after %v", at, ok, DropAfter)
	}
	if at, ok := taken[netplay.SeatsOf(1)]; ok {
		t.Fatalf("the browser's seat was taken at %v, before ReloadWait", at)
	}

	// The page comes back from a new address, as the lobby's handoff moves
	// it, and a new client plays the seat.
	page := n.Endpoint()
	if err := host.Hosted.Rejoin(browserAddr, page.LocalAddr()); err != nil {
		t.Fatalf("the page came back after %v: %v", n.Now(), err)
	}
	client := netplay.NewClient(page, ms[0].Transport.LocalAddr(), 5, netplay.SeatsOf(1))
	viewed := false
	for range 60 {
		step()
		viewed = len(client.Update(n.Now())) > 0 || viewed
	}
	if !viewed {
		t.Error("the page that came back was sent no view")
	}
	if returned != 0 {
		t.Errorf("seats %08b returned, though none was taken back", returned)
	}
	if err := host.Hosted.Rejoin(desktopAddr, n.Endpoint().LocalAddr()); err != nil {
		t.Errorf("the machine whose seat a bot took could not take it back: %v", err)
	}
	step()
	if returned != netplay.SeatsOf(2) {
		t.Errorf("seats %08b returned, want the desktop's seat 2", returned)
	}

	// Gone silent again for good: the seat goes to a bot after ReloadWait.
	page.Cut(true)
	from := n.Now()
	for n.Now()-from < ReloadWait+time.Second {
		step()
	}
	// It was last heard up to a keep-alive (250 ms) before it was cut.
	if at, ok := taken[netplay.SeatsOf(1)]; !ok || at-from < ReloadWait-300*time.Millisecond || at-from > ReloadWait+time.Second {
		t.Errorf("the browser gone for good was taken over %v after it was cut (taken %v), want about %v", at-from, ok, ReloadWait)
	}
}

// TestHostLetsAFaultyTalkingBrowserGo: a browser the host gives up on for
// a fault while it is still talking (here it never acknowledges) is not
// reloading: its seat goes to a bot at once, as any machine's does.
func TestHostLetsAFaultyTalkingBrowserGo(t *testing.T) {
	n, ms, host := hostOfThree(t, 1)
	desktop := netplay.NewClient(ms[2].Transport, ms[0].HostAddr, 5, netplay.SeatsOf(2))
	// An acknowledgement of nothing: magic, version, room 5, kind, next 0,
	// no fragment held.
	ackNothing := []byte{'J', netplay.ProtocolVersion, 5, 0, 0, byte(netplay.KindAck), 0, 0}
	for n.Now() < 10*time.Second {
		if err := ms[1].Transport.Send(ms[0].HostAddr, ackNothing); err != nil {
			t.Fatal(err)
		}
		news, err := host.Update(n.Now())
		if err != nil {
			t.Fatal(err)
		}
		desktop.Update(n.Now())
		if news.Taken != 0 {
			if news.Taken != netplay.SeatsOf(1) || n.Now() > 5*time.Second+100*time.Millisecond {
				t.Fatalf("took seats %08b at %v, want seat 1 about 5 s in", news.Taken, n.Now())
			}
			return
		}
		n.Advance(netplay.TickDuration)
	}
	t.Fatalf("the faulty browser still has its seat at %v: %+v", n.Now(), host.Hosted.Host.Remotes())
}

// TestHostGivesUpOnPhonesAsChosen: a couch's host that chose not to wait
// for its phones gives a silent phone's seat to a bot after DropAfter,
// though a phone, like a browser, reaches it over a stream.
func TestHostGivesUpOnPhonesAsChosen(t *testing.T) {
	n, ms, host := hostOfThree(t, 1, 2)
	host.Hosted.Phones = true // and Wait false: bots take silent phones' seats
	ms[1].Transport.(*netplay.MemEndpoint).Cut(true)
	ms[2].Transport.(*netplay.MemEndpoint).Cut(true)
	for n.Now() < 2*DropAfter {
		news, err := host.Update(n.Now())
		if err != nil {
			t.Fatal(err)
		}
		if news.Taken != 0 {
			if news.Taken != netplay.SeatsOf(1, 2) || n.Now() < DropAfter || n.Now() > DropAfter+time.Second {
				t.Fatalf("took seats %08b at %v, want both phones' just after %v", news.Taken, n.Now(), DropAfter)
			}
			return
		}
		n.Advance(netplay.TickDuration)
	}
	t.Fatalf("the silent phones still have their seats at %v", n.Now())
}

// hostOfThree opens the host's side of a three-player That's Mine match
// on a network of its own; the clients of the seats browsers name are
// browsers.
func hostOfThree(t *testing.T, browsers ...int) (*netplay.MemNetwork, []netlobby.Match, *Side[*tm.State, tm.Action, tm.Event, tm.View]) {
	t.Helper()
	n := netplay.NewMemNetwork(netplay.LinkConfig{Delay: 10 * time.Millisecond}, 1)
	ms := netlobbytest.MatchesOf(n, 5, 3, nil, []netplay.SeatSet{netplay.SeatsOf(0), netplay.SeatsOf(1), netplay.SeatsOf(2)})
	for _, seat := range browsers {
		ms[0].Joiners[seat-1].HostOnly = true
	}
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	host, err := OpenSide(d, ms[0], thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	return n, ms, host
}

// TestHostMayLetABotPlayForAReloadingBrowser: while the host waits for a
// silent browser, it says so, counting down to the bot, and it may let a
// bot play at once (the table's "Let a bot play…"); the page that comes
// back then takes its seat back. A silent desktop is not waited for.
func TestHostMayLetABotPlayForAReloadingBrowser(t *testing.T) {
	n, ms, host := hostOfThree(t, 1)
	ms[1].Transport.(*netplay.MemEndpoint).Cut(true)
	ms[2].Transport.(*netplay.MemEndpoint).Cut(true)
	step := func() netplay.SeatSet {
		t.Helper()
		news, err := host.Update(n.Now())
		if err != nil {
			t.Fatal(err)
		}
		n.Advance(netplay.TickDuration)
		return news.Taken
	}
	for n.Now() < 2*time.Second {
		step()
	}
	if got := host.Hosted.Awaited; got != netplay.SeatsOf(1) {
		t.Errorf("awaited %08b, want the browser's seat 1 alone", got)
	}
	if want := "Waiting for Player 2's browser: a bot plays in 28 s…"; host.Notice != want {
		t.Errorf("the host's news %q, want %q", host.Notice, want)
	}
	if err := host.Hosted.Release(netplay.SeatsOf(1)); err != nil {
		t.Fatal(err)
	}
	if taken := step(); taken != netplay.SeatsOf(1) {
		t.Errorf("released the browser's seat; the next update took %08b", taken)
	}
	if err := host.Hosted.Rejoin(ms[1].Transport.LocalAddr(), n.Endpoint().LocalAddr()); err != nil {
		t.Errorf("the released browser could not come back to its seat: %v", err)
	}
	if news, err := host.Update(n.Now()); err != nil || news.Returned != netplay.SeatsOf(1) {
		t.Errorf("after the released browser came back: returned %08b, %v; want seat 1", news.Returned, err)
	}
}

// TestOtherMachinesHearWhatTheHostWaitsFor: while the host waits for a
// silent browser, the other machines' tables say so, as the host's does,
// counting down; once the page is back, they say nothing more.
func TestOtherMachinesHearWhatTheHostWaitsFor(t *testing.T) {
	n, ms, host := hostOfThree(t, 1)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	desktop, err := OpenSide(d, ms[2], thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	page := ms[1].Transport.(*netplay.MemEndpoint)
	browser := netplay.NewClient(page, ms[0].HostAddr, 5, netplay.SeatsOf(1))
	step := func() (hostSays, desktopSays string) {
		t.Helper()
		return stepSides(t, n, host, desktop, func() { browser.Update(n.Now()) })
	}
	for range 30 {
		if _, says := step(); says != "" {
			t.Fatalf("before the wait, the desktop's table says %q", says)
		}
	}
	page.Cut(true) // the page reloads
	for from := n.Now(); n.Now()-from < 3*time.Second; {
		step()
	}
	hostSays, desktopSays := step()
	if !strings.HasPrefix(hostSays, "Waiting for Player 2's browser: a bot plays in 2") || desktopSays != hostSays {
		t.Errorf("3 s into the wait, the host's table says %q and the desktop's %q", hostSays, desktopSays)
	}
	if news := browser.News(); news != (netplay.News{}) {
		t.Errorf("the page waited for was told %+v", news)
	}
	page.Cut(false)
	for range 60 {
		step()
	}
	if hostSays, desktopSays := step(); hostSays != "" || desktopSays != "" {
		t.Errorf("with the page back, the host's table says %q and the desktop's %q", hostSays, desktopSays)
	}
}

// TestHostGivesALeavingBrowsersSeatsAtOnce: a browser whose player leaves
// the match tells the host, whose bots play its seat at once, rather than
// after ReloadWait: the page is not reloading. A page that lost the host
// and goes back to it for its seats (Lost) does not say it left.
func TestHostGivesALeavingBrowsersSeatsAtOnce(t *testing.T) {
	for _, lost := range []bool{false, true} {
		n, ms, host := hostOfThree(t, 1)
		d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
		page, err := OpenSide(d, ms[1], thatsMineRules)
		if err != nil {
			t.Fatal(err)
		}
		desktop := netplay.NewClient(ms[2].Transport, ms[0].HostAddr, 5, netplay.SeatsOf(2))
		taken := netplay.SeatSet(0)
		step := func(pageToo bool) {
			t.Helper()
			news, err := host.Update(n.Now())
			if err != nil {
				t.Fatal(err)
			}
			taken |= news.Taken
			desktop.Update(n.Now())
			if pageToo {
				if _, err := page.Update(n.Now()); err != nil {
					t.Fatal(err)
				}
			}
			n.Advance(netplay.TickDuration)
		}
		for range 30 {
			step(true)
		}
		end := ms[1].Transport.(*netplay.MemEndpoint)
		if lost {
			end.Cut(true) // the page hears the host no more, and goes back to it
			for !page.Remote.Lost() {
				step(true)
			}
			end.Cut(false)
		}
		page.Close()
		for range 60 {
			step(false)
		}
		if got := taken.Has(1); got == lost {
			t.Errorf("link lost %v: a second after the page left, the host's bots play its seat: %v", lost, got)
		}
	}
}

// TestEveryTableHearsSeatsChangeHands: when the host's bots take a silent
// machine's seat, and when that machine comes back for it, every other
// table says so in passing for SayFor, not the host's alone, and the news
// holds nothing up; the machine that came back is not told about itself.
func TestEveryTableHearsSeatsChangeHands(t *testing.T) {
	n, ms, host := hostOfThree(t)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	desktop, err := OpenSide(d, ms[1], thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	gone := ms[2].Transport.(*netplay.MemEndpoint)
	var back *netplay.Client
	step := func() (hostSays, desktopSays string) {
		t.Helper()
		hostNotice, desktopNotice := stepSides(t, n, host, desktop, func() {
			if back != nil {
				back.Update(n.Now())
			}
		})
		if desktop.Passing != "" && (hostNotice != "" || desktopNotice != "") {
			t.Errorf("the news in passing %q came with the notices %q and %q", desktop.Passing, hostNotice, desktopNotice)
		}
		return host.Passing, desktop.Passing
	}
	gone.Cut(true)
	for n.Now() < DropAfter+time.Second {
		step()
	}
	const left = "Player 3 left: a bot plays for them."
	if hostSays, desktopSays := step(); hostSays != left || desktopSays != left {
		t.Errorf("once the bots took seat 3, the host's table says %q and the desktop's %q; want %q", hostSays, desktopSays, left)
	}
	for from := n.Now(); n.Now()-from < SayFor; {
		step()
	}
	if hostSays, desktopSays := step(); hostSays != "" || desktopSays != "" {
		t.Errorf("%v later, the host's table says %q and the desktop's %q", SayFor, hostSays, desktopSays)
	}
	fresh := n.Endpoint()
	if err := host.Hosted.Rejoin(gone.LocalAddr(), fresh.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	back = netplay.NewClient(fresh, ms[0].HostAddr, 5, netplay.SeatsOf(2))
	for range 30 {
		step()
	}
	const cameBack = "Player 3 came back to the table."
	if hostSays, desktopSays := step(); hostSays != cameBack || desktopSays != cameBack {
		t.Errorf("once seat 3 came back, the host's table says %q and the desktop's %q; want %q", hostSays, desktopSays, cameBack)
	}
	if news := back.News(); news != (netplay.News{}) {
		t.Errorf("the machine that came back was told %+v", news)
	}
}

// TestSilenceTheGameGoesOnWithoutIsNewsAside: a machine gone silent
// whose seat owes the game nothing (it has chosen; the others are still
// choosing) holds nothing up, so every table names it in passing, not
// over its cards, and no client logs it, since it changes by the second.
// Once the game waits for that seat, the news holds the game up again. A
// browser the host waits for is the same, and the host may still let a
// bot play for it.
func TestSilenceTheGameGoesOnWithoutIsNewsAside(t *testing.T) {
	for _, tt := range []struct {
		name    string
		browser bool
		aside   string
	}{
		{"a desktop", false, "Player 3: no word from their machine for 2 s…"},
		{"a browser", true, "Waiting for Player 3's browser: a bot plays in 28 s…"},
	} {
		t.Run(tt.name, func(t *testing.T) { silenceAside(t, tt.browser, tt.aside) })
	}
}

func silenceAside(t *testing.T, browser bool, aside string) {
	var browsers []int
	if browser {
		browsers = append(browsers, 2)
	}
	n, ms, host := hostOfThree(t, browsers...)
	d := scenes.New(scenes.Options{Source: new(input.Script), Store: persist.At(t.TempDir())})
	desktop, err := OpenSide(d, ms[1], thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	quiet, err := OpenSide(d, ms[2], thatsMineRules)
	if err != nil {
		t.Fatal(err)
	}
	live := true // quiet's machine still runs
	step := func() {
		t.Helper()
		stepSides(t, n, host, desktop, func() {
			if _, err := quiet.Update(n.Now()); live && err != nil {
				t.Fatal(err)
			}
		})
		if desktop.Said != "" {
			t.Fatalf("the desktop logs %q", desktop.Said)
		}
	}
	for !desktop.Remote.Have || !quiet.Remote.Have {
		step()
	}
	g := host.Hosted.Game()
	if err := quiet.Remote.Act(2, g.Legal(2, nil)[0]); err != nil {
		t.Fatal(err)
	}
	for len(g.Legal(2, nil)) > 0 {
		step()
	}
	live = false
	ms[2].Transport.(*netplay.MemEndpoint).Cut(true)
	for from := n.Now(); n.Now()-from < WarnAfter+time.Second; {
		step()
	}
	if host.Notice != "" || desktop.Notice != "" || host.Passing != aside || desktop.Passing != aside {
		t.Errorf("while the others choose, the host says %q and %q in passing, the desktop %q and %q; want no notice, and %q in passing",
			host.Notice, host.Passing, desktop.Notice, desktop.Passing, aside)
	}
	if want := map[bool]netplay.SeatSet{true: netplay.SeatsOf(2)}[browser]; host.Hosted.Awaited != want {
		t.Errorf("the host may let a bot play for seats %08b, want %08b", host.Hosted.Awaited, want)
	}

	for _, seat := range []int{0, 1} {
		act := host.Hosted.Apply
		if seat == 1 {
			act = desktop.Remote.Act
		}
		if err := act(seat, g.Legal(seat, nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	for len(g.Legal(2, nil)) == 0 {
		step()
	}
	step()
	step()
	if !strings.HasPrefix(host.Notice, aside[:16]) || desktop.Notice != host.Notice || host.Passing != "" || desktop.Passing != "" {
		t.Errorf("once the game waits for seat 3, the host says %q and %q in passing, the desktop %q and %q; want the silence as the notice",
			host.Notice, host.Passing, desktop.Notice, desktop.Passing)
	}
}

// stepSides runs one tick of the host's side and a desktop's, then the
// other clients (others), and returns what each table says.
func stepSides(t *testing.T, n *netplay.MemNetwork, host, desktop *Side[*tm.State, tm.Action, tm.Event, tm.View], others func()) (hostSays, desktopSays string) {
	t.Helper()
	if _, err := host.Update(n.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := desktop.Update(n.Now()); err != nil {
		t.Fatal(err)
	}
	others()
	n.Advance(netplay.TickDuration)
	return host.Notice, desktop.Notice
}
