package thatsmine

import "github.com/jankenarcade/janken/rulesets"

// Comparison is the outcome of comparing a set of play cards, step by step
// as the rules tell it, so that a scene can explain it.
type Comparison struct {
	// Kept holds, per symbol, the lowest card showing it (0 if none):
	// what is left after the matches.
	Kept [4]Card
	// Beaten holds the cards knocked out by matches (not the lowest of
	// their symbol).
	Beaten CardSet
	// Symbols is how many different symbols were left after the matches.
	Symbols int
	// Stalemate is set when all three symbols were left: the highest
	// number survived.
	Stalemate bool
	// Survivor is the one card left.
	Survivor Card
}

// Compare compares a set of cards as the rules say: matches first (among
// cards of one symbol only the lowest number stays), then
// rock-paper-scissors among what is left (one card survives; of two
// symbols the winner; of three, a stalemate, the highest number).
func Compare(cards CardSet) Comparison {
	var cmp Comparison
	for _, sym := range rulesets.Symbols {
		same := cards.OfSymbol(sym)
		if same == 0 {
			continue
		}
		low := same.Lowest()
		cmp.Kept[sym] = low
		cmp.Beaten |= same &^ low.set()
		cmp.Symbols++
	}
	switch cmp.Symbols {
	case 1:
		for _, c := range cmp.Kept {
			if c != 0 {
				cmp.Survivor = c
			}
		}
	case 2:
		for _, sym := range rulesets.Symbols {
			if cmp.Kept[sym] != 0 && cmp.Kept[sym.Victim()] != 0 {
				cmp.Survivor = cmp.Kept[sym]
			}
		}
	case 3:
		cmp.Stalemate = true
		cmp.Survivor = max(cmp.Kept[rulesets.Rock], cmp.Kept[rulesets.Paper], cmp.Kept[rulesets.Scissors])
	}
	return cmp
}

// survivorOf is Compare's survivor alone, for bots' playouts.
func survivorOf(cards CardSet) Card {
	var kept [3]Card
	n := 0
	for i, sym := range rulesets.Symbols {
		if same := cards & symbolCards[sym]; same != 0 {
			kept[i] = same.Lowest()
			n++
		}
	}
	switch n {
	case 3:
		return max(kept[0], kept[1], kept[2])
	case 1:
		return max(kept[0], kept[1], kept[2])
	}
	// Two symbols: Rock(0) beats Scissors(2), Paper(1) beats Rock(0),
	// Scissors(2) beats Paper(1).
	switch {
	case kept[0] == 0:
		return kept[2]
	case kept[1] == 0:
		return kept[0]
	}
	return kept[1]
}
