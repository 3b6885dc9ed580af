package cardtable

import "github.com/jankenarcade/janken/scenes/netlobby"

// CatchReplayDrafts has client tables hand the replay drafts they keep as
// their page hides to catch, rather than keep them with a note of their
// match, which the tests' matches do not have; until the test ends.
func CatchReplayDrafts(t interface{ Cleanup(func()) }, catch func(netlobby.ReplayDraft)) {
	keepReplayDraft = catch
	t.Cleanup(func() { keepReplayDraft = netlobby.KeepReplayDraft })
}
