// Package lobby is the screen where the couch takes its seats before a
// game: anyone joins by pressing their own device's join button (Confirm
// on a keyboard zone or a gamepad; any gesture on a four-key Slam zone or a
// touch corner) or by clicking or tapping an empty seat, sees their seat's
// colour and name, and leaves with Back (or, on a four-key Slam zone, by
// holding Clap). Moving through the menu never seats anyone, and once
// seated a player's Confirm presses the lobby's buttons. Empty seats can be
// filled with AI players of a chosen difficulty, and the game's player
// range is enforced with a clear message.
//
// Solo and GameMenu are the one-step way round it: "Play vs computer"
// seats the player who chose it against AI players and starts at once.
//
// A game opens it with its Config; Start receives the Seating — the shared
// input.Router with every human seat bound to its device, the bots'
// difficulties, and the privacy mode hidden-hand tables should use:
//
//	ctx.Push(lobby.New(d, lobby.Config{
//		Title: "Ninjan", MinPlayers: 2, MaxPlayers: 5,
//		Bots:  []string{"easy", "medium", "hard"},
//		Start: func(ctx *scenes.Context, s lobby.Seating) { ctx.Replace(newTable(s), scenes.FadeQuick) },
//	}), scenes.Forward)
package lobby

import (
	"fmt"
	"image"
	"slices"
	"strings"

	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
)

// Config describes the game a lobby seats players for.
type Config struct {
	Title                  string // as on screen: "Ninjan"
	MinPlayers, MaxPlayers int
	// Bots lists the AI difficulties offered, weakest first. Empty means
	// the game has no AI players.
	Bots []string
	// Level is the difficulty preselected, in the lobby and for Play vs
	// computer; "" (or a name not in Bots) means the middle one of Bots.
	Level string
	// Opponents is how many AI players Play vs computer seats next to the
	// player (see Solo); 0 means MinPlayers-1.
	Opponents int
	// Gestures is set for Slam: seats play with the four gesture actions,
	// so only devices that have them (four-key zones, gamepads, touch
	// corners) may join.
	Gestures bool
	// Router is the input router to seat players in; nil means the
	// program's shared one (Director.Router), which has the saved controls.
	Router *input.Router
	// Start is called once the seats are valid and a player chose Start.
	Start func(ctx *scenes.Context, s Seating)
	// Phones, if set, lets players join with their phones (the
	// hidden-hand games); a seating with phones starts with its Start.
	Phones *Phones
}

// Kind says who plays a seat.
type Kind uint8

// The kinds of seat.
const (
	Empty Kind = iota
	Human
	Bot
	// Phone is a player holding their hand on their phone (package phone):
	// the table shows nothing of the seat's hand and never hands the
	// screen to it.
	Phone
)

// Seat is one seat of the lobby.
type Seat struct {
	Kind   Kind
	Device input.Device // for Human
	// Bot is the difficulty, for Bot; on a network table also for an
	// Empty seat that the host's bot plays elsewhere.
	Bot string
	// Name is the player's name, if they gave one: a Phone player's, or
	// in a network match the name their machine gave in the lobby.
	// Phone is the ID of a Phone player's phone (phone.Phone.ID).
	Name  string
	Phone int
}

// Seating is what a game starts with.
type Seating struct {
	// Router has seat i bound to Seats[i].Device for every human seat,
	// and no other seat bound.
	Router *input.Router
	// Seats has one entry per player, humans and bots, in seat order.
	Seats []Seat
	// Privacy is the mode hidden-hand tables should use: HandOff when two
	// humans share a device, Peek when each has their own.
	Privacy privacy.Mode
	// Onlookers is set when players not seated at the screen watch it
	// (with their hands on their phones): even a lone player's hand shows
	// only behind the privacy gate.
	Onlookers bool
	// WaitForPhones is the host's choice for a phone that goes silent: its
	// seat waits for it to come back (a reload, a phone that wakes) until
	// the host lets a bot play it, instead of going to a bot after a few
	// seconds.
	WaitForPhones bool
}

// Names returns every seat's name as the tables show it: the name its
// player gave, else "Player N".
func (s Seating) Names() []string {
	names := make([]string, len(s.Seats))
	for seat, st := range s.Seats {
		names[seat] = st.Who(seat)
	}
	return names
}

