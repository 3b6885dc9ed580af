package cardtable

import (
	"slices"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// finish replaces the table with the results once the last animation has
// played and the final table has stood for ResultsDelay.
func (r *Runner[V, A, E, PV]) finish(ctx *scenes.Context, pub *V, busy bool) {
	if busy || r.done {
		return
	}
	if r.ended++; r.ended < ResultsDelay {
		return
	}
	r.done = true
	r.thinks.stop()
	if r.cfg.Net != nil {
		r.cfg.Net.Close() // the players meet again in the network lobby
	}
	ctx.Replace(r.results(pub), scenes.FadeQuick)
}

// results builds the results screen: the winner in the headline, the
// seats by rank (winners first, then by score), and on the couch a
// rematch dealt from the next secret.
func (r *Runner[V, A, E, PV]) results(pub *V) *scenes.Results {
	scores := PV(pub).Scores(nil)
	winners := PV(pub).Winners(nil)
	rows := make([]scenes.ResultRow, r.seats)
	for seat := range rows {
		rows[seat] = scenes.ResultRow{Name: r.st.Names[seat], Seat: seat, Score: scores[seat],
			Detail: r.cfg.Table.Detail(pub, seat), Winner: slices.Contains(winners, seat)}
	}
	scenes.RankRows(rows, false)
	title := "A shared win!"
	if len(winners) == 1 {
		title = r.st.Names[winners[0]] + " wins!"
	}
	return scenes.NewResults(r.d, title, rows, r.again())
}

// again returns the results' "Play again": the same seating at a game
// dealt from the next secret. A network match has none: its players meet
// again in the network lobby.
func (r *Runner[V, A, E, PV]) again() func(ctx *scenes.Context) {
	if r.cfg.Again == nil || r.cfg.Net != nil {
		return nil
	}
	secret := rulesets.DeriveSeed(r.cfg.Secret, "rematch", -1)
	return func(ctx *scenes.Context) {
		next, err := r.cfg.Again(ctx.Director(), r.cfg.Seating, secret)
		if err != nil {
			return // the same seating dealt a moment ago: cannot fail
		}
		ctx.Replace(next, scenes.FadeQuick)
	}
}
