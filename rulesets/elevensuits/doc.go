// Package elevensuits implements Eleven Suits, the memory duel of
// Whispering Goat's Rock Paper Scissors card game: eleven suits of three
// cards (a Rock, a Paper, Scissors), the suit printed on every back, the
// attacker playing face down and the defender answering face up, five
// graveyard cards losing. Every variant is a Config field: the number of
// suits, Open Casket, 2-Piece Suit, three players (direction of play,
// reversal on ties, elimination) and the advanced guess to win.
//
// The rules are those of the project's rules file (eleven-suits.md).
// Where it leaves a choice to the program, this package decides:
//
//   - The first attacker comes from plain rock-paper-scissors played in
//     the game itself (PhaseOpening, simultaneous Throw actions). With
//     three players, a round showing exactly two symbols leaves the
//     throwers of the winning one; all alike or all three shown is a draw.
//   - A player whose fifth card lands in its graveyard loses at once,
//     before drawing.
//   - At the start of every turn each hand still in refills to five while
//     the deck lasts (the rulebook's "both players must hold five cards");
//     only a three-player elimination, which returns cards to the deck,
//     makes this differ from drawing one card after each exchange.
//   - A guess is a Guess action naming its target, then five Name actions:
//     Legal stays short and the names are spoken aloud one by one anyway.
//   - Config.TurnLimit ends a game that could otherwise go on forever
//     (two players holding only ties with the deck empty).
//
// # Information
//
// State.View(seat) is everything seat may know: its own hand, the suits of
// every other card on the table and of the deck's top card, faces that are
// up, and, in Slot.Card, every card it has seen and could have followed
// since: what a perfect memory holds. The game is about remembering, so a
// scene shows Slot.Card only when Slot.Up (or when the player turned on a
// memory aid); bots decide how much of it they recall. Events carry an
// Audience: the card a player draws or peeks at goes to that player alone.
//
// # Bots
//
// NewBot makes "random" (uniform legal action), "greedy" (perfect memory,
// beats the likeliest answer, never guesses), "easy" (forgets fast and
// slips), "medium" (forgets slowly, searches a small tree of 200
// iterations, keeps its known cards away from defenders who know them,
// guesses when nearly sure) and "hard" (perfect memory; information-set
// Monte Carlo tree search: 1,200 iterations, or fewer once they have
// applied 36,000 actions (at the long first turns of a three-player game),
// each on a fresh re-deal of what it cannot see, one tree keyed by what it
// observes of each move, the other players moving by the one-ply policy
// on their own knowledge; answering an attack it cannot name, it keeps the
// re-deals in proportion to how well the policy explains that attack
// (belief.go); guesses when re-deals make the guess at least 85% likely).
// Bots read only their seat's View. No decision allocates.
//
// Easy and Medium forget like a person: the chance to recall a card falls
// with the turns since it was last seen and the cards seen since, the last
// exchange is recalled best, and a forgotten card stays forgotten until it
// is seen again (memory.go).
//
// # JSON
//
// Positions and actions have a hand-writable JSON form, documented with
// examples in FORMAT.md next to this file. The headless "rules" subcommand
// reads a position and a list of {"seat": N, "action": …} entries.
package elevensuits
