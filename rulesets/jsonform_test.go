package rulesets

import "testing"

func TestUnmarshalTextWith(t *testing.T) {
	s := Paper
	if err := UnmarshalTextWith(&s, []byte("stone"), ParseSymbol); err != nil || s != Rock {
		t.Errorf("stone: got %v, %v; want rock, nil", s, err)
	}
	if err := UnmarshalTextWith(&s, []byte("lizard"), ParseSymbol); err == nil || s != Rock {
		t.Errorf("lizard: got %v, %v; want an error and rock left as it was", s, err)
	}
}