// Who returns the name of the player of the seat st (seat, from 0): the
// name they gave (a phone's player's, a network player's), else "Player
// N". A bot has no name of its own.
func (st Seat) Who(seat int) string {
	if st.Kind != Bot && st.Name != "" {
		return st.Name
	}
	return scenes.SeatName(seat, "")
}

// Humans returns the audience of the human seats.
func (s Seating) Humans() rulesets.Audience {
	var a rulesets.Audience
	for i, seat := range s.Seats {
		if seat.Kind == Human {
			a |= rulesets.Only(i)
		}
	}
	return a
}

// leaveHoldTicks is how long a device without Back holds Clap to leave.
const leaveHoldTicks = scenes.TPS

// Lobby is the seating screen. Its methods other than the Scene ones are
// for tests and the table scenes.
type Lobby struct {
	d        *scenes.Director
	cfg      Config
	router   *input.Router
	seats    [rulesets.MaxSeats]Seat
	botLevel int
	share    int                    // index in shared() of the device "Add player on" offers
	rows     []int                  // the item of each menu row
	held     [rulesets.MaxSeats]int // ticks each seat has held Clap
	laidFor  image.Point            // screen corner the touch areas were laid out for
	tick     int64
	message  string
	menu     scenes.Menu
	backdrop *scenes.Backdrop
	phones   *phoneRoom // while phones may join
	// waitForPhones is the host's choice for a phone that drops
	// (Seating.WaitForPhones).
	waitForPhones bool
}

// The menu entries.
const (
	itemAddBot = iota
	itemShare
	itemRemoveBot
	itemPhones
	itemPhoneDrop
	itemStart
	itemBack
)

// New returns a lobby for cfg.
func New(d *scenes.Director, cfg Config) *Lobby {
	cfg.MaxPlayers = min(max(cfg.MaxPlayers, 1), rulesets.MaxSeats)
	cfg.MinPlayers = min(max(cfg.MinPlayers, 1), cfg.MaxPlayers)
	l := &Lobby{d: d, cfg: cfg, router: cfg.Router, botLevel: cfg.level(), backdrop: scenes.NewBackdrop()}
	if l.router == nil {
		l.router = d.Router()
	}
	for s := range rulesets.MaxSeats { // nobody is seated on entry
		l.router.Unbind(s)
	}
	l.menu.X, l.menu.Y, l.menu.Width = menuX, menuY, menuW
	l.refreshMenu()
	return l
}

// level returns the index in Bots of the preselected difficulty.
func (cfg *Config) level() int {
	if i := slices.Index(cfg.Bots, cfg.Level); i >= 0 {
		return i
	}
	return len(cfg.Bots) / 2
}

// Name implements scenes.Scene.
func (l *Lobby) Name() string { return "lobby" }

// Cursor implements scenes.Cursored.
func (l *Lobby) Cursor() int { return l.menu.Cursor }

// Seats returns the lobby's seats (MaxPlayers of them).
func (l *Lobby) Seats() []Seat { return l.seats[:l.cfg.MaxPlayers] }

// Message returns the line the lobby shows the players now.
func (l *Lobby) Message() string { return l.message }

// Router returns the lobby's input router.
func (l *Lobby) Router() *input.Router { return l.router }

// Enter implements scenes.Enterer: on a Slam lobby, the touch corners of
// the screen become join zones.
func (l *Lobby) Enter(ctx *scenes.Context) {
	l.laidFor = image.Point{-1, -1}
	l.layTouchAreas()
}

// layTouchAreas sets the router's touch areas, again whenever the window
// has changed size.
func (l *Lobby) layTouchAreas() {
	var corner image.Point
	corner.X, corner.Y = l.d.ToScreen(scenes.ScreenWidth, scenes.ScreenHeight)
	if corner == l.laidFor {
		return
	}
	l.laidFor = corner
	if l.cfg.Gestures {
		l.router.SetTouchAreas(ScreenTouchAreas(l.d, l.cfg.MaxPlayers))
	} else {
		l.router.SetTouchAreas(nil)
	}
}

// ScreenTouchAreas returns Slam's n touch areas, laid out on the logical
// screen, in the screen pixels touches are reported in; the cells on the
// picture's edges reach to the screen's (input.SlamScreenTouchAreas). A
// scene that keeps them in a router sets them again when the window's
// size changes.
func ScreenTouchAreas(d *scenes.Director, n int) []input.TouchArea {
	return input.SlamScreenTouchAreas(n, scenes.ScreenWidth, scenes.ScreenHeight, d.ToScreen)
}

