// Package nettable is what a table needs to play a match the network lobby
// started: for the hidden-hand games a Side — on the host the whole game
// under a netplay.Host (Hosted), dealt from the match's secret that only
// the host holds, which tells each client only what its seats may see; on
// a client the latest view of each of its seats (Remote) — with the couch's input router; and for every networked
// table, Slam's included, the Shell: the leave prompt (a network match
// cannot pause for one machine), the connection's news, a fault that
// ended the match, and the connection line.
//
// Package netlobby is the lobby screen that starts a match; package
// cardtable runs the card tables on a Side.
package nettable
