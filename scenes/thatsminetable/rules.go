package thatsminetable

import "github.com/jankenarcade/janken/scenes"

// rulesOverlay is the in-game summary of the rules, in the project's own
// words, with the rulebook's example round.
func rulesOverlay(d *scenes.Director) *scenes.Rules {
	return scenes.NewRules(d, "That's Mine",
		scenes.RulesSection{Heading: "Goal", Text: "Be the first to hold 15 tokens (12 with six players). " +
			"Every round one token moves from the supply into the kitty, and the round's last survivor takes the whole kitty."},
		scenes.RulesSection{Heading: "Choose in secret", Text: "Each player picks one card from their hand and a wager: " +
			"any number of their own tokens, from 0 up. With no tokens left you still play a card and wager 0. " +
			"Cards: 1 to 36, twelve each of Rock, Paper and Scissors."},
		scenes.RulesSection{Heading: "The reveal, tier by tier", Text: "All wagers flip together. Then the smallest wager goes first: " +
			"those players pay their wager into the kitty and turn their cards over. Their cards, plus the survivor so far, " +
			"are compared and one survives. Then the next wager up does the same, challenging that survivor, and so on. " +
			"A big wager means you reveal late, against fewer surprises — but you pay it whatever happens."},
		scenes.RulesSection{Heading: "Comparing cards", Text: "First matches: among cards of the same symbol only the lowest number stays. " +
			"Then rock-paper-scissors among what is left: Paper covers Rock, Rock crushes Scissors, Scissors cut Paper. " +
			"If all three symbols are left it is a stalemate and the highest number survives."},
		scenes.RulesSection{Heading: "Example", Text: "Five players; the kitty holds 1. George, Buster, Tobias and Lindsay wager 0, Lucille wagers 2. " +
			"Tier 0: Rock 7, Scissors 3, Paper 26, Scissors 12. The Scissors match: 3 stays, 12 is out. " +
			"Rock 7, Scissors 3 and Paper 26 are a stalemate, so the highest, Paper 26, survives: Tobias. Nobody wagered 1. " +
			"Tier 2: Lucille pays 2 and shows Rock 33; Paper covers Rock, so Tobias survives and takes all 3 tokens."},
		scenes.RulesSection{Heading: "Hands and the supply", Text: "When the hands run out, all 36 cards are shuffled and dealt again; tokens stay where they are. " +
			"House rule: if the supply is empty when a round should start, the game ends and whoever holds the most tokens wins (ties share)."},
		scenes.RulesSection{Heading: "Controls", Text: "Left and Right pick a card, Up and Down set the wager, Confirm plays — or tap a card, " +
			"then − and +, then Play. On a shared screen pass the device when the curtain asks; with your own controller hold Peek to see your hand. " +
			"Confirm or a tap speeds up the reveal. F1: these rules. Menu: pause.",
			Touch: "Tap a card, then − and +, then Play. On a shared screen pass the device when the curtain asks. " +
				"A tap speeds up the reveal. The Rules button shows these rules; the Menu button pauses."},
	)
}
