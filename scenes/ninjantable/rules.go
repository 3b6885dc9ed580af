package ninjantable

import "github.com/jankenarcade/janken/scenes"

// rulesOverlay is the in-game summary of the rules, in the project's own
// words, with the rules file's ordering example.
func rulesOverlay(d *scenes.Director) *scenes.Rules {
	return scenes.NewRules(d, "How to play Ninjan",
		scenes.RulesSection{Heading: "The cards", Text: "48 cards: values −6 to −1 and 1 to 10 in each of three suits, " +
			"Rock, Paper and Scissors. Rock beats Scissors, Scissors beats Paper, Paper beats Rock. " +
			"Three cards start the three piles; everyone gets nine cards; the rest stay out of the game, unseen."},
		scenes.RulesSection{Heading: "A round (nine in all)", Text: "Everyone picks one card in secret, then all are " +
			"revealed together. They resolve one at a time, the highest value first. With two cards of the same value, " +
			"the one whose suit beats the other's goes first; with three, Rock, then Scissors, then Paper."},
		scenes.RulesSection{Heading: "Example", Text: "Played: 7 Rock, 7 Paper, 7 Scissors, 10 Paper and −6 Scissors. " +
			"They resolve 10 Paper, 7 Rock, 7 Scissors, 7 Paper, −6 Scissors. And with 4 Paper, 4 Scissors and 3 Rock: " +
			"4 Scissors, then 4 Paper, then 3 Rock."},
		scenes.RulesSection{Heading: "Claiming a pile", Text: "A resolving card is compared with the top card of each pile " +
			"(suits only, values do not matter). If it beats one or more tops, its owner must take one of those piles " +
			"into their score area, and the card starts that pile again. If it beats none, its owner puts it on top of " +
			"any pile. Every card of every pile is always in view."},
		scenes.RulesSection{Heading: "The end", Text: "After nine rounds, add up the cards you took: negative cards " +
			"count against you. The highest total wins; tied players settle it with rock-paper-scissors, again until " +
			"one wins."},
		scenes.RulesSection{Heading: "Controls", Text: "Left/Right and Confirm to pick a card, a pile or a throw, or " +
			"click or tap it. Menu (Esc, Start) pauses. On a shared screen, pass the device when the curtain asks, " +
			"or hold Peek to see your own hand.",
			Touch: "Tap a card, a pile or a throw to pick it. The Menu button pauses. On a shared screen, pass the device when the curtain asks."},
	)
}
