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
	Novice
	Easy
	Medium
	Hard
	Expert
	// Adaptive matches the people at the table: it measures their
	// reactions in the photo finish and paces itself so that they hold
	// about adaptiveTarget of the cards.
	Adaptive
)

// BotNames lists the bots in increasing strength, then adaptive, whose
// strength follows the people it plays.
var BotNames = []string{"random", "novice", "easy", "medium", "hard", "expert", "adaptive"}

// ParseDifficulty reads a bot name of BotNames.
func ParseDifficulty(name string) (Difficulty, error) {
	if d, ok := rulesets.ParseEnum[Difficulty](BotNames, name); ok {
		return d, nil
	}
	return 0, fmt.Errorf("slam: unknown bot %q (want random, novice, easy, medium, hard, expert or adaptive)", name)
}

func (d Difficulty) String() string { return rulesets.EnumName(BotNames[:], d, "difficulty") }

// stopTicks is how late a person can still hold back a press once the
// card is won (a stop-signal reaction, about 200 ms): a planned press
// due sooner after the decision is made anyway, a late one.
const stopTicks = 12

// planKind is what a bot's pending press is for.
type planKind uint8

const (
	planNone  planKind = iota
	planCard           // the card flipped on key
	planThrow          // the playoff round begun on key
	planFlip           // winner flips: ask for the card after the decision on key
	planJump           // jump the gun: a false start in the wait after the decision on key
)

// plan is one press a bot means to make: buttons on tick at.
type plan struct {
	kind    planKind
	key     int64
	at      int64
	buttons rulesets.Buttons
	pressed bool
}

// Bot is a reflex bot for one seat: it sees the card up, draws a
// person-like reaction time and answer from its level's reflexes, and
// presses on that tick. It decides from its seat's View alone and draws
// from its own generator, so it never changes the game's sequence. A Bot
// is a plain value; Press allocates nothing.
type Bot struct {
	seat  int
	level Difficulty
	rng   rulesets.Rand
	plan  plan
	// last is the latest record of a card seen, digested once the next
	// card flips; slowNext is set by the bot's own mistake.
	last     CardRecord
	slowNext bool
	adapt    adaptive
}

// NewBot returns a bot of level d for seat, with its own seed. An
// Adaptive bot watches every other seat until told otherwise (Watch).
func NewBot(seat int, d Difficulty, seed uint64) Bot {
	b := Bot{seat: seat, level: d, rng: rulesets.Derive(seed, uint64(seat)+1)}
	b.last.FlipTick = -1
	b.adapt = newAdaptive(Seats(0xff) &^ (1 << seat))
	return b
}

// Watch tells an Adaptive bot which seats are people: it measures and
// paces itself against them alone. Other levels ignore it.
func (b *Bot) Watch(people Seats) { b.adapt.people = people &^ (1 << b.seat) }

// Seat returns the bot's seat.
func (b *Bot) Seat() int { return b.seat }

// Difficulty returns the bot's level.
func (b *Bot) Difficulty() Difficulty { return b.level }

// Press returns the buttons the bot presses on tick v.Tick, given its
// seat's view.
func (b *Bot) Press(v *View) rulesets.Buttons {
	b.observe(v)
	switch {
	case v.Phase == PhaseRacing && !v.Locked:
		if b.plan.kind != planCard || b.plan.key != v.FlipTick {
			b.planCard(v)
		}
	case v.Late:
		// The card was won while the bot was still answering: a press too
		// close to the decision to hold back comes anyway, late.
		if b.plan.kind != planCard || b.plan.key != v.Card.FlipTick || b.plan.at-v.Card.DecidedTick >= stopTicks {
			return 0
		}
	case v.InPlayoff && !v.Thrown:
		if b.plan.kind != planThrow || b.plan.key != v.PlayoffStart {
			b.replan(planThrow, v.PlayoffStart, v.PlayoffStart+int64(10+b.rng.IntN(30)), rulesets.ButtonRock<<b.rng.IntN(3))
		}
	case v.MayFlip:
		if b.plan.kind != planFlip || b.plan.key != v.Card.DecidedTick {
			b.replan(planFlip, v.Card.DecidedTick, v.Tick+int64(10+b.rng.IntN(30)), rulesets.ButtonConfirm)
		}
	case v.Phase == PhaseWaiting && b.level != Random:
		if b.plan.kind != planJump || b.plan.key != v.Card.DecidedTick {
			b.planFalseStart(v)
		}
	default:
		return 0
	}
	if b.plan.pressed || v.Tick < b.plan.at {
		return 0
	}
	b.plan.pressed = true
	if b.plan.kind == planJump {
		b.slowNext = true
	}
	return b.plan.buttons
}

