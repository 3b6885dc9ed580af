// Package ninjan implements the rules of Ninjan for 2 to 5 players, as
// written in the project's rules file (shared/rules/ninjan.md): nine rounds
// in which everyone picks a card at once, the cards resolve from high to
// low, and each claims a pile whose top suit it beats or else is placed on
// a pile of its owner's choice. Highest total wins; a tie goes to a
// rock-paper-scissors decider between the tied seats (TieBreak Decider, the
// default) or is shared (TieBreak Shared).
//
// The package is plain deterministic Go (no Ebitengine, no clock, no
// floats in the rules): New(cfg, seed) plus the same actions gives the same
// Hash on every platform. *State implements rulesets.Game[Action, Event];
// Definition describes the game to the headless tools and the menu.
//
// # The state machine
//
// In PhasePlay every seat that has not chosen owes a Play action (ToAct
// lists them all; they may act in any order). When the last card is in,
// the cards are revealed and resolve in order (ResolutionOrder). A card
// that beats exactly one pile top claims it at once; one that beats several
// stops the game in PhaseClaim, and one that beats none in PhasePlace, and
// only its owner owes the Claim or Place action naming the pile. After the
// ninth round a tie for the top starts PhaseDecider, where each tied seat
// owes a Throw: a symbol, or "random" to have the game's own generator draw
// it (what bots do, as the rules ask of AI seats). The throws are revealed
// together; when exactly two symbols show, the seats that threw the beaten
// one are out; otherwise all throw again.
//
// # Bots
//
// NewBot makes "random" (uniform legal action), "greedy" (a random card,
// then the richest pile it can claim), "easy" (a casual player's naive
// evaluation with whims and slips), "medium" and "hard" (determinized Monte
// Carlo search with UCB1 at the root over re-deals of the unseen cards:
// 200 playouts with random rollouts; for hard, heuristic rollouts on a
// budget of card plays — 2,500 playouts at five players' first round, more
// at smaller tables and later rounds — a model of the other seats' secret
// cards, each seat's card valued by playouts from that seat's point of view
// as a reasonable bot would, that the playouts follow as often as the
// cards the table has played so far bear the model out, and a secret card
// drawn from the search's visits among the cards it cannot tell from the
// best, a mixed strategy). Every bot reads only State.View of its seat.
//
// # JSON form of a position
//
// State marshals to, and unmarshals from, this object (seats and piles
// numbered from 0; cards written value then suit letter, R Rock, P Paper,
// S Scissors, as in "7R", "-3P", "10S"):
//
//	{
//	  "players": 2,                 // 2..5
//	  "tieBreak": "decider",        // optional: "decider" (default) or "shared"
//	  "round": 1,                   // the current round, 1..9 (9 once over)
//	  "phase": "claim",             // "play", "claim", "place", "decider" or "over"
//	  "piles": [["3R"], ["5S"], ["2S"]],   // three piles, bottom card first
//	  "hands": [["-1R", "1R", "2R", "4R", "6R", "7R", "9R", "10R"],
//	            ["1P", "2P", "3P", "4P", "5P", "6P", "7P", "8P"]],
//	  "played": ["8R", "-2P"],      // chosen this round, not yet resolved (null: none)
//	  "order": [0, 1],              // claim/place only, optional: resolution order
//	  "next": 0,                    // claim/place only: index in order resolving now
//	  "taken": [[], []],            // optional: each seat's score area
//	  "scores": [0, 0],             // optional, checked: the sums of the score areas
//	  "box": ["..."],               // optional: the undealt cards (default: all others)
//	  "contenders": [0, 1],         // decider only, optional (default: the top scorers)
//	  "throws": ["rock", ""],       // decider only: "", "rock", "paper", "scissors", "random"
//	  "winners": [1],               // over only, optional unless a decider was needed
//	  "rng": 7                      // optional: a seed, or {"hi": "…", "lo": "…"} as written
//	}
//
// (The comments are for this page only; JSON has none.) Decoding validates
// the whole position: every card exactly once, hand sizes that fit the
// round and phase (9 − round + 1 before choosing, one fewer after), the
// number of undealt cards (48 − 3 − 9 × players), a claim or place phase
// that fits the resolving card and the pile tops, and so on. An
// inconsistent position is rejected with an error naming the first
// problem. The example above is testdata/claim.json: seat 0's 8 Rock
// beats the Scissors tops of piles 1 and 2 and must claim one of them.
//
// # JSON form of an action
//
//	{"kind": "play",  "card": "7R"}      // choose a card (play phase)
//	{"kind": "claim", "pile": 2}         // claim a beaten pile (claim phase)
//	{"kind": "place", "pile": 0}         // place a card that beats nothing
//	{"kind": "throw", "symbol": "rock"}  // decider: rock, paper, scissors or random
//
// The headless rules subcommand reads a position and a JSON array of
// {"seat": N, "action": …} (testdata/claim-actions.json continues the
// example above) and prints the resulting position and the events:
//
//	go run . rules -game ninjan -state rulesets/ninjan/testdata/claim.json \
//	    -actions rulesets/ninjan/testdata/claim-actions.json
//
// Events marshal as {"kind": "claimed", "audience": 255, "seat": 0,
// "card": "8R", "pile": 2, "count": 1, "points": 2} with the fields of
// Event that the kind uses (zero values left out); audience is the bit set
// of seats that may see the event (255 for everyone; a deal's is its own
// seat only).
package ninjan
