package netplay

import "time"

// hang bounds the tests on real sockets, processes and browsers, which
// run on the wall clock: it is how long they wait for what takes
// milliseconds to seconds. Only a hang reaches it, never a busy machine;
// what they assert is counted in ticks and packets.
const hang = 5 * time.Minute

// refused counts the packets dropped as not the sender's to send. On the
// wall clock a busy machine delivers packets late or in bursts, so the
// Stale and RateLimited drops are left out: they count timing, not faults.
func refused(d Drops) int64 { return d.Malformed + d.WrongRoom + d.UnknownPeer + d.ForeignSeat }