// Reaction returns the bot's planned reaction to the card up or to the
// playoff round, in ticks after the flip or the round's start (or -1
// without such a plan).
func (b *Bot) Reaction() int64 {
	if b.plan.kind != planCard && b.plan.kind != planThrow {
		return -1
	}
	return b.plan.at - b.plan.key
}

func (b *Bot) replan(kind planKind, key, at int64, buttons rulesets.Buttons) {
	b.plan = plan{kind: kind, key: key, at: at, buttons: buttons}
}

// observe digests the record of the last card once the next one flips:
// the bot's own mistake slows its next answer, and an Adaptive bot
// measures the people.
func (b *Bot) observe(v *View) {
	if v.Card.FlipTick != b.last.FlipTick && b.last.FlipTick >= 0 {
		if b.last.Presses[b.seat].Result.Mistake() {
			b.slowNext = true
		}
		if b.level == Adaptive {
			b.adapt.digest(&b.last, &v.Won, v.Players)
		}
	}
	b.last = v.Card
}

// reflexes returns the bot's current reflexes.
func (b *Bot) reflexes() reflexes {
	if b.level == Adaptive {
		return b.adapt.reflexes()
	}
	return levels[b.level]
}

func (b *Bot) planCard(v *View) {
	if b.level == Random {
		b.replan(planCard, v.FlipTick, v.FlipTick+int64(10+b.rng.IntN(61)+b.rng.IntN(31)), rulesets.ButtonRock<<b.rng.IntN(4))
		return
	}
	lv := b.reflexes()
	correct := Correct(v.Front, v.Top)
	step, base := lv.Step, lv.ErrPermille
	if correct == rulesets.ButtonClap {
		step, base = 0, lv.SnapErrPermille
	}
	slow := 0
	if b.slowNext {
		slow, base, b.slowNext = lv.PostError, base*2/3, false
	}
	rt := reactionMS(&b.rng, &lv, step, slow)
	buttons := correct
	switch roll := b.rng.IntN(1000); {
	case roll < errPermille(base, lv.median(step), rt):
		buttons = wrongGesture(&b.rng, v.Front, v.Top)
	case roll >= 1000-lv.MashPermille:
		buttons |= wrongGesture(&b.rng, v.Front, v.Top)
	}
	b.replan(planCard, v.FlipTick, v.FlipTick+ticksAfter(rt), buttons)
}

// planFalseStart decides, once per wait, whether the bot will jump the
// gun: with its level's chance it presses a random gesture some time
// into the wait, as an impatient person does. The flip may come first.
func (b *Bot) planFalseStart(v *View) {
	b.replan(planJump, v.Card.DecidedTick, v.Tick+int64(10+b.rng.IntN(50)), rulesets.ButtonRock<<b.rng.IntN(4))
	b.plan.pressed = b.rng.IntN(1000) >= b.reflexes().FalseStartPermille
}

// Act adds the bot's press on the coming tick to f, reading the bot's seat's
// view of s.
func (b *Bot) Act(s *State, f *rulesets.Frame) {
	v := s.View(b.seat)
	f.Pressed[b.seat] |= b.Press(&v)
}

// Scripted is a yardstick player for measuring the bots: it makes the
// correct action exactly After ticks after every flip (late, if the card
// was won meanwhile) and nothing else, throws rock in a playoff and flips
// at once when it may. It reads only its seat's View.
type Scripted struct {
	Seat  int
	After int64
}

// Act adds the scripted press on the coming tick to f.
func (p *Scripted) Act(s *State, f *rulesets.Frame) {
	v := s.View(p.Seat)
	switch {
	case v.Phase == PhaseRacing && !v.Locked && v.Tick == v.FlipTick+p.After:
		f.Pressed[p.Seat] |= Correct(v.Front, v.Top)
	case v.Late && v.Tick == v.Card.FlipTick+p.After:
		f.Pressed[p.Seat] |= v.Card.Correct
	case v.InPlayoff && !v.Thrown && v.Tick > v.PlayoffStart:
		f.Pressed[p.Seat] |= rulesets.ButtonRock
	case v.MayFlip:
		f.Pressed[p.Seat] |= rulesets.ButtonConfirm
	}
}
