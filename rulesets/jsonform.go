package rulesets

// UnmarshalTextWith is the body of an UnmarshalText method for a type with
// a Parse function: it parses text and stores the value in *dst, and on
// an error returns it and leaves *dst as it was, so that a bad name in a
// position changes nothing.
func UnmarshalTextWith[T any](dst *T, text []byte, parse func(string) (T, error)) error {
	v, err := parse(string(text))
	if err != nil {
		return err
	}
	*dst = v
	return nil
}
