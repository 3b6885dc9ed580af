// Package cardtable runs the turn-based card tables (That's Mine, Ninjan,
// Eleven Suits): one runner owns what every such table shares, and each
// game supplies only its layout, its input mapping and its animations.
//
// The runner owns, for every table alike:
//
//   - the match: the whole game on the couch and on a network host, its
//     seats' views on a network client (Match); the runner itself reads
//     only views, which answer who acts, what is legal, the scores and the
//     winners (rulesets.View), so a network client needs no adapter;
//   - the bots, which think off the game thread on a copy of their seat's
//     view (never the state), one at a time, handing the browser's only
//     thread back between steps, and answer no sooner than a person could
//     follow;
//   - the privacy gate (hand-off curtain or hold-to-peek) between human
//     seats that share the screen;
//   - the pause menu (Resume, Rules, Leave), the rules overlay, and on the
//     network the leave prompt and the connection's news;
//   - the log, the refused-action notice, seat names, the results screen
//     and the rematch, whose secret follows from the match's one way;
//   - the replay (Runner.Record): the whole game on the couch and the
//     host, a client's seat's views, kept when the match ends and offered
//     on the results; and the replay viewer's table (Watcher), the same
//     runner fed by the replay while nobody acts.
//
// A game implements Table: Show queues the events to animate, Animate
// steps the animations, Input turns a human seat's buttons and pointer
// into an action, Draw draws the table from the view of the seat the gate
// shows, Detail writes a seat's line on the results screen.
//
// # Secrets and seeds
//
// A match has one secret. The deal's seed, each bot's seed and the next
// match's secret are derived from it one way (rulesets.DeriveSeed), so no
// bot seed, and nothing else a seat is told, leads back to the deal. On
// the network only the host holds it (netlobby.Match.Secret, drawn when
// the host starts): joiners are told the public settings, then views and
// events, and nothing from which the deal could be rebuilt.
//
// # Faults
//
// A network fault — the host's or a client's netplay error, a view that
// is not its seat's — never leaves Update: the table says the match ended
// and offers to leave, its bots stop and its link closes (Runner.Fault).
package cardtable
