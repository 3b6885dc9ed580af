package scenes

import (
	"strconv"
	"strings"

	"github.com/jankenarcade/janken/rulesets"
)

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

// SeatList names a set of seats as players do: "Player 2", "Players 2
// and 3", "Players 1, 2 and 4"; "" for none.
func SeatList(s interface{ Has(int) bool }) string {
	var nums []string
	for seat := range rulesets.MaxSeats {
		if s.Has(seat) {
			nums = append(nums, strconv.Itoa(seat+1))
		}
	}
	switch len(nums) {
	case 0:
		return ""
	case 1:
		return "Player " + nums[0]
	}
	return "Players " + AndList(nums)
}

// AndList joins names as a sentence does: "Ann", "Ann and Bo", "Ann, Bo
// and Cy"; "" for none.
func AndList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