// Update implements scenes.Scene.
func (l *Lobby) Update(ctx *scenes.Context) error {
	l.backdrop.Update(ctx.ReducedMotion())
	l.layTouchAreas()
	// The lobby is not a match: a pad that leaves just frees its seat.
	for s := l.router.Waiting(); s >= 0; s = l.router.Waiting() {
		l.router.Unbind(s)
		l.seats[s] = Seat{}
		l.say(fmt.Sprintf("%s's gamepad disconnected: the seat is free.", scenes.SeatName(s, "")))
	}
	f, _ := l.router.Poll(ctx.Source(), l.tick)
	l.tick++
	l.updatePhones()
	changed := l.leaves(f)
	nav := ctx.Nav()
	for _, p := range l.router.Loose() {
		if l.menuDevice(p.Device) || !l.joins(p) {
			continue // it only works the menu: navigation never seats anyone
		}
		l.join(p.Device, -1)
		changed = true // a press to join, seated or refused, is not also a menu choice
	}
	if nav.Click {
		changed = l.click(nav.PointerX, nav.PointerY) || changed
	}
	if changed {
		l.refreshMenu()
		return nil // the press that seated or unseated someone is not also a menu choice
	}
	l.fitMenu()
	ev := l.menu.Update(ctx)
	item := -1
	if ev.Index >= 0 && ev.Index < len(l.rows) {
		item = l.rows[ev.Index]
	}
	switch ev.Action {
	case scenes.MenuActivate:
		l.activate(ctx, item)
	case scenes.MenuDecrease, scenes.MenuIncrease:
		step := 1
		if ev.Action == scenes.MenuDecrease {
			step = -1
		}
		switch n := len(l.shared()); {
		case item == itemAddBot && len(l.cfg.Bots) > 0:
			l.botLevel = (l.botLevel + step + len(l.cfg.Bots)) % len(l.cfg.Bots)
		case item == itemShare && n > 0:
			l.share = (l.share + step + n) % n
		case item == itemPhoneDrop:
			l.waitForPhones = !l.waitForPhones
		}
		l.refreshMenu()
	case scenes.MenuBack:
		l.closePhones()
		ctx.Pop(scenes.Backward)
	}
	return nil
}

// menuDevice reports whether a loose device only works the menu: a pointer
// (it joins by clicking a seat), or in a Slam lobby a keyboard zone without
// the gestures, which cannot play but can choose Start.
func (l *Lobby) menuDevice(d input.Device) bool {
	switch d.Kind {
	case input.Mouse, input.Touch:
		return true
	case input.KeyZone:
		c := l.router.Controls()
		return l.cfg.Gestures && c.ZoneButtons(d.Index)&rulesets.Gestures != rulesets.Gestures
	}
	return false
}

// joins reports whether loose press p is of its device's join button:
// Confirm, or on a device without one (a four-key Slam zone, a touch
// corner) any gesture.
func (l *Lobby) joins(p input.Press) bool {
	c := l.router.Controls()
	if deviceButtons(&c, p.Device).Has(rulesets.ButtonConfirm) {
		return p.Buttons.Has(rulesets.ButtonConfirm)
	}
	return p.Buttons&rulesets.Gestures != 0
}

// deviceButtons returns the actions device d can press.
func deviceButtons(c *input.Controls, d input.Device) rulesets.Buttons {
	var set rulesets.Buttons
	switch d.Kind {
	case input.KeyZone:
		set = c.ZoneButtons(d.Index)
	case input.Pad:
		for _, b := range input.AllButtons {
			if c.PadButton(b) != input.NoPadButton {
				set |= b
			}
		}
	case input.TouchZone:
		set = rulesets.Gestures
	}
	return set
}

// click handles a click or tap at (x, y): on an empty seat it seats the
// pointer there (again, for pass-and-play on one tablet); on a seat the
// pointer holds, it unseats it.
func (l *Lobby) click(x, y float64) bool {
	seat := l.seatAt(x, y)
	if seat < 0 {
		return false
	}
	d := input.Device{Kind: input.Mouse}
	for _, p := range l.router.Pointers() {
		if p.JustDown {
			d = p.Device
		}
	}
	switch st := l.seats[seat]; {
	case st.Kind == Empty:
		return l.join(d, seat)
	case st.Kind == Human && st.Device == d:
		l.Leave(seat)
		return true
	case st.Kind == Phone && l.phones != nil:
		l.dropPhone(seat)
		return true
	}
	return false
}

