package slam

import (
	"fmt"

	"github.com/jankenarcade/janken/rulesets"
)

// Difficulty is a reflex bot's level.
type Difficulty uint8

const (
	// Random presses a random gesture at a random moment: a baseline.
	Random Difficulty = iota
	Easy
	Medium
	Hard
)

// BotNames lists the bots in increasing strength.
var BotNames = []string{"random", "easy", "medium", "hard"}

// ParseDifficulty reads a bot name of BotNames.
func ParseDifficulty(name string) (Difficulty, error) {
	if d, ok := rulesets.ParseEnum[Difficulty](BotNames, name); ok {
		return d, nil
	}
	return 0, fmt.Errorf("slam: unknown bot %q (want random, easy, medium or hard)", name)
}

func (d Difficulty) String() string { return rulesets.EnumName(BotNames[:], d, "difficulty") }

// reflexes is a bot level's human-like timing and accuracy, in ticks and
// per mille. A reaction takes Base ticks plus two uniform spreads (a bell
// rather than a flat line), and with SlowPermille a hesitation of up to
// Slow more ticks, the long tail real people have.
type reflexes struct {
	Base, Spread1, Spread2 int
	SlowPermille, Slow     int
	ErrPermille            int // wrong gesture on a plain card
	SnapErrPermille        int // wrong on a snap (a gesture instead of a clap, or a clap on a near-snap)
}

var levels = [...]reflexes{
	Random: {Base: 10, Spread1: 60, Spread2: 30},
	Easy:   {Base: 40, Spread1: 20, Spread2: 10, SlowPermille: 200, Slow: 40, ErrPermille: 100, SnapErrPermille: 350},
	Medium: {Base: 26, Spread1: 12, Spread2: 8, SlowPermille: 120, Slow: 30, ErrPermille: 40, SnapErrPermille: 120},
	Hard:   {Base: 14, Spread1: 8, Spread2: 6, SlowPermille: 150, Slow: 36, ErrPermille: 25, SnapErrPermille: 60},
}

// Bot is a reflex bot for one seat: it sees the card up, plans a press
// with a seeded reaction time, and makes it on that tick. It draws from
// its own generator, so it never changes the game's sequence. A Bot is a
// plain value; Press allocates nothing.
type Bot struct {
	seat  int
	level Difficulty
	rng   rulesets.Rand
	// plan: press buttons on tick at, for the card flipped on flip (or the
	// playoff round begun on flip).
	flip, at int64
	buttons  rulesets.Buttons
	pressed  bool
}

// NewBot returns a bot of level d for seat, with its own seed.
func NewBot(seat int, d Difficulty, seed uint64) Bot {
	return Bot{seat: seat, level: d, rng: rulesets.Derive(seed, uint64(seat)+1), flip: -1, at: -1}
}

// Seat returns the bot's seat.
func (b *Bot) Seat() int { return b.seat }

// Difficulty returns the bot's level.
func (b *Bot) Difficulty() Difficulty { return b.level }

// Press returns the buttons the bot presses on tick v.Tick, given its
// seat's view.
func (b *Bot) Press(v *View) rulesets.Buttons {
	switch {
	case v.Phase == PhaseRacing && !v.Locked:
		if v.FlipTick != b.flip {
			b.planCard(v)
		}
	case v.InPlayoff && !v.Thrown:
		if v.PlayoffStart != b.flip {
			b.planThrow(v.PlayoffStart)
		}
	case v.MayFlip:
		if b.flip != -2 {
			b.flip, b.at, b.buttons, b.pressed = -2, v.Tick+int64(10+b.rng.IntN(30)), rulesets.ButtonConfirm, false
		}
	default:
		return 0
	}
	if b.pressed || v.Tick < b.at {
		return 0
	}
	b.pressed = true
	return b.buttons
}

// Reaction returns the bot's planned reaction to the card up, in ticks
// after the flip (or -1 without a plan).
func (b *Bot) Reaction() int64 {
	if b.flip < 0 {
		return -1
	}
	return b.at - b.flip
}

func (b *Bot) planCard(v *View) {
	lv := &levels[b.level]
	b.flip, b.pressed = v.FlipTick, false
	b.at = v.FlipTick + int64(b.reaction(lv))
	correct := Correct(v.Front, v.Top)
	errRate := lv.ErrPermille
	if correct == rulesets.ButtonClap {
		errRate = lv.SnapErrPermille
	}
	switch {
	case b.level == Random:
		b.buttons = rulesets.ButtonRock << b.rng.IntN(4)
	case b.rng.IntN(1000) < errRate:
		// A wrong action: one of the three that are not correct.
		wrong := rulesets.Gestures &^ correct
		b.buttons = nthButton(wrong, b.rng.IntN(3))
	default:
		b.buttons = correct
	}
}

func (b *Bot) planThrow(start int64) {
	b.flip, b.pressed = start, false
	b.at = start + int64(10+b.rng.IntN(30))
	b.buttons = rulesets.ButtonRock << b.rng.IntN(3)
}

func (b *Bot) reaction(lv *reflexes) int {
	r := lv.Base + b.rng.IntN(lv.Spread1+1) + b.rng.IntN(lv.Spread2+1)
	if lv.SlowPermille > 0 && b.rng.IntN(1000) < lv.SlowPermille {
		r += 1 + b.rng.IntN(lv.Slow)
	}
	return r
}

// nthButton returns the n-th button of set, lowest first.
func nthButton(set rulesets.Buttons, n int) rulesets.Buttons {
	for bit := rulesets.Button(1); bit != 0; bit <<= 1 {
		if set&bit != 0 {
			if n == 0 {
				return bit
			}
			n--
		}
	}
	return 0
}

// Act adds the bot's press on the coming tick to f, reading the bot's seat's
// view of s.
func (b *Bot) Act(s *State, f *rulesets.Frame) {
	v := s.View(b.seat)
	f.Pressed[b.seat] |= b.Press(&v)
}
