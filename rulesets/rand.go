package rulesets

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Rand is the seeded random generator a game state owns. It is a PCG
// generator held by value: copying a Rand copies its whole state (what a
// rollback needs), it never allocates, and its state serialises to JSON so
// a saved position continues with the same sequence.
//
// The zero Rand is usable and equals NewRand(0).
type Rand struct {
	pcg rand.PCG
}

// NewRand returns a generator seeded from seed.
func NewRand(seed uint64) Rand {
	var r Rand
	r.Seed(seed)
	return r
}

// Seed resets r to the sequence of seed.
func (r *Rand) Seed(seed uint64) {
	r.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
}

// Uint64 returns a uniformly random 64-bit value.
func (r *Rand) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniformly random int in [0, n). It panics if n <= 0,
// which is always a programming error.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("rulesets: Rand.IntN with n <= 0")
	}
	return int(r.uint64n(uint64(n)))
}

// BySquares returns an index drawn with probability weights[i]² / Σ
// weights²: the bots' searches draw their move from the visit counts so,
// at temperature ½, which keeps close moves mixed and all but drops the
// ones a search only explored. A zero weight is never drawn; it panics if
// every weight is zero.
func (r *Rand) BySquares(weights []int) int {
	total := 0
	for _, w := range weights {
		total += w * w
	}
	x := r.IntN(total)
	for i, w := range weights {
		if x < w*w {
			return i
		}
		x -= w * w
	}
	return len(weights) - 1 // not reached: x < total
}

// Range returns a uniformly random int in [lo, hi].
func (r *Rand) Range(lo, hi int) int { return lo + r.IntN(hi-lo+1) }

// uint64n is Lemire's nearly-divisionless method: unbiased and platform
// independent, so the same seed draws the same numbers everywhere.
func (r *Rand) uint64n(n uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}

// Shuffle performs a Fisher-Yates shuffle of n elements through swap.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// Derive returns a new generator seeded from this one's next output and
// salt. Bots use it so that their thinking never consumes the game's own
// sequence: derive once from the match seed, then draw freely.
func Derive(seed, salt uint64) Rand {
	r := NewRand(seed ^ (salt * 0xbf58476d1ce4e5b9))
	r.Uint64()
	return r
}

// MarshalBinary returns the 16-byte generator state.
func (r Rand) MarshalBinary() ([]byte, error) {
	b, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("rulesets: encode generator: %w", err)
	}
	return b, nil
}

// UnmarshalBinary restores a state written by MarshalBinary.
func (r *Rand) UnmarshalBinary(b []byte) error {
	if err := r.pcg.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("rulesets: decode generator: %w", err)
	}
	return nil
}

// randJSON is the hand-writable JSON form: the generator's two state words
// as decimal strings (JSON numbers lose precision above 2^53).
type randJSON struct {
	Hi string `json:"hi"`
	Lo string `json:"lo"`
}

// MarshalJSON encodes the generator state as {"hi":"…","lo":"…"}.
func (r Rand) MarshalJSON() ([]byte, error) {
	b, err := r.MarshalBinary()
	if err != nil {
		return nil, err
	}
	// PCG's binary form is a 4-byte tag followed by hi and lo, big-endian.
	hi := binary.BigEndian.Uint64(b[len(b)-16:])
	lo := binary.BigEndian.Uint64(b[len(b)-8:])
	return json.Marshal(randJSON{Hi: fmt.Sprint(hi), Lo: fmt.Sprint(lo)})
}

// UnmarshalJSON decodes the form written by MarshalJSON. A bare JSON number
// is accepted as a seed, so a hand-written position can say "rng": 42.
func (r *Rand) UnmarshalJSON(data []byte) error {
	var seed uint64
	if err := json.Unmarshal(data, &seed); err == nil {
		r.Seed(seed)
		return nil
	}
	var v randJSON
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("rulesets: generator state: want a seed number or {\"hi\",\"lo\"}: %w", err)
	}
	var hi, lo uint64
	if _, err := fmt.Sscan(v.Hi, &hi); err != nil {
		return fmt.Errorf("rulesets: generator state hi %q: %w", v.Hi, err)
	}
	if _, err := fmt.Sscan(v.Lo, &lo); err != nil {
		return fmt.Errorf("rulesets: generator state lo %q: %w", v.Lo, err)
	}
	b, _ := r.pcg.MarshalBinary() // fetch the tag so the layout stays PCG's own
	binary.BigEndian.PutUint64(b[len(b)-16:], hi)
	binary.BigEndian.PutUint64(b[len(b)-8:], lo)
	return r.UnmarshalBinary(b)
}
