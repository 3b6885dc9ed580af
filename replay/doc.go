// Package replay records a match as its header (game, rules version,
// settings, seed, seats, result), every input in order (Slam's presses
// by tick, the card games' actions by index) and checkpoint hashes of
// the game's state, and reads and writes it as a compact, versioned
// binary file or exports it as JSON.
//
// A Recorder gathers a match's steps as it is played without allocating
// in steady state; Finish turns them into a Replay, which Encode writes.
// Decode reads a file back and refuses anything it cannot trust with a
// clear error. Each game supplies a Game, which re-runs a replay and
// reports the first Divergence from its checkpoints; Turns is that Game
// for every turn-based ruleset.
//
// # File format, version 2
//
// All integers are unsigned LEB128 varints unless said otherwise; seats
// are zigzag varints (-1 becomes 1).
//
//	magic        "JKRP" (4 bytes)
//	format       varint: the format version, 2
//	length       4 bytes, little-endian: the whole file's length in bytes
//	body         the body below, deflated (raw DEFLATE, RFC 1951)
//	checksum     4 bytes, little-endian: CRC-32 (IEEE) of every byte before it
//
// The body, inflated:
//
//	header       varint length, then the Header as JSON
//	steps        varint count, then per step:
//	               varint  At minus the previous step's At (steps never go back)
//	               zigzag  Seat
//	               varint  length, then Data
//	checkpoints  varint count, then per checkpoint:
//	               varint  At minus the previous checkpoint's At
//	               8 bytes Hash, little-endian
//
// A reader checks the magic, then the format, then the length (a shorter
// file is truncated), then the checksum, and only then inflates the body,
// at most MaxSize bytes of it, and parses it.
//
// Version 1, which earlier builds wrote and this one still reads, is the
// same with the body not deflated. Version 2 deflates it because a
// network client's replay records a whole view at every step, each much
// like the one before: an Eleven Suits client's 42-step match takes
// 209 kB plain and under 5 kB deflated, so that a browser's storage holds
// every replay the library keeps.
package replay
