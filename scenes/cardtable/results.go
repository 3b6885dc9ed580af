package cardtable

import (
	"slices"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// finish replaces the table with the results once the last animation has
// played and the final table has stood for ResultsDelay.
func (r *Runner[V, A, E, PV]) finish(ctx *scenes.Context, pub *V, busy bool) {
	if !r.due(busy) {
		return
	}
	details := make([]string, r.seats)
	for seat := range details {
		details[seat] = r.table.Detail(pub, seat)
	}
	r.end(ctx, PV(pub), details)
}

// due counts the ticks the final table has stood still, and reports
// whether the results are due now, once.
func (r *chrome) due(busy bool) bool {
	if busy || r.done {
		return false
	}
	if r.ended++; r.ended < ResultsDelay {
		return false
	}
	r.done = true
	return true
}

// end stops the bots, keeps the replay and replaces the table with the
// results of the match pub shows, details[seat] being seat's line.
func (r *chrome) end(ctx *scenes.Context, pub rulesets.Scoreboard, details []string) {
	r.stopBots()
	r.keepReplay(pub)
	if r.net != nil {
		r.net.Close() // the players meet again in the network lobby
	}
	ctx.Replace(r.results(pub, details), scenes.FadeQuick)
}

// Results is the results screen of a card table: the standings, and on
// the couch "Play again", which says so on the screen (Failed) when the
// rematch cannot be dealt.
type Results struct {
	*scenes.Results
	d *scenes.Director
}

// results builds the results screen: the winner in the headline, the
// seats by rank (winners first, then by score), each with its line of
// details, and on the couch a rematch dealt from the next secret.
func (r *chrome) results(pub rulesets.Scoreboard, details []string) *Results {
	scores := pub.Scores(nil)
	winners := pub.Winners(nil)
	rows := make([]scenes.ResultRow, r.seats)
	for seat := range rows {
		rows[seat] = scenes.ResultRow{Name: r.st.Names[seat], Seat: seat, Score: scores[seat],
			Detail: details[seat], Winner: slices.Contains(winners, seat)}
	}
	scenes.RankRows(rows, false)
	title := "A shared win!"
	if len(winners) == 1 {
		title = r.st.Names[winners[0]] + " wins!"
	}
	s := &Results{d: r.d}
	s.Results = scenes.NewResults(r.d, title, rows, r.again(s))
	r.offerReplay(s)
	return s
}

// offerReplay adds "Watch replay" to the results when the match's replay
// was recorded and the program has a viewer, and says why the replay was
// not kept, if it was not.
func (r *chrome) offerReplay(s *Results) {
	rp, saved := r.Replay()
	s.Failed = saved
	if rp == nil || !r.d.CanWatch() {
		return
	}
	s.AddAction("Watch replay", func(ctx *scenes.Context) {
		v, err := ctx.Director().Watch(rp)
		if err != nil {
			s.Failed = "No replay: " + err.Error()
			ctx.Play(assets.Error)
			return
		}
		ctx.Push(v, scenes.FadeQuick)
	})
}

// again returns the results' "Play again": the same seating at a game
// dealt from the next secret; if it cannot be dealt, s says why. A
// network match has none: its players meet again in the network lobby.
func (r *chrome) again(s *Results) func(ctx *scenes.Context) {
	if r.rematch == nil || r.net != nil {
		return nil
	}
	secret := rulesets.DeriveSeed(r.secret, "rematch", -1)
	return func(ctx *scenes.Context) {
		next, err := r.rematch(ctx.Director(), r.seating, secret)
		if err != nil {
			s.Failed = "No rematch: " + err.Error()
			ctx.Play(assets.Error)
			return
		}
		ctx.Replace(next, scenes.FadeQuick)
	}
}
