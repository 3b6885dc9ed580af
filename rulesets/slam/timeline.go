package slam

import "github.com/jankenarcade/janken/rulesets"

// Position is a place in a replay: the public state after Reader.Tick()
// ticks, and the reader that goes on from there. It is a plain value, so
// a copy is a saved place.
type Position struct {
	State  State
	Reader Reader
}

// Step moves the position one tick on, filling f with the tick's frame
// (the state's events are then that tick's); at the end it returns io.EOF
// and changes nothing.
func (p *Position) Step(f *rulesets.Frame) error {
	if err := p.Reader.Next(f); err != nil {
		return err
	}
	p.State.Step(f)
	return nil
}

// Timeline is a replay re-run once, with its position kept every few
// ticks, so that a viewer reaches any tick by copying the position before
// it and stepping at most that many ticks.
type Timeline struct {
	rec   *Recording
	every int64
	kept  []Position // kept[i]: the position after i*every ticks
}

// DefaultKeepEvery is how often a Timeline keeps a position: every
// second. A position is about 1.6 kB (a ten-minute replay keeps 1 MB), and
// a seek steps at most this many ticks, a few microseconds.
const DefaultKeepEvery = 60

// NewTimeline re-runs rec, checking its checkpoints as Verify does, and
// keeps its position every `every` ticks (DefaultKeepEvery if every < 1).
func NewTimeline(rec *Recording, every int) (*Timeline, error) {
	if every < 1 {
		every = DefaultKeepEvery
	}
	tl := &Timeline{rec: rec, every: int64(every), kept: make([]Position, 0, rec.Ticks/int64(every)+1)}
	_, err := walk(rec, func(p *Position) {
		if p.Reader.Tick()%tl.every == 0 {
			tl.kept = append(tl.kept, *p)
		}
	})
	if err != nil {
		return nil, err
	}
	return tl, nil
}

// Recording returns the recording the timeline runs.
func (tl *Timeline) Recording() *Recording { return tl.rec }

// Ticks returns the replay's length.
func (tl *Timeline) Ticks() int64 { return tl.rec.Ticks }

// Goto sets *p to the position after tick ticks (clamped to the replay),
// from the kept position before it.
func (tl *Timeline) Goto(tick int64, p *Position) {
	tick = max(0, min(tick, tl.rec.Ticks))
	*p = tl.kept[min(tick/tl.every, int64(len(tl.kept)-1))]
	var f rulesets.Frame
	for p.Reader.Tick() < tick {
		if p.Step(&f) != nil {
			return // NewTimeline read every frame: not reached
		}
	}
}
