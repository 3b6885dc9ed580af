package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/netplay/secure"
	"github.com/jankenarcade/janken/phone"
	"github.com/jankenarcade/janken/phone/describe"
)

// Timing of the page.
const (
	step        = 30 * time.Millisecond // how often it reads the network
	claimEvery  = time.Second           // a claim before the start, also a keep-alive
	silentLimit = 3 * time.Second       // then the link is gone: dial again
	dialWait    = 3 * time.Second
)

func main() {
	p, err := newPad()
	if err != nil {
		show("status", "This link is not a table's: "+err.Error())
		select {}
	}
	p.run()
}

// pad is the page's state. Only run's goroutine touches it; the page's
// callbacks send on taps.
type pad struct {
	room  netplay.RoomCode
	name  string
	store js.Value // sessionStorage: the seat's token, per room
	start time.Time
	taps  chan tap
	// The link, nil while there is none.
	ws     *netplay.WebSocketClient
	split  *phone.Split
	kept   *netplay.Kept // the match's packets that come before the client, for it
	client *netplay.Client
	heard  time.Duration // the host last heard
	// What the host said.
	joining  bool // the player asked to join, or holds a token
	seated   bool // the host gave this connection a seat
	answer   phone.Answer
	claimed  time.Duration // the last claim sent
	refused  string
	ended    string // why the page's game is over for good, if it is
	screen   describe.Screen
	sent     bool   // the seat's choice is on its way
	group    string // the group of choices open, after its first tap
	notice   string
	news     string // the TV's news of what holds up the game (netplay.Client.News)
	record   bool
	received []byte               // every packet, opened, and every message, inflated
	updates  []netplay.SeatUpdate // every update the client took from them
	dirty    bool
}

func newPad() (*pad, error) {
	loc, err := url.Parse(js.Global().Get("location").Get("href").String())
	if err != nil {
		return nil, err
	}
	room, err := netplay.ParseRoomCode(loc.Fragment)
	if err != nil {
		return nil, err
	}
	p := &pad{room: room, store: js.Global().Get("sessionStorage"), start: time.Now(), taps: make(chan tap, 8),
		record: loc.Query().Get("transcript") == "1", claimed: -time.Hour}
	p.answer.Token = p.stored("token")
	p.joining = p.answer.Token != ""
	p.hook()
	js.Global().Set("padTranscript", js.FuncOf(func(_ js.Value, args []js.Value) any {
		from := min(args[0].Int(), len(p.received))
		return base64.StdEncoding.EncodeToString(p.received[from:])
	}))
	js.Global().Set("padUpdates", js.FuncOf(func(js.Value, []js.Value) any {
		data, _ := json.Marshal(p.updates)
		return string(data)
	}))
	return p, nil
}

func (p *pad) key(k string) string { return "janken-pad-" + p.room.String() + "-" + k }

func (p *pad) stored(k string) string {
	if v := p.store.Call("getItem", p.key(k)); v.Truthy() {
		return v.String()
	}
	return ""
}

// hook wires the page: the join form, and the choices' buttons.
func (p *pad) hook() {
	doc := js.Global().Get("document")
	form, input := doc.Call("getElementById", "join"), doc.Call("getElementById", "name")
	if name := js.Global().Get("localStorage").Call("getItem", "janken-pad-name"); name.Truthy() {
		input.Set("value", name)
	}
	form.Call("addEventListener", "submit", js.FuncOf(func(_ js.Value, args []js.Value) any {
		args[0].Call("preventDefault")
		p.name = input.Get("value").String()
		js.Global().Get("localStorage").Call("setItem", "janken-pad-name", p.name)
		p.tap(tap{join: true})
		return nil
	}))
	doc.Call("getElementById", "choices").Call("addEventListener", "click", js.FuncOf(func(_ js.Value, args []js.Value) any {
		b := args[0].Get("target")
		if g := b.Call("getAttribute", "data-g"); g.Truthy() {
			p.tap(tap{group: g.String(), choice: -1})
		} else if i, err := strconv.Atoi(b.Call("getAttribute", "data-i").String()); err == nil {
			p.tap(tap{choice: i})
		}
		return nil
	}))
	doc.Call("getElementById", "back").Call("addEventListener", "click", js.FuncOf(func(js.Value, []js.Value) any {
		p.tap(tap{back: true, choice: -1})
		return nil
	}))
	form.Set("hidden", p.joining)
	if !p.joining {
		show("status", "Room "+p.room.String()+": type your name and join.")
	}
	js.Global().Get("performance").Call("mark", "pad-interactive") // for the figures test
}

