package ninjantable

import (
	"math"

	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/privacy"
	"github.com/jankenarcade/janken/sprites"
)

// The table's layout on the 1280×720 logical screen.
const (
	topBarH = 56

	seatY, seatH = 64.0, 92.0
	seatMargin   = 16.0
	seatGap      = 8.0

	sideTop          = 166.0
	legendX, legendW = 16.0, 216.0
	logX, logW       = 1012.0, 252.0
	sideBottom       = 540.0
	laneY            = 212.0 // centre of the resolution lane's cards
	laneScale        = 0.55
	laneBadgeDY      = 47.0 // from a lane card's centre to its order badge's
	laneBadgeR       = 9.0
	laneStep         = 72.0
	pileTop, pileBot = 276.0, 508.0 // the area the piles' cards fill
	pileLabelY       = 524.0
	pileScale        = 0.62
	pileStep         = 24.0 // vertical offset between stacked cards
	pileColStep      = 70.0
	pileMaxCols      = 3
	handY            = 632.0 // centre of the hand's cards
	handStep         = 106.0
	handRaise        = 18.0
	deckX, deckY     = 624.0, 392.0 // where the deal starts
	throwW, throwH   = 150.0, 110.0
	throwGap         = 20.0
	// Peek mode's banner (cardtable.Status.PeekHint) sits at the foot of
	// the log's panel, above the hand and right of the piles.
	hintX, hintW = logX + 8, logW - 16
	hintY        = sideBottom - 8 - privacy.HintH
)

// pileX returns the centre x of pile p.
func pileX(p int) float64 { return 373 + 250*float64(p) }

// seatBox returns the panel of seat among players.
func seatBox(seat, players int) (x, y, w, h float64) {
	w = (scenes.ScreenWidth - 2*seatMargin - float64(players-1)*seatGap) / float64(players)
	return seatMargin + float64(seat)*(w+seatGap), seatY, w, seatH
}

// nameRoom is the width a seat's name has on a panel w wide: from right
// of its symbol to left of its card.
func nameRoom(w float64) float64 { return w - 121 }

// seatCardPos is where seat's chosen or revealed card sits on its panel.
func seatCardPos(seat, players int) (x, y float64) {
	bx, by, bw, bh := seatBox(seat, players)
	return bx + bw - 34, by + bh/2
}

// seatCentre is where cards fly when seat takes a pile.
func seatCentre(seat, players int) (x, y float64) {
	bx, by, bw, bh := seatBox(seat, players)
	return bx + bw/2, by + bh/2
}

// pileGeometry returns, for a pile of n cards, the vertical step between
// cards and how many cards each column holds.
func pileGeometry(n int) (step float64, perCol int) {
	cardH := sprites.CardHeight * pileScale
	room := pileBot - pileTop - cardH
	perCol = int(room/pileStep) + 1
	if n <= perCol*pileMaxCols {
		return pileStep, perCol
	}
	perCol = int(math.Ceil(float64(n) / pileMaxCols))
	return room / float64(perCol-1), perCol
}

// pileCardPos returns the centre of card i (0 at the bottom) of pile p
// holding n cards.
func pileCardPos(p, i, n int) (x, y float64) {
	step, perCol := pileGeometry(n)
	cols := (n + perCol - 1) / perCol
	col, row := i/perCol, i%perCol
	x = pileX(p) - float64(cols-1)*pileColStep/2 + float64(col)*pileColStep
	y = pileTop + sprites.CardHeight*pileScale/2 + float64(row)*step
	return x, y
}

// lanePos returns the centre of the i-th card of a lane of n.
func lanePos(i, n int) (x, y float64) {
	return 624 + (float64(i)-float64(n-1)/2)*laneStep, laneY
}

// handPos returns the centre of card i of a hand of n.
func handPos(i, n int) (x, y float64) {
	return scenes.ScreenWidth/2 + (float64(i)-float64(n-1)/2)*handStep, handY
}

// throwBox returns the button of decider throw i (Rock, Paper, Scissors,
// at random).
func throwBox(i int) (x, y, w, h float64) {
	total := 4*throwW + 3*throwGap
	return (scenes.ScreenWidth-total)/2 + float64(i)*(throwW+throwGap), handY - throwH/2, throwW, throwH
}