func (l *Lobby) activate(ctx *scenes.Context, item int) {
	switch item {
	case itemAddBot:
		l.AddBot()
	case itemShare:
		if devs := l.shared(); len(devs) > 0 {
			l.join(devs[min(l.share, len(devs)-1)], -1)
		}
	case itemRemoveBot:
		l.RemoveBot()
	case itemPhones:
		if l.phones == nil {
			l.openPhones()
		} else {
			l.closePhones()
			l.say("Phones are off; their seats are free.")
		}
	case itemPhoneDrop:
		l.waitForPhones = !l.waitForPhones
	case itemStart:
		l.start(ctx)
	case itemBack:
		l.closePhones()
		ctx.Pop(scenes.Backward)
	}
	l.refreshMenu()
}

// start starts the game, if the seats are valid: with the phones' table
// when phones hold seats (which then owns the server), else the couch's.
func (l *Lobby) start(ctx *scenes.Context) {
	s, problem := l.Seating()
	switch {
	case problem != "":
		l.say(problem)
	case s.Phones() > 0:
		srv := l.handOverPhones()
		if err := l.cfg.Phones.Start(ctx, s, srv); err != nil {
			srv.Close()
			l.say("The game could not start: " + err.Error())
		}
	default:
		l.closePhones()
		if l.cfg.Start != nil {
			l.cfg.Start(ctx, s)
		}
	}
}

// leaves unseats every human whose device pressed Back, or held Clap for
// a second on a device without Back (on a gamepad Clap is also Confirm,
// which presses the lobby's buttons: holding it must not unseat).
func (l *Lobby) leaves(f *rulesets.Frame) bool {
	if f == nil {
		return false
	}
	c := l.router.Controls()
	changed := false
	for s := range l.Seats() {
		if l.seats[s].Kind != Human {
			l.held[s] = 0
			continue
		}
		if f.Held[s].Has(rulesets.ButtonClap) && !deviceButtons(&c, l.seats[s].Device).Has(rulesets.ButtonBack) {
			l.held[s]++
		} else {
			l.held[s] = 0
		}
		if f.Pressed[s].Has(rulesets.ButtonBack) || l.held[s] >= leaveHoldTicks {
			l.Leave(s)
			changed = true
		}
	}
	return changed
}

// Join seats device d: at seat if it is empty, else (seat -1) at the lowest
// empty seat, or in place of the lowest AI player. It reports whether
// someone was seated; if not, the message says why.
func (l *Lobby) Join(d input.Device, seat int) bool {
	ok := l.join(d, seat)
	l.refreshMenu()
	return ok
}

func (l *Lobby) join(d input.Device, seat int) bool {
	if why := l.unfit(d); why != "" {
		l.say(why)
		return false
	}
	if seat < 0 {
		seat = l.free()
	}
	if seat < 0 {
		l.say(fmt.Sprintf("The table is full: %s seats at most %d players.", l.cfg.Title, l.cfg.MaxPlayers))
		return false
	}
	if err := l.router.Bind(seat, d); err != nil {
		l.say("That device is gone: " + err.Error())
		return false
	}
	l.seats[seat] = Seat{Kind: Human, Device: d}
	l.held[seat] = 0
	l.say(fmt.Sprintf("%s joined with %s.", scenes.SeatName(seat, ""), DeviceName(d)))
	return true
}

// free returns the lowest empty seat, else the lowest AI seat, else -1.
func (l *Lobby) free() int {
	for _, kind := range [...]Kind{Empty, Bot} {
		for s := range l.Seats() {
			if l.seats[s].Kind == kind {
				return s
			}
		}
	}
	return -1
}

