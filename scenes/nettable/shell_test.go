package nettable

import (
	"errors"
	"slices"
	"testing"

	"github.com/jankenarcade/janken/scenes"
)

// TestShellPrompts: what the shell asks in each state, with which
// buttons and what Confirm does; a touch-only device is told no key.
func TestShellPrompts(t *testing.T) {
	failed := Shell{}
	failed.Fail(errors.New("peer 1 is behind"))
	for _, tc := range []struct {
		name    string
		s       Shell
		msg     string
		labels  []string
		confirm action
	}{
		{"news", Shell{Notice: "Bo: no word"}, "Bo: no word", nil, doNothing},
		{"gone", Shell{Notice: "The host's machine is gone.", Gone: true}, "The host's machine is gone.", []string{"Leave"}, doLeave},
		{"fault", failed, "The match ended: peer 1 is behind", []string{"Leave"}, doLeave},
		{"leaving", Shell{Leaving: true}, "Leave the match?", []string{"Leave", "Stay"}, doLeave},
		{"waiting", Shell{Notice: "Waiting for Bo's phone…", Awaited: "Bo"}, "Waiting for Bo's phone…", []string{"Let a bot play…"}, doNothing},
		{"let a bot play", Shell{Notice: "Waiting for Bo's phone…", Awaited: "Bo", Leaving: true}, "Let a bot play for Bo?", []string{"Let a bot play", "Keep waiting"}, doRelease},
	} {
		for _, keyless := range []bool{false, true} {
			s := tc.s
			s.keyless = keyless
			p := s.prompt()
			var labels []string
			for _, b := range p.buttons[:p.n] {
				labels = append(labels, b.label)
			}
			if p.msg != tc.msg || !slices.Equal(labels, tc.labels) || p.confirm != tc.confirm {
				t.Errorf("%s: %q %q confirm %d, want %q %q %d", tc.name, p.msg, labels, p.confirm, tc.msg, tc.labels, tc.confirm)
			}
			if wantHint := p.n > 0 && !keyless; (p.hint != "") != wantHint {
				t.Errorf("%s (touch only %v): hint %q", tc.name, keyless, p.hint)
			}
		}
	}
}

// TestShellButtonsFitAFinger: on touch every button is at least
// scenes.TouchTarget (44 CSS px on a phone) tall and wide.
func TestShellButtonsFitAFinger(t *testing.T) {
	p := (&Shell{Leaving: true}).prompt()
	for i := range p.n {
		if _, _, w, h := p.rect(i, true); w < scenes.TouchTarget || h < scenes.TouchTarget {
			t.Errorf("button %d is %v×%v on touch", i, w, h)
		}
	}
}
