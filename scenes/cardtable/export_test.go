package cardtable

import "github.com/jankenarcade/janken/scenes/netlobby"

// CatchDrafts has client tables hand the drafts of their match they keep
// as their page hides to catch, rather than keep them with a note of
// their match, which the tests' matches do not have; until the test
// ends.
func CatchDrafts(t interface{ Cleanup(func()) }, catch func(netlobby.Draft)) {
	keepDraft = catch
	t.Cleanup(func() { keepDraft = netlobby.KeepDraft })
}
