package secure

import "io"

// SetRandom has c draw its ephemeral keys from r, so that a test's
// simulated match, handshakes included, is the same on every run.
func SetRandom(c *Conn, r io.Reader) { c.random = r }

// AnswerBurst is how many answers a Conn sends at once before its answer
// budget holds it to answerRate a second.
const AnswerBurst = answerBurst

// TieRetries is for how many Retry periods a Conn refuses answers to its
// initiation for a tie's winner.
const TieRetries = tieRetries