// tap is what the player tapped: Join, a group of choices, Back out of
// it, or a choice.
type tap struct {
	join, back bool
	group      string
	choice     int
}

// tap queues a tap without blocking the page.
func (p *pad) tap(t tap) {
	select {
	case p.taps <- t:
	default:
	}
}

func (p *pad) now() time.Duration { return time.Since(p.start) }

// run is the page's loop: taps, the network, the screen.
func (p *pad) run() {
	tick := time.NewTicker(step)
	for {
		select {
		case t := <-p.taps:
			p.onTap(t)
		case <-tick.C:
		}
		if p.joining && p.ws == nil && p.refused == "" {
			p.dial()
		}
		if p.ws != nil {
			p.update()
		}
		if p.dirty {
			p.dirty = false
			p.render()
		}
	}
}

func (p *pad) onTap(t tap) {
	p.dirty = true
	switch {
	case t.join:
		p.joining, p.refused = true, ""
		show("status", "Joining…")
		js.Global().Get("document").Call("getElementById", "join").Set("hidden", true)
	case t.back:
		p.group = ""
	case t.group != "":
		p.group = t.group
	case p.client != nil && !p.sent && t.choice >= 0 && t.choice < len(p.screen.Choices):
		c := p.screen.Choices[t.choice]
		if err := p.client.Act(p.answer.Seat, c.Action); err != nil {
			p.notice = err.Error()
			return
		}
		p.sent, p.group, p.notice = true, "", "Sent: "+strings.TrimSpace(c.Group+" "+c.Label)
	}
}

// dial connects to the host that served the page, sealed with the room's
// code.
func (p *pad) dial() {
	show("status", "Connecting to the TV…")
	loc := js.Global().Get("location")
	ctx, cancel := context.WithTimeout(context.Background(), dialWait)
	defer cancel()
	ws, err := netplay.DialWebSocket(ctx, "ws://"+loc.Get("host").String()+"/netplay")
	if err != nil {
		show("status", "Cannot reach the TV; trying again…")
		time.Sleep(time.Second)
		return
	}
	conn, err := secure.Wrap(ws, secure.Config{Key: []byte(p.room.String()), Prefix: netplay.SealPrefix(p.room), Clock: p.now})
	if err != nil {
		ws.Close()
		show("status", err.Error())
		return
	}
	p.ws, p.heard, p.claimed = ws, p.now(), -time.Hour
	p.split = &phone.Split{Transport: recorder{conn, p}, Claims: p.onAnswer}
	p.kept = &netplay.Kept{Transport: p.split}
	p.client = nil
}

// hangUp drops the link, to dial again.
func (p *pad) hangUp(why string) {
	p.ws.Close()
	p.ws, p.split, p.kept, p.client, p.sent, p.seated = nil, nil, nil, nil, false, false
	p.notice, p.news = why, ""
	p.dirty = true
}

