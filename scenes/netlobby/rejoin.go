package netlobby

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// A machine welcomed to a room whose match takes machines back
// (Config.Rejoins) keeps a note of where it plays, and its ticket: in a
// browser, in the tab's session storage, which a reload keeps and no other
// tab reads. Resume, as the page starts again, asks the room once more
// with the ticket: before the start the host seats it again, after it the
// host's match moves its seats to the new connection (netplay.OnRejoin).
// A table whose link is lost asks the same way, from memory
// (Match.Reconnect). A page's table keeps its replay and game log so far
// with the note whenever the page is hidden (Draft), and the lobby asking
// from memory keeps those the lost table handed it, so that they survive
// a reload too. Leaving the room, or the table (Forget), forgets the
// note and the draft.
type rejoinNote struct {
	Rules  string `json:"rules"`
	Room   string `json:"room"`
	Host   string `json:"host"`
	Seats  int    `json:"seats"`
	Ticket string `json:"ticket"`
}

// rejoinKey is the note's key in the browser's session storage.
const rejoinKey = "janken-arcade/rejoin"

// keepNote, keptNote and forgetNote keep the note; forgetting it forgets
// the replay draft too.
func keepNote(data []byte) { keep(rejoinKey, string(data)) }

func keptNote() []byte {
	if s := kept(rejoinKey); s != "" {
		return []byte(s)
	}
	return nil
}

func forgetNote() {
	forget(rejoinKey)
	forget(draftKey)
}

// Draft is a network client's match so far as its table had it: its
// replay, encoded (replay.Encode), and its game log. A page keeps it with
// its note as it is hidden (KeepDraft): the table that comes back after a
// reload goes on recording the replay, and shows the log, and Resume
// hands it to the match as its Carried.
type Draft struct {
	Replay []byte   `json:"replay"`
	Log    []string `json:"log,omitempty"`
}

// A Drafter is a Match.Carried that holds a table's match so far in
// memory (a table whose link was lost hands it on): the lobby that asks
// for the seats again keeps it as a Draft with the note, since a page
// hidden meanwhile may be reloaded and lose its memory.
type Drafter interface {
	Draft() (Draft, error)
}

// draftKey is the draft's key in the browser's session storage.
const draftKey = "janken-arcade/rejoin-draft"

// KeepDraft keeps d with the note of the match to go back to, as JSON
// (the storage holds text); without a note, there is no match to go back
// to, and it keeps nothing. A draft too large for the storage forgets the
// one before, which a table must not go on with: the steps since would be
// missing.
func KeepDraft(d Draft) {
	if keptNote() == nil {
		return
	}
	data, err := json.Marshal(d)
	if err != nil || !keep(draftKey, string(data)) {
		forget(draftKey)
	}
}

// keptDraft returns the draft kept, if there is one with a replay.
func keptDraft() (Draft, bool) {
	var d Draft
	if err := json.Unmarshal([]byte(kept(draftKey)), &d); err != nil || len(d.Replay) == 0 {
		return Draft{}, false
	}
	return d, true
}

// keepRejoin notes the room l has been welcomed to, if its game takes
// machines back. A room joined afresh has no replay so far: a draft kept
// from another match is forgotten.
func (l *Lobby) keepRejoin() {
	if !l.cfg.Rejoins || l.ticket.IsZero() {
		return
	}
	if !l.resumed {
		forget(draftKey)
	}
	data, err := json.Marshal(rejoinNote{Rules: l.cfg.Rules, Room: l.target.code.String(), Host: l.target.addr.String(),
		Seats: l.local, Ticket: l.ticket.String()})
	if err == nil {
		keepNote(data)
	}
}

// Forget forgets the note of the match this machine joined: its table
// calls it when the player leaves.
func Forget() { forgetNote() }

// readNote returns the kept note, checked: where to ask, and the ticket.
func readNote() (n rejoinNote, to destination, t netplay.Ticket, err error) {
	data := keptNote()
	if data == nil {
		return n, to, t, errors.New("netlobby: no match to rejoin")
	}
	err = json.Unmarshal(data, &n)
	if err == nil {
		to.code, err = netplay.ParseRoomCode(n.Room)
	}
	if err == nil {
		to.addr, err = netip.ParseAddrPort(n.Host)
	}
	if err == nil {
		t, err = netplay.ParseTicket(n.Ticket)
	}
	if err == nil && (n.Seats < 1 || n.Seats > 8) {
		err = fmt.Errorf("%d seats", n.Seats)
	}
	if err != nil {
		return n, to, t, fmt.Errorf("netlobby: the note of the match to rejoin: %w", err)
	}
	return n, to, t, nil
}

// Resume returns the network lobby of the room or match this machine had
// joined when its page was reloaded, asking the host for its seats back,
// or nil if there is none to go back to: no note kept, or one that none of
// games plays (a note that cannot be read is forgotten).
func Resume(d *scenes.Director, games ...Config) *Lobby {
	n, to, ticket, err := readNote()
	if err != nil {
		forgetNote()
		return nil
	}
	var carried any // the page's match so far, if it kept one
	if draft, ok := keptDraft(); ok {
		carried = draft
	}
	for _, cfg := range games {
		if cfg.Rules == n.Rules && cfg.Rejoins && cfg.Start != nil {
			return resumeLobby(d, cfg, n.Seats, to, ticket, carried)
		}
	}
	forgetNote()
	return nil
}

// resumeLobby returns the lobby of cfg asking the room at to for the
// seats of ticket, seats of them, again, to start the match with carried
// (Match.Carried). It keeps the note meanwhile, and the match so far
// carried with it (Drafter), so that a page reloaded while it asks asks
// again and goes on with its replay and log (a table that lost its link
// forgot both as it closed).
func resumeLobby(d *scenes.Director, cfg Config, seats int, to destination, ticket netplay.Ticket, carried any) *Lobby {
	cfg.LocalSeats, cfg.MaxLocalSeats = seats, seats
	l := New(d, cfg)
	l.carried = carried
	l.ticket, l.resumed = ticket, true
	if l.joinRoom(to); l.mode != modeWaiting {
		forgetNote() // no socket to ask from: l.err says why
		return l
	}
	l.keepRejoin()
	if c, ok := carried.(Drafter); ok {
		if draft, err := c.Draft(); err == nil {
			KeepDraft(draft)
		}
	}
	return l
}

// reconnect returns the Match.Reconnect of the match l has just joined,
// or nil if its game does not take machines back.
func (l *Lobby) reconnect() func(d *scenes.Director, carried any) scenes.Scene {
	if !l.cfg.Rejoins || l.ticket.IsZero() {
		return nil
	}
	cfg, seats, to, ticket := l.cfg, l.local, l.target, l.ticket
	return func(d *scenes.Director, carried any) scenes.Scene {
		return resumeLobby(d, cfg, seats, to, ticket, carried)
	}
}
