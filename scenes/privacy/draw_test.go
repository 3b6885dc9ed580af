package privacy

import (
	"testing"

	"github.com/jankenarcade/janken/rulesets"
	"github.com/jankenarcade/janken/scenes"
)

// TestPeekHintFits: in the boxes the card tables keep for it, from the
// bottom of the screen to a narrow log column, the peek hint is at most
// two lines that fit the box, at a readable size (the viewer's name the
// largest, by the name the table gives the seat), on a panel inside the
// box.
func TestPeekHintFits(t *testing.T) {
	idle := NewGate(Peek, rulesets.Only(0, 1), nil)
	showing := NewGate(Peek, rulesets.Only(0, 1), nil)
	showing.Update(frame(-1, 1))
	crowded := NewGate(Peek, rulesets.Only(0, 1), nil)
	crowded.Update(frame(-1, 0, 1))
	for _, tc := range []struct {
		name    string
		g       *Gate
		who     []string
		want    string // the first line, or its start
		minSize float64
	}{
		{"idle", idle, nil, "Hold L-Shift or R-Shift", 18},
		{"showing", showing, nil, "Player 2's hand", 24},
		{"showing unnamed", showing, []string{"Ada", ""}, "Player 2's hand", 24},
		{"showing named", showing, []string{"Ada", "Bo"}, "Bo's hand", 24},
		{"showing a long name", showing, []string{"Ada", "Wilhelmina Wolff"}, "Wilhelmina", 18},
		{"crowded", crowded, []string{"Ada", "Bo"}, "One at a time", 18},
	} {
		for _, w := range []float64{688, 280, 272, 236} {
			var buf [2]string
			lines, st := fitHint(buf[:0], tc.g, tc.who, "L-Shift or R-Shift", w)
			if len(lines) == 0 || len(lines) > 2 || len(lines[0]) < len(tc.want) || lines[0][:len(tc.want)] != tc.want {
				t.Errorf("%s in %v: lines %q, want at most two from %q", tc.name, w, lines, tc.want)
			}
			if st.Size < tc.minSize {
				t.Errorf("%s in %v: %q set at %v, want %v at least", tc.name, w, lines, st.Size, tc.minSize)
			}
			for _, line := range lines {
				if lw := scenes.TextWidth(line, st); lw > w-2*hintPadX {
					t.Errorf("%s in %v: %q is %v wide, more than the box's %v", tc.name, w, line, lw, w-2*hintPadX)
				}
			}
			x, y, bw, bh := PeekHintBox(tc.g, tc.who, "L-Shift or R-Shift", 100, 200, w)
			if x < 100 || y < 200 || x+bw > 100+w || y+bh != 200+HintH {
				t.Errorf("%s in %v: the panel %v,%v %v×%v is not at the foot of the box 100,200 %v×%v", tc.name, w, x, y, bw, bh, w, HintH)
			}
		}
	}
}