// update reads the host's news, claims the seat until the game starts,
// and notices a host gone silent.
func (p *pad) update() {
	now := p.now()
	if p.client == nil {
		// The TV's game may begin before its answer says so: its first
		// packets are kept for the client.
		var buf [netplay.MaxPacketSize + 1]byte
		for {
			n, from, ok := p.split.Receive(buf[:])
			if !ok {
				break
			}
			p.kept.Keep(from, buf[:n])
		}
	} else {
		for _, u := range p.client.Update(now) {
			p.heard = now
			p.onUpdate(u)
		}
		if p.client.Silent() < silentLimit {
			p.heard = max(p.heard, now-p.client.Silent())
		}
		if news := p.client.News().Text; news != p.news {
			p.news, p.dirty = news, true
		}
		switch why := p.client.LetGo(); {
		case why == netplay.MovedAway:
			// Another page of this phone holds the seat's token (a
			// duplicated tab) and plays it now: claiming it back by
			// ourselves would take it from that page, and it from us, for
			// ever. Join, tapped, takes it back.
			p.refused = "the seat moved to another page on this phone; Join takes it back"
			p.hangUp("")
			p.joining = false
			return
		case why == netplay.HostLeft:
			// The TV's game is over early, and its server with it: a next
			// game has a room, and a link, of its own.
			p.ended = "The TV left the game."
			p.hangUp("")
			p.joining = false
			return
		case why != "":
			// Claim the seat again at once: the TV gives it back unless
			// it has taken it over, and then says so.
			p.hangUp("The TV let this phone go: reconnecting…")
			return
		}
	}
	if p.ws == nil {
		return // an answer refused us
	}
	if p.client == nil && now-p.claimed >= claimEvery {
		p.claimed = now
		if pkt, err := phone.AppendClaim(nil, phone.Claim{Token: p.answer.Token, Name: p.name}); err == nil {
			p.split.Send(p.ws.Host(), pkt)
		}
	}
	if now-p.heard >= silentLimit {
		p.hangUp("The TV is not answering: reconnecting…")
	}
}

// onAnswer takes the host's answer to a claim.
func (p *pad) onAnswer(from netip.AddrPort, pkt []byte) {
	var a phone.Answer
	if from != p.ws.Host() || phone.DecodeClaim(pkt, &a) != nil {
		return
	}
	p.heard, p.dirty = p.now(), true
	if a.Refused != "" {
		p.refused = a.Refused
		p.store.Call("removeItem", p.key("token"))
		p.hangUp("")
		p.joining = false
		return
	}
	p.answer, p.seated = a, true
	p.store.Call("setItem", p.key("token"), a.Token)
	if a.Started && p.client == nil {
		p.client = netplay.NewClient(p.kept, p.ws.Host(), p.room, netplay.SeatsOf(a.Seat))
		p.client.OverStream() // the page's WebSocket
		if p.record {
			p.client.OnMessage(func(msg []byte) { p.received = append(p.received, msg...) })
		}
	}
}

// onUpdate takes the seat's new view, or the host's refusal.
func (p *pad) onUpdate(u netplay.SeatUpdate) {
	p.dirty = true
	if p.record {
		kept := netplay.SeatUpdate{Seat: u.Seat, View: bytes.Clone(u.View), Refused: u.Refused}
		for _, e := range u.Events {
			kept.Events = append(kept.Events, bytes.Clone(e))
		}
		p.updates = append(p.updates, kept)
	}
	if u.Refused != "" {
		p.sent, p.notice = u.Unanswered > 0, "Not allowed: "+u.Refused
		return
	}
	s, err := describe.Describe(p.answer.Game, u.View)
	if err != nil {
		p.notice = err.Error()
		return
	}
	p.screen, p.sent = s, u.Unanswered > 0
	if !hasGroup(&s, p.group) {
		p.group = ""
	}
	if !p.sent {
		p.notice = ""
	}
}

