package rulesets

import "fmt"

// EnumName returns the name of v, a value of a small enumeration whose
// names are listed in order, as its String method would. A value past the
// list, or one listed with no name (an unused zero), is written what(v),
// as in "phase(9)", so that printing a corrupt value never panics and
// still says what it was.
func EnumName[E ~uint8](names []string, v E, what string) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", what, uint8(v))
}

// ParseEnum returns the value of the enumeration listed by names whose name
// is name, and whether there is one. The empty name matches nothing.
func ParseEnum[E ~uint8](names []string, name string) (E, bool) {
	if name == "" {
		return 0, false
	}
	for i, n := range names {
		if n == name {
			return E(i), true
		}
	}
	return 0, false
}
