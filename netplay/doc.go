// Package netplay moves a match between machines on one network.
//
// Real-time rulesets (Slam) run under a rollback Session: every peer
// simulates every tick at once with its own presses and predicts "no press"
// for the others; when a late input arrives it restores a saved state and
// re-simulates, so every press counts on the tick it was made. Checksums of
// confirmed ticks are compared between peers to detect a desync.
//
// Turn-based rulesets with hidden hands (That's Mine, Ninjan, Eleven Suits)
// run under host authority: the Host owns the game, a Client sends its
// seat's actions and receives only that seat's view and the events the seat
// may see, so hidden cards never cross the wire to a seat that may not see
// them.
//
// Both run over a Transport: UDP between desktop peers, WebSocket for the
// browser build, and an in-memory network with seeded delay, jitter, loss,
// duplication and reordering for tests. Every packet is versioned, bounded
// in size and tagged with the room code; anything malformed, oversized, from
// an unknown peer, for another room or for a seat its sender does not own is
// dropped and counted, never trusted.
//
// Nothing here imports Ebitengine: the director calls the sessions once per
// tick from Update, and time is passed in as a duration since the start, so
// tests run on simulated time.
package netplay