// render shows the state on the page.
func (p *pad) render() {
	doc := js.Global().Get("document")
	doc.Call("getElementById", "dot").Get("style").Set("background", p.answer.Colour)
	s := &p.screen
	switch {
	case p.ended != "":
		seatless(p.ended, false)
		return
	case p.refused != "":
		seatless("No seat for this phone: "+p.refused+".", true) // a seat this page had is not its to play
		return
	case p.ws == nil:
		show("status", p.notice)
	case !p.seated:
		show("status", "Joining the table…")
		if s.Players == 0 {
			return
		}
	case !p.answer.Started:
		show("heading", fmt.Sprintf("%s · Player %d", p.answer.Name, p.answer.Seat+1))
		show("status", "You're in! Waiting for the TV to start the game.")
		return
	case s.Players == 0:
		show("status", "The game is starting…")
		return
	default:
		show("status", cmp.Or(p.notice, p.news))
	}
	show("heading", p.answer.Name+" · "+describe.SeatName(s.Seat)+" · "+s.Heading)
	prompt := s.Prompt
	if p.sent {
		prompt = "Waiting for the table…"
	}
	show("prompt", prompt)
	var b strings.Builder
	if !handIsChoices(s) { // else the buttons show the hand
		for _, c := range s.Hand {
			b.WriteString("<span>" + html.EscapeString(c) + "</span>")
		}
	}
	setHTML("hand", b.String())
	b.Reset()
	disabled := ""
	if !p.canAct() {
		disabled = " disabled"
	}
	shown := 0
	seen := map[string]bool{}
	for i, c := range s.Choices {
		switch {
		case c.Group == "" || c.Group == p.group:
			fmt.Fprintf(&b, `<button class="choice" data-i="%d"%s>%s</button>`, i, disabled, html.EscapeString(c.Label))
		case p.group == "" && !seen[c.Group]:
			seen[c.Group] = true
			fmt.Fprintf(&b, `<button class="choice" data-g="%s"%s>%s</button>`, html.EscapeString(c.Group), disabled, html.EscapeString(c.Group))
		default:
			continue
		}
		shown++
	}
	setHTML("choices", b.String())
	back := doc.Call("getElementById", "back")
	back.Set("hidden", p.group == "")
	back.Set("textContent", "Back: not "+p.group)
	b.Reset()
	for _, f := range s.Facts {
		b.WriteString("<li>" + html.EscapeString(f) + "</li>")
	}
	setHTML("facts", b.String())
	doc.Get("body").Call("setAttribute", "data-state", p.state(shown))
}

// hasGroup reports whether group is one of the screen's groups of choices.
func hasGroup(s *describe.Screen, group string) bool {
	for _, c := range s.Choices {
		if c.Group == group {
			return true
		}
	}
	return false
}

// handIsChoices reports whether the buttons are the cards of the hand
// (the choices, or their groups).
func handIsChoices(s *describe.Screen) bool {
	var firsts []string
	for _, c := range s.Choices {
		name := c.Label
		if c.Group != "" {
			name = c.Group
		}
		if len(firsts) == 0 || firsts[len(firsts)-1] != name {
			firsts = append(firsts, name)
		}
	}
	return slices.Equal(firsts, s.Hand)
}

// canAct reports whether a tap on a choice is sent now: the page plays
// its seat (not while it reconnects) and has sent nothing unanswered.
func (p *pad) canAct() bool { return p.client != nil && !p.sent }

// state sums the screen up for tests: "seat 1 turn 3" (3 buttons to
// tap), "seat 1 wait", "seat 1 over".
func (p *pad) state(buttons int) string {
	switch {
	case p.screen.Over:
		return fmt.Sprintf("seat %d over", p.answer.Seat)
	case buttons > 0 && p.canAct():
		return fmt.Sprintf("seat %d turn %d", p.answer.Seat, buttons)
	}
	return fmt.Sprintf("seat %d wait", p.answer.Seat)
}

// seatless shows a page that plays no seat, saying status, with the Join
// button if join.
func seatless(status string, join bool) {
	show("heading", "Janken Arcade")
	show("status", status)
	show("prompt", "")
	setHTML("hand", "")
	setHTML("choices", "")
	setHTML("facts", "")
	doc := js.Global().Get("document")
	doc.Call("getElementById", "back").Set("hidden", true)
	doc.Call("getElementById", "join").Set("hidden", !join)
}

func show(id, text string) {
	js.Global().Get("document").Call("getElementById", id).Set("textContent", text)
}

func setHTML(id, h string) {
	js.Global().Get("document").Call("getElementById", id).Set("innerHTML", h)
}

// recorder keeps, when the page was opened to record, every packet it
// received, opened; with the messages its client inflates from them
// (Client.OnMessage), the phone's whole transcript.
type recorder struct {
	netplay.Transport
	p *pad
}

func (r recorder) Receive(buf []byte) (int, netip.AddrPort, bool) {
	n, from, ok := r.Transport.Receive(buf)
	if ok && r.p.record {
		r.p.received = append(r.p.received, buf[:n]...)
	}
	return n, from, ok
}
