package slamtable

import "strconv"

// Detail implements scenes.Detailed: each seat's presses on a card up and
// mistakes, "presses 1 0 mistakes 0 1", for the browser test that plays
// by touch.
func (t *Table) Detail() string {
	b := []byte("presses")
	for seat := range t.state.Seats() {
		b = strconv.AppendInt(append(b, ' '), int64(t.stats[seat].presses), 10)
	}
	b = append(b, " mistakes"...)
	for seat := range t.state.Seats() {
		b = strconv.AppendInt(append(b, ' '), int64(t.stats[seat].mistakes), 10)
	}
	return string(b)
}
