package scenes

import "strconv"

// SeatName is how every table and results screen names a seat: "Player 3"
// for a person, "Player 3 (hard bot)" for a bot of level "hard". Seats
// keep their number whoever plays them, so a player always finds theirs.
func SeatName(seat int, bot string) string {
	name := "Player " + strconv.Itoa(seat+1)
	if bot != "" {
		name += " (" + bot + " bot)"
	}
	return name
}
