package slamtable

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/jankenarcade/janken/netplay"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/rulesets/slam"
)

// foreseen is a flip as a cheat foresees it: the card, its tick and the
// correct action on it.
type foreseen struct {
	card    slam.Card
	tick    int64
	correct rulesets.Buttons
}

// cheatClient is a client modified to cheat as one could before the deal
// had a secret: it takes every number in the start message for the seed,
// rebuilds the game with slam.New from each, follows the confirmed ticks
// (everyone's presses) and looks ahead for the next flip, trusting the
// first rebuilt game whose flips have all come true.
type cheatClient struct {
	sims  []slam.State
	wrong []bool // the sim flipped differently from the real game
}

func newCheatClient(t *testing.T, msg []byte) *cheatClient {
	t.Helper()
	var set struct {
		Config slam.Config `json:"config"`
	}
	if err := json.Unmarshal(msg, &set); err != nil {
		t.Fatal(err)
	}
	var all any
	dec := json.NewDecoder(bytes.NewReader(msg))
	dec.UseNumber()
	if err := dec.Decode(&all); err != nil {
		t.Fatal(err)
	}
	c := &cheatClient{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, w := range v {
				walk(w)
			}
		case []any:
			for _, w := range v {
				walk(w)
			}
		case json.Number:
			if n, err := strconv.ParseUint(v.String(), 10, 64); err == nil {
				if s, err := slam.New(set.Config, n); err == nil {
					c.sims = append(c.sims, s)
				}
			}
		}
	}
	walk(all)
	c.wrong = make([]bool, len(c.sims))
	return c
}

// predict returns the next flip as the cheat's best rebuilt game foresees
// it, stepping a copy on without presses.
func (c *cheatClient) predict() (foreseen, bool) {
	best := -1
	for i := range c.sims {
		if !c.wrong[i] {
			best = i
			break
		}
	}
	if best < 0 && len(c.sims) > 0 {
		best = 0 // every rebuilt game went wrong: guess with the first anyway
	}
	if best < 0 {
		return foreseen{}, false
	}
	s := c.sims[best]
	for range 1000 {
		if s.Over() {
			break
		}
		tick := s.Tick()
		s.Step(&rulesets.Frame{Tick: tick})
		if s.Card().FlipTick == tick {
			return foreseen{s.Card().Card, tick, s.Card().Correct}, true
		}
	}
	return foreseen{}, false
}

// follow steps every rebuilt game with a confirmed tick's presses and marks
// those that flipped otherwise than the real game.
func (c *cheatClient) follow(pressed [rulesets.MaxSeats]rulesets.Buttons, real *slam.State) {
	for i := range c.sims {
		s := &c.sims[i]
		tick := s.Tick()
		s.Step(&rulesets.Frame{Tick: tick, Pressed: pressed})
		simFlip, realFlip := s.Card().FlipTick == tick, real.Card().FlipTick == tick
		if simFlip != realFlip || realFlip && s.Card().Card != real.Card().Card {
			c.wrong[i] = true
		}
	}
}

// TestAttack_ClientCannotForeseeFlipsFromTheStartMessage is the issue's
// harness: a cheating client on seat 0 against a Hard bot, holding the
// host's start message and every confirmed tick, tries to name each flip
// (card and tick) sooner than the input delay before it, and presses the
// correct action on the flip tick it foresees. Before the deal had a
// secret it named every flip and won 53–0; now it names none and loses.
// The host side is the match's: netGame's message (its one random number,
// the public seed, fixed here so the test is deterministic), newNetGame's
// public state and a dealer whose deals take effect the input delay after
// the host makes them.
func TestAttack_ClientCannotForeseeFlipsFromTheStartMessage(t *testing.T) {
	const delay = 2 // a LAN's input delay, in ticks
	msg := netGame(netplay.SeatsOf(0, 1), []int{0, 0})
	var set netSettings
	if err := json.Unmarshal(msg, &set); err != nil {
		t.Fatal(err)
	}
	set.PublicSeed = 0x5eed
	if msg, _ = json.Marshal(set); !bytes.Contains(msg, []byte(`"public_seed"`)) {
		t.Fatalf("start message %s", msg)
	}
	state, dealer, err := newNetGame(set, false)
	if err != nil || dealer != nil {
		t.Fatalf("a client's game: dealer %v, %v", dealer, err)
	}
	host, err := slam.NewDealer(set.Config, 0xdea1) // the host's secret, never in msg
	if err != nil {
		t.Fatal(err)
	}
	cheat := newCheatClient(t, msg)
	bot := slam.NewBot(1, slam.Hard, 5)
	deals := map[int64]uint32{}
	press := map[int64]rulesets.Buttons{} // the cheat's presses by tick
	foreseenAt := map[int64]foreseen{}    // the cheat's foresight on each tick
	named, flips := 0, 0
	for s := &state; !s.Over() && s.Tick() < 40000; {
		tick := s.Tick()
		// The host deals for the tick its input takes effect on; the cheat
		// knows the confirmed past and chooses its press for the same tick.
		if d := host.Deal(s, tick+delay); d != 0 {
			deals[tick+delay] = d
		}
		if p, ok := cheat.predict(); ok {
			foreseenAt[tick] = p
			if p.tick == tick+delay {
				press[p.tick] = p.correct
			}
		}
		f := rulesets.Frame{Tick: tick, Deal: deals[tick]}
		f.Pressed[0] = press[tick]
		bot.Act(s, &f)
		s.Step(&f)
		cheat.follow(f.Pressed, s)
		if r := s.Card(); r.FlipTick == tick {
			flips++
			// Named sooner than the bound: foreseen on the tick before the
			// deal was sent.
			if p, ok := foreseenAt[tick-delay-1]; ok && p.card == r.Card && p.tick == tick {
				named++
			}
		}
	}
	scores := state.Scores(nil)
	t.Logf("flips %d, named ahead %d, cheat %d cards, Hard bot %d", flips, named, scores[0], scores[1])
	if !state.Over() || flips < slam.DeckSize-1 {
		t.Fatalf("the game did not end: %d flips", flips)
	}
	if named > 0 {
		t.Errorf("the cheat named %d of %d flips sooner than %d ticks ahead", named, flips, delay)
	}
	if scores[0] >= scores[1] {
		t.Errorf("the flip-tick cheat won %d–%d", scores[0], scores[1])
	}
}