// unfit says why d cannot play this game, or "".
func (l *Lobby) unfit(d input.Device) string {
	controls := l.router.Controls()
	switch {
	case l.cfg.Gestures && (d.Kind == input.Mouse || d.Kind == input.Touch):
		return l.cfg.Title + " needs four buttons: tap a corner of the screen, or use a gamepad or a four-key zone " + slamZones(&controls) + "."
	case l.cfg.Gestures && d.Kind == input.KeyZone && controls.ZoneButtons(d.Index)&rulesets.Gestures != rulesets.Gestures:
		return input.ZoneName(d.Index) + " cannot play Slam: use the four-key zones " + slamZones(&controls) + "."
	case !l.cfg.Gestures && d.Kind == input.KeyZone && controls.ZoneButtons(d.Index)&rulesets.ButtonConfirm == 0:
		return input.ZoneName(d.Index) + " is for Slam: use " + input.ZoneName(0) + " or " + input.ZoneName(1) + "."
	case !l.cfg.Gestures && d.Kind == input.TouchZone:
		return "Touch corners are for Slam."
	}
	return ""
}

// Leave frees seat.
func (l *Lobby) Leave(seat int) {
	if seat < 0 || seat >= l.cfg.MaxPlayers {
		return
	}
	if l.seats[seat].Kind == Human {
		l.say(scenes.SeatName(seat, "") + " left.")
	}
	l.router.Unbind(seat)
	l.seats[seat] = Seat{}
	l.held[seat] = 0
	l.refreshMenu()
}

// AddBot fills the lowest empty seat with an AI player of the chosen
// difficulty.
func (l *Lobby) AddBot() {
	if len(l.cfg.Bots) == 0 {
		l.say(l.cfg.Title + " has no AI players.")
		return
	}
	for s := range l.Seats() {
		if l.seats[s].Kind == Empty {
			l.seats[s] = Seat{Kind: Bot, Bot: l.cfg.Bots[l.botLevel]}
			l.say(fmt.Sprintf("%s is an AI player (%s).", scenes.SeatName(s, ""), l.cfg.Bots[l.botLevel]))
			l.refreshMenu()
			return
		}
	}
	l.say(fmt.Sprintf("The table is full: %s seats at most %d players.", l.cfg.Title, l.cfg.MaxPlayers))
}

// RemoveBot empties the highest AI seat.
func (l *Lobby) RemoveBot() {
	for s := l.cfg.MaxPlayers - 1; s >= 0; s-- {
		if l.seats[s].Kind == Bot {
			l.seats[s] = Seat{}
			l.say(scenes.SeatName(s, "") + "'s AI player left.")
			l.refreshMenu()
			return
		}
	}
	l.say("There is no AI player to remove.")
}

// Seating returns the seats to start with, numbered from 0 without gaps
// (the router rebound to match), or a problem that says, for the players,
// what is missing.
func (l *Lobby) Seating() (s Seating, problem string) {
	var seats []Seat
	humans := 0
	for _, st := range l.Seats() {
		if st.Kind != Empty {
			seats = append(seats, st)
		}
		if st.Kind == Human || st.Kind == Phone {
			humans++
		}
	}
	tvFirst(seats)
	switch n := len(seats); {
	case n < l.cfg.MinPlayers:
		return Seating{}, fmt.Sprintf("%s needs %s: %d more to start (press %s on a free device, or add an AI player).",
			l.cfg.Title, playerRange(l.cfg.MinPlayers, l.cfg.MaxPlayers), l.cfg.MinPlayers-n, l.joinKeys())
	case humans == 0:
		return Seating{}, "Nobody is playing: press " + l.joinKeys() + " on your device to join first."
	}
	mode := privacy.Peek
	for seat := range rulesets.MaxSeats {
		l.router.Unbind(seat)
	}
	for i, st := range seats {
		if st.Kind != Human {
			continue
		}
		for _, o := range seats[:i] {
			if o.Kind == Human && o.Device == st.Device {
				mode = privacy.HandOff
			}
		}
		if err := l.router.Bind(i, st.Device); err != nil {
			l.rebind()
			return Seating{}, DeviceName(st.Device) + " is gone: press " + l.joinKeys() + " to join again."
		}
	}
	return Seating{Router: l.router, Seats: seats, Privacy: mode, WaitForPhones: l.waitForPhones}, ""
}

// Phones returns how many seats phones hold.
func (s Seating) Phones() int {
	n := 0
	for _, seat := range s.Seats {
		if seat.Kind == Phone {
			n++
		}
	}
	return n
}

// tvFirst moves the first seat the TV plays (a player on this machine or
// an AI) to the front, if a phone holds the first seat: the machine that
// hosts the phones plays the first seat of a network match.
func tvFirst(seats []Seat) {
	for i, st := range seats {
		if st.Kind != Phone {
			copy(seats[1:i+1], seats[:i])
			seats[0] = st
			return
		}
	}
}

