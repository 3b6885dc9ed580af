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
	if busy || r.done {
		return
	}
	if r.ended++; r.ended < ResultsDelay {
		return
	}
	r.done = true
	r.thinks.stop()
	r.keepReplay(pub)
	if r.cfg.Net != nil {
		r.cfg.Net.Close() // the players meet again in the network lobby
	}
	ctx.Replace(r.results(pub), scenes.FadeQuick)
}

// Results is the results screen of a card table: the standings, and on
// the couch "Play again", which says so on the screen (Failed) when the
// rematch cannot be dealt.
type Results struct {
	*scenes.Results
	d *scenes.Director
}

// results builds the results screen: the winner in the headline, the
// seats by rank (winners first, then by score), and on the couch a
// rematch dealt from the next secret.
func (r *Runner[V, A, E, PV]) results(pub *V) *Results {
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
	s := &Results{d: r.d}
	s.Results = scenes.NewResults(r.d, title, rows, r.again(s))
	r.offerReplay(s)
	return s
}

// offerReplay adds "Watch replay" to the results when the match's replay
// was recorded and the program has a viewer, and says why the replay was
// not kept, if it was not.
func (r *Runner[V, A, E, PV]) offerReplay(s *Results) {
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
func (r *Runner[V, A, E, PV]) again(s *Results) func(ctx *scenes.Context) {
	if r.cfg.Again == nil || r.cfg.Net != nil {
		return nil
	}
	secret := rulesets.DeriveSeed(r.cfg.Secret, "rematch", -1)
	return func(ctx *scenes.Context) {
		next, err := r.cfg.Again(ctx.Director(), r.cfg.Seating, secret)
		if err != nil {
			s.Failed = "No rematch: " + err.Error()
			ctx.Play(assets.Error)
			return
		}
		ctx.Replace(next, scenes.FadeQuick)
	}
}
