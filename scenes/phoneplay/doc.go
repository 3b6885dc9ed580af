// Package phoneplay starts a couch table of a hidden-hand game whose
// seats include phones (package phone): the desktop game hosts it as a
// network match (netplay.Host), each phone a client of its one seat that
// is told only that seat's view and events, while the couch's own seats
// and bots play on the TV, which shows no phone's hand and never hands
// the screen to a phone's seat. The browser build hosts no phones: there
// Lobby offers none.
package phoneplay
