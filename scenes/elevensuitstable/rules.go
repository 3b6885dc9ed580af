package elevensuitstable

import "github.com/jankenarcade/janken/scenes"

// rulesSections is the in-game rules summary, in the project's own words,
// with the rules file's worked example.
var rulesSections = []scenes.RulesSection{
	{Heading: "The cards", Text: "Eleven suits of three cards each: a Rock, a Paper and Scissors. " +
		"Every card shows its suit on the back, so everyone sees which suits you hold. " +
		"Symbols stay hidden: remember what has been shown. Suits never decide who wins."},
	{Heading: "A turn", Text: "The attacker plays a card face down (its suit shows). The defender answers face up. " +
		"Then the attacking card turns over. Rock beats Scissors, Scissors beat Paper, Paper beats Rock."},
	{Heading: "Win or lose an exchange", Text: "The winner's card goes under the deck and the winner draws. " +
		"The loser's card goes face down into the loser's graveyard and the loser draws. " +
		"The defender attacks next. On a tie both cards go under the deck, both draw, and the attacker attacks again."},
	{Heading: "Example", Text: "You attack with a Rock; your opponent answers Scissors. Your Rock goes under the deck and you draw; " +
		"their Scissors go face down into their graveyard and they draw. Now they attack."},
	{Heading: "Losing", Text: "Five cards in your graveyard and you lose. You may not look at your own graveyard: " +
		"it shows only suits, to you as to everyone."},
	{Heading: "Three players", Text: "Attack the next player in the direction of play. A tie reverses the direction and you attack again, " +
		"now your other neighbour. With five graveyard cards you are out: your hand and graveyard go under the deck."},
	{Heading: "Variants", Text: "Open Casket: graveyards lie face up. 2-Piece Suit: all eleven suits, one unseen card removed from each. " +
		"Guess to win (advanced): instead of attacking, name five cards in one opponent's hand or graveyard. " +
		"All five there and you win (with three players, they are out). Otherwise they only say \u201cNarr\u201d " +
		"and look at one card of your hand."},
	{Heading: "Memory aid", Text: "Off by default. When on, face-down cards you have seen show a small mark with their symbol."},
	{Heading: "Controls", Text: "Left and right choose a card, Confirm plays it (Enter, Space, A, or click or tap it). " +
		"F1 shows these rules; Esc opens the menu. Sharing one screen, pass the device when the curtain asks; " +
		"with a device each, hold Peek to see your hand.",
		Touch: "Tap a card to play it. The Rules button shows these rules; the Menu button pauses. Sharing one screen, pass the device when the curtain asks."},
}
