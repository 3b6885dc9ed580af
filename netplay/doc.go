// Package netplay moves a match between machines on one network.
//
// Real-time rulesets (Slam) run under a rollback Session: every peer
// simulates every tick at once with its own presses (delayed by a tick or
// two) and predicts "no press" for the others; when a late input differs
// it restores a saved state and re-simulates, so every press counts on the
// tick it was made. Hashes of confirmed ticks are compared between peers
// and a desync is reported, with this peer's state dumped to a file. A
// faster peer slows down gently; a silent peer is warned about, then
// dropped, its seats left empty or handed to a bot as the host chose.
//
// A table drives a session from its Update, draws the predicted state
// (animations derive from state, so a rollback cannot glitch them) and
// plays sounds from the settled ticks only:
//
//	cfg := netplay.Config[slam.State]{Room: room, Peers: peers, Self: self,
//		OnSettled: func(f *rulesets.Frame, s *slam.State) { t.playSounds(s.Events()) }}
//	sess, err := netplay.NewSession[slam.State](cfg, transport, initial)
//	…
//	// each tick:
//	st := sess.Update(now, &localFrame) // now: any monotonic clock
//	for _, ev := range sess.Events() { … warnings, timeouts, desyncs … }
//	t.draw(sess.State())
//
// SyncTest runs the same save, restore and re-simulate path without a
// network, rolling back every tick: it is the "synctest" subcommand.
//
// Turn-based rulesets with hidden hands (That's Mine, Ninjan, Eleven Suits)
// run under host authority: the Host owns the game, a Client sends its
// seats' actions and receives, over a reliable channel, only those seats'
// views and the events they may see, so hidden cards never cross the wire
// to a seat that may not see them. The host deflates its messages, each
// against the one before it on the connection, so that a view costs
// about what changed in it (a whole game of Eleven Suits, some fifteen
// times less); a message that will not inflate stops the client
// (Client.Err). Every message of the channel, both ways, is padded to a
// multiple of 64 bytes: a sealed packet's length is seen by anyone on the
// network, and would otherwise tell the length of a card's name in an
// action before the table reveals it. Over a browser's WebSocket
// (Remote.Stream), which loses nothing while it lasts, the host resends
// only what a full queue dropped, so a slow link is not buried in copies
// of what it is still carrying. A client the host gives up on, or whose
// seats it takes over, is told so and why (Client.LetGo), rather than
// left to notice the host's silence; so is every client of a host whose
// player leaves (Host.Leave), and a client whose player leaves tells the
// host (Client.Leave). What holds the game up, the host tells every
// client (Host.Tell, Client.News).
//
// Both run over a Transport: UDP between desktop peers, WebSocket for the
// browser build (a desktop host serves the web build over plain HTTP on
// the LAN, since a page from an HTTPS site may not open ws:// to a LAN
// address). A browser reaches only the host, so in a rollback match of
// three or more its PeerConfig is HostOnly (the lobby's Joiner says which
// joiners are) and the host relays its messages to the other peers and
// theirs to it, bundled one packet an update, each naming its original
// sender, whose seats the receiver checks as if it had come directly. A
// relayed path is two hops long, so with Config.AdaptDelay the peers
// measure their round trips before tick 0 and the host chooses the one
// input delay of the match from the slowest. A browser whose host is gone
// is cut off from everyone: its session reports EventHostLost and stops,
// while the desktop peers drop the host and its browsers and play on.
// MemNetwork is an in-memory network with seeded delay, jitter, loss,
// duplication and reordering for tests. LobbyHost, Join and RoomFinder do
// the handshake (protocol version, rules version, room code) and LAN
// discovery; a room's announcement names no code, which its players are
// told by the host. The match takes the lobby host's transport through
// LobbyHost.Handoff, which still tells a joiner that missed the start,
// and moves a joiner that comes back from another address (a reloaded
// page) with the Ticket its sealed welcome told it alone (OnRejoin).
// Every packet is versioned, bounded in size and tagged with the room
// code; anything malformed, oversized, from an unknown peer, for another
// room or for a seat its sender does not own is dropped and counted,
// never trusted, and each peer's packet rate is limited. The
// WebSocketHub takes at most 32 connections, 8 from one machine, and
// closes one that stays silent for 30 s. The web server that serves the
// pages and the hub (NewWebServer) answers at most 128 plain HTTP
// connections at once, 16 from one machine, and closes one idle for 30 s.
//
// In the game every transport is sealed by package netplay/secure with a
// key made from the room code: a Noise handshake per address, then
// authenticated encryption of every packet but the announcement, checked
// before anything here reads it. A machine that does not know the code
// cannot join, read, replay or forge a packet, nor pass itself off as
// another address.
//
// What a peer running a modified build can do in a rollback match, and no
// more:
//
//   - Backdating. A peer may hold its inputs back and, on seeing an
//     opponent's press, claim one of its own earlier: at most W + D − 1
//     ticks before the press it has seen, W the prediction window (the
//     most ticks a peer runs ahead of the inputs it holds; every peer
//     stalls beyond it) and D the input delay. With the defaults (W =
//     MaxPrediction = 8, D = 2) that is 9 ticks, 150 ms. With AdaptDelay
//     the host chooses W with D from the slowest round trip: on a fast
//     LAN (every round trip at most 43 ms) D = 1 and W at most 4, so at
//     most 4 ticks, 67 ms; on slower links W grows back to 8.
//     TestBackdatingBound measures it.
//   - The host's deals. rulesets.Frame.Deal, which only the host, peer 0,
//     may set (Slam encodes a flip in it), travels with the host's inputs
//     for the tick its presses of that update are scheduled for
//     (Status.InputTick, D ticks on): no other peer learns a deal before
//     the host sends it, at most D ticks before it takes effect in the
//     host's time; until it arrives every peer predicts none. A deal from
//     any other peer is refused and counted. Settled deals enter the
//     hashes the peers compare.
//   - Drops. Only the peer entitled to decide (the lowest-numbered one
//     still connected, so the host while it is) may drop a peer; another
//     peer takes the drop only if it too has not heard from that peer, or
//     had the inputs it waits on from it, for WarnAfter, never if it names
//     itself, and never from a tick it has settled. A peer that pings but
//     holds back the inputs the others wait on is warned about and
//     dropped like a silent one. So that the drop comes after every
//     peer's settled ticks, a peer passes the next decider the last
//     inputs it holds of a peer silent for WarnAfter (KindForward); the
//     decider takes them only of a peer silent there too, and only up to
//     the ticks that peer could have sent (W + D past the decider's own
//     inputs): a lying peer can give a silent one presses on those last
//     ticks before its drop, no more, as the decider can with its drop.
//   - Leaves. A peer whose player leaves says so (Session.Leave,
//     KindLeave) with the inputs each peer still lacks of it: they are
//     its last. A peer that hears it takes that peer as gone at once
//     (EventLeft, no warning or timeout), so the decider drops it from
//     the tick after its last inputs and the others take the drop without
//     waiting WarnAfter. A leave speaks only for its sender: one naming
//     another peer or carrying another's seats is refused. A peer that
//     hears none of it drops the leaver as a silent peer, the decider
//     repeating the drop for WarnAfter longer.
//   - Time. Acknowledgements come from a peer's latest packet, so a stale
//     or forged one is undone by the next; a peer's claimed tick and time
//     advantage are clamped to the prediction window.
//
// Besides comparing peers' hashes of confirmed ticks, each peer compares
// at each check tick the state it drew (reached by prediction, restore and
// re-simulation) with the confirmed one, and reports a difference as
// EventDrawnDesync: a fault players see that every peer may share.
//
// Nothing here imports Ebitengine: time is passed in as a duration, so
// tests run on simulated time.
package netplay
