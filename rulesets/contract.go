package rulesets

// Scoreboard is what every game, and every view of one, tells anyone:
// the seats, whether the game is over, the scores and the winners.
type Scoreboard interface {
	// Seats returns the number of players.
	Seats() int
	// Over reports whether the game has ended.
	Over() bool
	// Scores appends each seat's running score in the ruleset's own unit.
	Scores(dst []int) []int
	// Winners appends the winning seats (several on a shared win) once the
	// game is over.
	Winners(dst []int) []int
}

// Game is the contract of a turn-based ruleset's state (That's Mine,
// Ninjan, Eleven Suits), with A its action type and E its event type. Both
// are small values without pointers, so applying an action allocates
// nothing and an action can be sent over the network or stored in a replay
// as JSON.
//
// A Game is not safe for concurrent use. Use Clone to give a copy to
// another goroutine (a bot thinking, a netplay host).
type Game[A comparable, E any] interface {
	Scoreboard
	// ToAct appends to dst the seats that owe an action now. Simultaneous
	// choices list several seats; each may act in any order.
	ToAct(dst []int) []int
	// Legal appends to dst every legal action of seat now (none if the seat
	// owes nothing).
	Legal(seat int, dst []A) []A
	// Apply performs seat's action, or returns a clear error and leaves the
	// state untouched.
	Apply(seat int, a A) error
	// Hash returns a stable hash of the whole state.
	Hash() uint64
	// Events returns the events since the last ClearEvents, oldest first.
	// The slice is owned by the game and valid until the next Apply.
	Events() []E
	// ClearEvents forgets the recorded events (the slice is reused).
	ClearEvents()
	// Check verifies the ruleset's invariants (cards and tokens conserved,
	// no negative counts, the game over exactly when it should be) and
	// describes the first violation.
	Check() error
}

// Audience is the set of seats that may see something: an event, a card.
// Bit i stands for seat i.
type Audience uint16

// Everyone is the audience of public information.
const Everyone Audience = 1<<MaxSeats - 1

// Only returns the audience of the listed seats.
func Only(seats ...int) Audience {
	var a Audience
	for _, s := range seats {
		a |= 1 << s
	}
	return a
}

// Sees reports whether seat is in the audience.
func (a Audience) Sees(seat int) bool { return seat >= 0 && seat < MaxSeats && a&(1<<seat) != 0 }

// View is the constraint satisfied by *V, a seat's view of a turn-based
// game with actions A: everything that seat may know, and what it may do
// now. A view holds no hidden card, so whatever reads only views — bots,
// network clients, replay viewers — cannot peek. The ruleset's state makes
// them; a network client receives them from the host.
//
// V is a plain value: copying it copies the whole view.
type View[V any, A comparable] interface {
	*V
	// Viewer returns the seat the view is for; -1 for the public
	// (spectator) view.
	Viewer() int
	Scoreboard
	// ToAct appends the seats that owe an action now, as far as this view
	// knows: a seat whose action Assume recorded owes nothing more.
	ToAct(dst []int) []int
	// Legal appends the viewer's legal actions now (none if it owes
	// nothing, or is -1).
	Legal(dst []A) []A
	// Public returns what seat (another seat, or -1) may see of this view:
	// the view without the viewer's private parts (its hand, its own
	// choice, the cards only it has seen), as if made for seat. It equals
	// the state's public view, whichever seat's view it is taken from.
	Public(seat int) V
	// Assume records that seat made action a, which the host has not yet
	// answered (a network client's pending action): all of it when seat
	// is the viewer (the card leaves its hand, its choice shows), only
	// that seat has acted otherwise. Until the next view, seat owes
	// nothing. a must be legal for seat; a seat out of range is ignored.
	Assume(seat int, a A)
}

// Bot chooses actions for one seat of a turn-based game from that seat's
// view V alone (the seat is the view's Viewer); search bots re-deal what
// the view hides with their own generator. Bots draw randomness from
// their own generator (Derive), never the game's.
type Bot[V any, A comparable] interface {
	// Choose returns the action for the view's seat, which must owe one.
	Choose(v *V) A
}

// Ruleset describes one turn-based game to the generic parts of the
// program: the headless tools, the menu, replays and netplay. G is its
// state, V its view (*V satisfies View[V, A]), A its action and E its
// event.
type Ruleset[G Game[A, E], V any, A comparable, E any] struct {
	Name               string // as in code and on the command line: "ninjan"
	Title              string // as on screen: "Ninjan"
	MinSeats, MaxSeats int
	// New starts a game for players seats from the ruleset's JSON config
	// (nil or empty means the defaults) and seed.
	New func(players int, config []byte, seed uint64) (G, error)
	// Decode reads and validates a JSON position (the documented form);
	// Encode writes one.
	Decode func(data []byte) (G, error)
	Encode func(g G) ([]byte, error)
	// Clone returns an independent deep copy.
	Clone func(g G) G
	// View returns seat's view of g (seat -1: the public view).
	View func(g G, seat int) V
	// DecodeAction reads one action in the ruleset's JSON form.
	DecodeAction func(data []byte) (A, error)
	// BotNames lists the bots in increasing strength, baselines included:
	// "random", "greedy", "easy", "medium", "hard".
	BotNames []string
	// NewBot makes the named bot for seat with its own seed (see
	// DeriveSeed).
	NewBot func(name string, seat int, seed uint64) (Bot[V, A], error)
}

// Realtime is the contract of a ruleset stepped once per tick with that
// tick's frame (Slam). Its state is a plain value without pointers, so a
// rollback saves and restores it by copying (*dst = *src) without
// allocating. E is its event type.
type Realtime[E any] interface {
	Scoreboard
	// Step advances one tick with that tick's frame of presses.
	Step(f *Frame)
	// Hash returns a stable hash of the whole state.
	Hash() uint64
	// Events returns the events since the last ClearEvents, oldest first.
	Events() []E
	// ClearEvents forgets the recorded events.
	ClearEvents()
	// Check verifies the ruleset's invariants.
	Check() error
}
