package rulesets

import "testing"

type colour uint8

var colourNames = [...]string{"", "red", "green"}

func TestEnumName(t *testing.T) {
	tests := []struct {
		v    colour
		want string
	}{
		{1, "red"},
		{2, "green"},
		{0, "colour(0)"}, // listed without a name
		{3, "colour(3)"},
		{255, "colour(255)"},
	}
	for _, tt := range tests {
		if got := EnumName(colourNames[:], tt.v, "colour"); got != tt.want {
			t.Errorf("EnumName(%d) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestParseEnum(t *testing.T) {
	tests := []struct {
		name string
		want colour
		ok   bool
	}{
		{"red", 1, true},
		{"green", 2, true},
		{"", 0, false},
		{"Red", 0, false},
		{"blue", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseEnum[colour](colourNames[:], tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseEnum(%q) = %d, %v; want %d, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}
