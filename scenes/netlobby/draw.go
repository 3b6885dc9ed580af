package netlobby

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/scenes"
)

// Layout of the screen, in logical pixels.
const (
	panelX, panelY, panelW, panelH = 100, 70, 1080, 590
	leftX                          = 140
	rightX                         = 700
	menuY                          = 300
	menuH                          = 300
	menuW                          = 520
	chooseMenuW                    = 720 // room for "Players on this machine" and its value
	joinMenuY                      = 270 // under the line that says discovery is looking
	browserMenuY                   = 450 // under the help for a browser (browserHelp)
	hostMenuY                      = 470
	// A tall host menu (tallMenu) goes under the room code, and
	// the addresses under the seats.
	optionsMenuY = 325
	optionsMenuH = 290
	errLineH     = 26 // between the lines of an error
)

// Draw implements scenes.Scene.
func (l *Lobby) Draw(c *scenes.Canvas) {
	pal := l.d.Palette()
	l.backdrop.Draw(c, pal)
	scenes.Panel(c, pal, panelX, panelY, panelW, panelH)
	c.Text(l.cfg.Title+" on the network", leftX, 100, scenes.TextStyle{Size: 46, Bold: true, Color: pal.Text})
	body := scenes.TextStyle{Size: 24, Color: pal.Text}
	dim := scenes.TextStyle{Size: 22, Color: pal.TextDim}
	switch l.mode {
	case modeChoose:
		l.drawChoose(c, pal)
	case modeHost:
		l.drawHost(c, pal)
	case modeJoin:
		c.Text(fmt.Sprintf("Rooms on this network with room for %s — pick one, then type its code", scenes.Count(l.local, "player")), leftX, 180, body)
		if len(l.rooms) == 0 && l.finder != nil {
			c.Text("Looking… (a room appears here when its host is on the same network)", leftX, 220, dim)
		}
		l.menu.Draw(c, pal)
		if i := l.menu.Cursor; i >= 0 && i < len(l.rooms) && l.rooms[i].Rules == l.cfg.Rules {
			// The highlighted room's game, as its host has set it: an
			// option a line.
			for j, o := range aboutOptions(l.cfg.Options, l.rooms[i].About) {
				c.Text(OptionsLine([]Chosen{o}), rightX, joinMenuY+float64(j)*34, scenes.TextStyle{Size: 22, Color: pal.Accent})
			}
		}
	case modeType:
		l.drawType(c, pal)
	case modeWaiting:
		msg := fmt.Sprintf("Asking room %v at %v…", l.target.code, l.target.addr)
		if l.resumed {
			msg = fmt.Sprintf("Going back to room %v…", l.target.code)
		}
		if l.joined.Done {
			msg = fmt.Sprintf("Joined room %v as %s. Waiting for the host to start…", l.target.code, joinedAs(l.joined.Seats))
		}
		c.Text(msg, leftX, 200, body)
		if len(l.told) > 0 {
			c.Text(OptionsLine(l.told), leftX, 250, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Accent})
		}
		c.Text(l.d.Hint("Esc: leave", leaveTap), leftX, l.leaveY(), dim)
	case modeStarted:
		c.Text("Starting…", leftX, 200, body)
	}
	if l.err != "" {
		l.drawErr(c, pal)
	}
}

// drawErr draws the error, wrapped to the panel: over the keypad when it
// is shown (two lines at most), else upwards from the panel's foot.
func (l *Lobby) drawErr(c *scenes.Canvas, pal *scenes.Palette) {
	st := scenes.TextStyle{Size: 22, Color: pal.Notice, VAlign: text.AlignEnd}
	lines := scenes.WrapText(l.errLines[:0], l.err, st, panelW-2*(leftX-panelX))
	l.errLines = lines
	if l.keypadShown() {
		st.VAlign = text.AlignStart
		for i, line := range lines[:min(len(lines), touchErrMax)] {
			c.Text(line, leftX, touchErrY+float64(i)*errLineH, st)
		}
		return
	}
	y := panelY + panelH - 40.0
	if l.mode == modeHost && l.tallMenu() {
		y = panelY + panelH - 16 // below the longer menu
	}
	for i, line := range lines { // upwards from the panel's foot
		c.Text(line, leftX, y-float64(len(lines)-1-i)*errLineH, st)
	}
}

