// Package thatsmine implements That's Mine (Smirking Storm Games, 2014) for
// 3 to 6 players, as written in the project's rules file
// (shared/rules/thats-mine.md): every player secretly chooses a play card
// and a wager of victory-point tokens; the wagers flip together and the
// round resolves in tiers from the smallest wager up, each tier's cards
// challenging the survivor so far (matches first, lowest number stays;
// then rock-paper-scissors, or a stalemate won by the highest number); the
// last survivor takes the kitty. The first to 15 tokens (12 with six
// players) wins.
//
// The project's deck table, the setup table per player count, the re-deal
// when the hands run out, the automatic 0 wager at 0 tokens and the
// empty-supply house rule (the game ends, most tokens win, ties share) are
// implemented exactly as the rules file writes them. Config.Target
// overrides the score to win.
//
// State implements rulesets.Game[Action, Event]. An Action is one seat's
// secret choice (play card and wager); all seats choose in any order, and
// the last choice of a round resolves it entirely within Apply, which
// records the story as events (wagers revealed, each tier's payments and
// reveals, matches, beats or stalemate, survivor, award, discard, re-deal,
// the next round's kitty token). View returns what one seat may know.
//
// Bots play from a seat's View only: random and greedy baselines, easy,
// medium (one-round Monte Carlo over re-deals of the unseen cards) and hard
// (determinized Monte Carlo search: every candidate scored over re-deals of
// the unseen cards, then the best few played out several rounds deep by a
// UCB1 bandit, with an opponent model learnt from the revealed wagers and
// plays, and re-deals weighted by how likely they make the opponents' plays
// of the deal; it plays a mixed strategy, drawing among the finalists the
// search cannot tell apart by how often it played them).
//
// # JSON forms
//
// A position is written as in this example, a five-player round in which
// the rulebook's example with seat 4 (Lucille) having already chosen (see FORMAT.md for every field and the rules a
// position must satisfy):
//
//	{
//	  "players": 5, "round": 4, "deal": 1,
//	  "supply": 46, "kitty": 1,
//	  "tokens": [2, 3, 2, 2, 4],
//	  "hands": [[7, 16, 18], [3, 9, 20], [26, 29, 35], [12, 21, 31], [23, 34]],
//	  "choices": [null, null, null, null, {"card": 33, "wager": 2}],
//	  "faceDown": [1, 2, 4, 5, 6, 8],
//	  "discard": [10, 11, 13, 14, 15, 17, 19, 22, 24, 25, 27, 28, 30, 32, 36],
//	  "rng": 42
//	}
//
// An action is {"card": 26, "wager": 0}; the headless rules subcommand
// reads a JSON array of {"seat": N, "action": {"card": …, "wager": …}}.
package thatsmine
