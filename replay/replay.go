package replay

import (
	"encoding/json"
	"time"
)

// Format is the version of the file format this build writes. It reads
// that and plainFormat.
const Format = 2

// plainFormat is the first format, whose body is not deflated: the
// replays of builds before Format 2.
const plainFormat = 1

// Replay is one recorded match.
type Replay struct {
	Header Header
	// Steps are the match's inputs in order; their At never decreases.
	Steps []Step
	// Checkpoints are hashes of the game's state, in increasing At.
	Checkpoints []Checkpoint
}

// Header is what a replay says about its match.
type Header struct {
	// Game is the game's catalog name: "ninjan".
	Game string `json:"game"`
	// Rules is the version of the rules the match was played under, as
	// the network handshake checks it: "ninjan/1".
	Rules string `json:"rules"`
	// Build is the version of the program that recorded it.
	Build string `json:"build,omitempty"`
	// Config is the ruleset's JSON config (the variant); empty means the
	// defaults.
	Config json.RawMessage `json:"config,omitempty"`
	// Seed is the seed the game was dealt from, when SeedKnown: a network
	// client never knows it.
	Seed      uint64 `json:"seed,string"`
	SeedKnown bool   `json:"seedKnown"`
	// Viewer is WholeGame for a replay of the whole game (recorded
	// offline or by a network host), else the seat that recorded it and
	// whose view its steps hold.
	Viewer int `json:"viewer"`
	// Seats says who played each seat.
	Seats []Seat `json:"seats"`
	// Date is when the match started.
	Date time.Time `json:"date"`
	// Result is how the match ended.
	Result Result `json:"result"`
}

// WholeGame is the Header.Viewer of a replay that holds the whole game.
const WholeGame = -1

// Seat is one player of a recorded match.
type Seat struct {
	Kind SeatKind `json:"kind"`
	Name string   `json:"name"`
	// Bot is a bot's level ("easy", "medium", "hard"); empty for people.
	Bot string `json:"bot,omitempty"`
}

// SeatKind says who played a seat.
type SeatKind string

// The kinds of seat.
const (
	Human  SeatKind = "human"  // a person at the recording machine
	Bot    SeatKind = "bot"    // a bot
	Remote SeatKind = "remote" // a person at another machine of a network match
	Phone  SeatKind = "phone"  // a person playing on a phone controller
)

// Result is how a match ended.
type Result struct {
	// Over is false for a match left before its end.
	Over    bool  `json:"over"`
	Winners []int `json:"winners,omitempty"`
	// Scores are each seat's score in the ruleset's own unit.
	Scores []int `json:"scores,omitempty"`
}

// Step is one input of a match.
type Step struct {
	// At is when it happened: Slam's tick, a card game's action index.
	At int64
	// Seat is the seat whose input it is; -1 is the host or the deal.
	Seat int
	// Data is the input in the game's own encoding (the card games: the
	// action's JSON form).
	Data []byte
}

// Checkpoint is the hash of the game's state at At, before the steps at
// At are applied: at action index n, once n actions are applied (0: as
// dealt); at Slam's tick t, once the ticks before t have run.
type Checkpoint struct {
	At   int64
	Hash uint64
}
