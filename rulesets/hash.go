package rulesets

// Hasher accumulates a stable 64-bit FNV-1a hash of a game state. Feed it
// fields in a fixed order (never by ranging over a map); the result is the
// same on every platform. A Hasher is a value and never allocates.
type Hasher struct {
	sum uint64
	set bool
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func (h *Hasher) init() {
	if !h.set {
		h.sum, h.set = fnvOffset, true
	}
}

// Byte mixes one byte.
func (h *Hasher) Byte(b byte) {
	h.init()
	h.sum ^= uint64(b)
	h.sum *= fnvPrime
}

// Uint64 mixes v as eight little-endian bytes.
func (h *Hasher) Uint64(v uint64) {
	for i := 0; i < 8; i++ {
		h.Byte(byte(v >> (8 * i)))
	}
}

// Int mixes v as a 64-bit value.
func (h *Hasher) Int(v int) { h.Uint64(uint64(int64(v))) }

// Bool mixes b as one byte.
func (h *Hasher) Bool(b bool) {
	if b {
		h.Byte(1)
	} else {
		h.Byte(0)
	}
}

// Bytes mixes the length of b and then its bytes, so ["ab","c"] and
// ["a","bc"] hash differently.
func (h *Hasher) Bytes(b []byte) {
	h.Int(len(b))
	for _, c := range b {
		h.Byte(c)
	}
}

// String mixes s like Bytes.
func (h *Hasher) String(s string) {
	h.Int(len(s))
	for i := 0; i < len(s); i++ {
		h.Byte(s[i])
	}
}

// Rand mixes a generator's state.
func (h *Hasher) Rand(r Rand) {
	// Two draws from a copy fingerprint the 128-bit state without
	// reaching into PCG's fields.
	c := r
	h.Uint64(c.Uint64())
	h.Uint64(c.Uint64())
}

// Sum returns the hash so far.
func (h *Hasher) Sum() uint64 {
	h.init()
	return h.sum
}