// drawChoose draws the first screen: what this machine can do on the
// network, and the menu of it.
func (l *Lobby) drawChoose(c *scenes.Canvas, pal *scenes.Palette) {
	body := scenes.TextStyle{Size: 24, Color: pal.Text}
	dim := scenes.TextStyle{Size: 22, Color: pal.TextDim}
	net := l.cfg.Net
	switch {
	case !net.InBrowser:
		c.Text("Play with friends on this network, each from their own computer or browser.", leftX, 180, body)
		c.Text("One of you hosts; the others join with the room code.", leftX, 220, dim)
	case net.Join != nil:
		c.Text("This page comes from the game hosting at "+net.PageHost+".", leftX, 180, body)
		c.Text("Join its room with the code on the host's screen. (A browser joins; only the desktop game hosts.)", leftX, 220, dim)
	default:
		drawBrowserHelp(c, pal, 180)
	}
	l.menu.Draw(c, pal)
}

// browserHelp tells a browser that no desktop host served how to play
// over the network: the desktop game hosts and serves the page that joins
// it, over plain HTTP, which a page from an https site cannot reach.
var browserHelp = []string{
	"In a browser you can join a friend's game, but not host one.",
	"1. A friend hosts with the desktop game: its screen shows a room code",
	"    and its address, such as 192.168.1.20:7300.",
	"2. On the same network, open http://192.168.1.20:7300/ in this browser:",
	"    the host serves the game there, and that page joins its room.",
	"3. Type the room code.",
}

// drawBrowserHelp draws browserHelp from y down, and returns where it
// ends.
func drawBrowserHelp(c *scenes.Canvas, pal *scenes.Palette, y float64) float64 {
	for i, line := range browserHelp {
		st := scenes.TextStyle{Size: 22, Color: pal.TextDim}
		if i == 0 {
			st = scenes.TextStyle{Size: 24, Color: pal.Text}
		}
		c.Text(line, leftX, y, st)
		y += 34
		if i == 0 {
			y += 10
		}
	}
	return y
}

// drawType draws the typing mode: the code of the room picked from the
// list, or a code and the host's address (a code alone in the browser).
func (l *Lobby) drawType(c *scenes.Canvas, pal *scenes.Palette) {
	body := scenes.TextStyle{Size: 24, Color: pal.Text}
	dim := scenes.TextStyle{Size: 22, Color: pal.TextDim}
	prompt, example := "Type the room code, then the host's address:", "For example  KXQM 192.168.1.20"
	switch {
	case l.picked.Addr.IsValid():
		prompt, example = fmt.Sprintf("To join %s, type the room code its host's screen shows:", l.picked.Host), "Four letters"
	case l.cfg.Net.JoinsPageHost:
		prompt, example = "Type the room code the host's screen shows:", "For example  KXQM"
	}
	shown := l.typed
	if len(shown) > 4 {
		shown = shown[:4] + "  " + shown[4:]
	}
	field := scenes.TextStyle{Size: 48, Bold: true, Color: pal.Accent, VAlign: text.AlignCenter}
	if l.keypadShown() {
		// Higher and smaller, above the keypad; the example fills the
		// empty field.
		c.Text(prompt, leftX, touchPromptY, body)
		scenes.Panel(c, pal, leftX, touchFieldY, 720, touchFieldH)
		field.Size = 44
		c.Text(shown+"_", leftX+30, touchFieldY+touchFieldH/2, field)
		if shown == "" {
			c.Text(example, leftX+80, touchFieldY+touchFieldH/2, scenes.TextStyle{Size: 22, Color: pal.TextDim, VAlign: text.AlignCenter})
		}
		l.drawKeypad(c, pal)
		return
	}
	c.Text(prompt, leftX, 180, body)
	scenes.Panel(c, pal, leftX, 240, 720, 90)
	c.Text(shown+"_", leftX+30, 285, field)
	c.Text(example+"      Enter: join     Esc: back", leftX, 370, dim)
}