// rebind binds the router as the lobby's seats say.
func (l *Lobby) rebind() {
	for seat, st := range l.Seats() {
		l.router.Unbind(seat)
		if st.Kind == Human && l.router.Bind(seat, st.Device) != nil {
			l.seats[seat] = Seat{} // its device is gone
		}
	}
}

func playerRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("%d players", lo)
	}
	return fmt.Sprintf("%d–%d players", lo, hi)
}

func (l *Lobby) say(s string) { l.message = s }

func (l *Lobby) refreshMenu() {
	level := ""
	if len(l.cfg.Bots) > 0 {
		level = l.cfg.Bots[l.botLevel]
	}
	var bots, empty int
	for _, s := range l.Seats() {
		switch s.Kind {
		case Bot:
			bots++
		case Empty:
			empty++
		}
	}
	phonesValue := "off"
	if l.phones != nil {
		phonesValue = "on"
	}
	// nettable.DropAfter is the 5 s.
	dropValue := "Bot after 5 s"
	if l.waitForPhones {
		dropValue = "Wait for it"
	}
	devs := l.shared()
	l.share = min(l.share, max(len(devs)-1, 0))
	share := "—"
	if len(devs) > 0 {
		share = DeviceName(devs[l.share])
	}
	items := [...]scenes.MenuItem{
		itemAddBot:    {Label: "Add AI", Value: level, Disabled: len(l.cfg.Bots) == 0 || empty == 0},
		itemShare:     {Label: "Add player on", Value: share, Disabled: len(devs) == 0 || empty == 0},
		itemRemoveBot: {Label: "Remove AI", Disabled: bots == 0},
		itemPhones:    {Label: "Phones", Value: phonesValue},
		itemPhoneDrop: {Label: "If a phone drops", Value: dropValue},
		itemStart:     {Label: "Start game"},
		itemBack:      {Label: "Back"},
	}
	l.menu.Items, l.rows = l.menu.Items[:0], l.rows[:0]
	for item, mi := range items {
		if item == itemShare && l.cfg.Gestures {
			continue // nobody passes a controller round in a race
		}
		if item == itemPhones && l.cfg.Phones == nil || item == itemPhoneDrop && l.phones == nil {
			continue // no phones, or none may join now
		}
		l.menu.Items = append(l.menu.Items, mi)
		l.rows = append(l.rows, item)
	}
}

// row returns the menu row of item, or -1.
func (l *Lobby) row(item int) int { return slices.Index(l.rows, item) }

// shared returns the devices of the seated humans, each once, in seat
// order: "Add player on" seats another player on one of them, to play
// pass-and-play.
func (l *Lobby) shared() []input.Device {
	var devs []input.Device
	for _, s := range l.Seats() {
		if s.Kind == Human && !slices.Contains(devs, s.Device) {
			devs = append(devs, s.Device)
		}
	}
	return devs
}

// DeviceName returns how the lobby names a device: "Left keys",
// "Gamepad 2", "Mouse".
func DeviceName(d input.Device) string {
	switch d.Kind {
	case input.KeyZone:
		return input.ZoneName(d.Index)
	case input.Pad:
		return fmt.Sprintf("Gamepad %d", d.Index+1)
	case input.Mouse:
		return "Mouse"
	case input.Touch:
		return "Touch screen"
	case input.TouchZone:
		return fmt.Sprintf("Touch corner %d", d.Index+1)
	}
	return "—"
}

// slamZones lists the four-key zones' key caps: "1 2 3 4, 7 8 9 0, …".
func slamZones(c *input.Controls) string {
	var zones []string
	for z := range input.NumKeyZones {
		if c.ZoneButtons(z)&rulesets.Gestures == rulesets.Gestures {
			zones = append(zones, zoneCaps(c, z, rulesets.Gestures))
		}
	}
	return strings.Join(zones, ", ")
}

// zoneCaps returns the key caps of zone z's actions in set, in action
// order: "W S A D E Q".
func zoneCaps(c *input.Controls, z int, set rulesets.Buttons) string {
	var caps []string
	for j, b := range input.AllButtons {
		if set&b != 0 && c.Keys[z][j] != input.NoKey {
			caps = append(caps, input.KeyCap(c.Keys[z][j]))
		}
	}
	return strings.Join(caps, " ")
}
