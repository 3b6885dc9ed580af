package replay

// Recorder gathers a match's steps and checkpoints as it is played. Step
// and Checkpoint copy what they are given into buffers that the Recorder
// keeps, so once those have grown (or after Reset) recording allocates
// nothing. The zero Recorder is ready to use.
//
// A Recorder is not safe for concurrent use.
type Recorder struct {
	header Header
	steps  []stepAt
	data   []byte // every step's Data, end to end
	checks []Checkpoint
}

// stepAt is a recorded step whose data is data[end-n:end] of its
// Recorder, where n is the previous step's end subtracted from end.
type stepAt struct {
	at   int64
	seat int
	end  int
}

// NewRecorder returns a Recorder for the match h describes (its Result is
// set by Finish).
func NewRecorder(h Header) *Recorder { return &Recorder{header: h} }

// RecorderFrom returns a Recorder that goes on recording rp's match from
// where rp ends: its header, steps and checkpoints (a draft kept by a page
// that reloaded mid-match, say). rp is not kept.
func RecorderFrom(rp *Replay) *Recorder {
	r := &Recorder{header: rp.Header, checks: append([]Checkpoint(nil), rp.Checkpoints...)}
	for _, s := range rp.Steps {
		r.Step(s.At, s.Seat, s.Data)
	}
	return r
}

// Reset starts recording the match h anew, keeping the buffers.
func (r *Recorder) Reset(h Header) {
	r.header = h
	r.steps, r.data, r.checks = r.steps[:0], r.data[:0], r.checks[:0]
}

// SetHeader replaces the header of the match being recorded, keeping its
// steps.
func (r *Recorder) SetHeader(h Header) { r.header = h }

// Header returns the header of the match being recorded.
func (r *Recorder) Header() Header { return r.header }

// Step records seat's input data at at, which must not precede the last
// step's (Encode refuses a replay whose steps go back). data is copied.
func (r *Recorder) Step(at int64, seat int, data []byte) {
	r.data = append(r.data, data...)
	r.steps = append(r.steps, stepAt{at: at, seat: seat, end: len(r.data)})
}

// Checkpoint records the game's state hash at at.
func (r *Recorder) Checkpoint(at int64, hash uint64) {
	r.checks = append(r.checks, Checkpoint{At: at, Hash: hash})
}

// Len returns the number of steps recorded.
func (r *Recorder) Len() int { return len(r.steps) }

// Finish returns the replay recorded so far, ended with res. The replay
// owns copies of the recorder's buffers: recording may go on, or Reset.
func (r *Recorder) Finish(res Result) *Replay {
	out := &Replay{Header: r.header, Steps: make([]Step, len(r.steps))}
	out.Header.Result = res
	data := append([]byte(nil), r.data...)
	start := 0
	for i, s := range r.steps {
		out.Steps[i] = Step{At: s.at, Seat: s.seat, Data: data[start:s.end:s.end]}
		start = s.end
	}
	out.Checkpoints = append([]Checkpoint(nil), r.checks...)
	return out
}