// keypadShown reports whether the typing mode shows its keypad: once the
// screen has been touched.
func (l *Lobby) keypadShown() bool { return l.mode == modeType && l.d.TouchSeen() }

func (l *Lobby) drawHost(c *scenes.Canvas, pal *scenes.Palette) {
	c.Text("Room code — tell it to your players", leftX, 170, scenes.TextStyle{Size: 24, Color: pal.Text})
	size := 110.0
	if l.tallMenu() {
		size = 84 // the tall menu starts higher, scrolling when long
	}
	c.Text(l.room.String(), leftX, 205, scenes.TextStyle{Size: size, Bold: true, Color: pal.Accent})
	y := l.drawSeats(c, pal)
	if l.tallMenu() {
		l.drawAddresses(c, pal, rightX, y+20)
	} else {
		l.drawAddresses(c, pal, leftX, 350)
	}
	l.menu.Draw(c, pal)
}

// drawAddresses tells friends where to join, from (x, y) down.
func (l *Lobby) drawAddresses(c *scenes.Canvas, pal *scenes.Palette, x, y float64) {
	dim := scenes.TextStyle{Size: 20, Color: pal.TextDim}
	lines := [2]string{"Friends pick this room and type the code,", "or type it and:"}
	if l.here {
		lines = [2]string{"On this machine only: another window of", "the game joins with the code, or it and:"}
	}
	if x == leftX && !l.here {
		c.Text(lines[0]+" "+lines[1], x, y, dim)
	} else { // the narrower right column, or the longer note
		c.Text(lines[0], x, y, dim)
		y += 26
		c.Text(lines[1], x, y, dim)
	}
	for i, a := range l.addrs {
		if i == 2 { // room for the menu below
			break
		}
		y += 32
		c.Text(a, x+20, y, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text})
	}
	if len(l.addrs) == 0 {
		y += 32
		c.Text(l.HostAddr().String(), x+20, y, scenes.TextStyle{Size: 24, Bold: true, Color: pal.Text})
	}
	if l.web && len(l.addrs) > 0 {
		c.Text("In a browser: http://"+l.addrs[0]+"/", x, y+40, dim)
	}
}

// drawSeats lists who sits where, in the right column, and returns where
// the list ends. With a tall host menu the rows are closer, to leave
// room below for the addresses.
func (l *Lobby) drawSeats(c *scenes.Canvas, pal *scenes.Palette) float64 {
	pitch := 34.0
	if l.tallMenu() {
		pitch = 30
	}
	c.Text("Seats", rightX, 170, scenes.TextStyle{Size: 24, Color: pal.TextDim})
	y := 210.0
	for seat := range l.cfg.MaxPlayers {
		who, clr := "open", pal.TextDim
		switch {
		case seat < l.local:
			who, clr = l.cfg.PlayerName+" (this machine)", pal.Text
		case l.ai.Has(seat):
			who, clr = fmt.Sprintf("AI (%s)", l.cfg.Bots[l.level]), pal.Text
		}
		for _, j := range l.host.Joiners() {
			if j.Seats.Has(seat) {
				who, clr = fmt.Sprintf("%s (%v)", j.Name, j.Addr.Addr()), pal.Text
			}
		}
		c.Circle(rightX+10, y+14, 9, pal.Seats[seat])
		c.Text(fmt.Sprintf("Player %d", seat+1), rightX+30, y, scenes.TextStyle{Size: 22, Bold: true, Color: pal.Text})
		c.Text(who, rightX+150, y, scenes.TextStyle{Size: 22, Color: clr})
		y += pitch
	}
	if l.local > 1 {
		c.Text("This machine's players take its seats in the order", rightX, y+10, scenes.TextStyle{Size: 18, Color: pal.TextDim})
		c.Text("they first press at the table.", rightX, y+34, scenes.TextStyle{Size: 18, Color: pal.TextDim})
		y += 58
	}
	return y
}

// joinedAs names the seats a machine joined with, "a spectator" for none.
func joinedAs(s netplay.SeatSet) string {
	if name := scenes.SeatList(s); name != "" {
		return name
	}
	return "a spectator"
}
