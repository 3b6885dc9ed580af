package rulesets

import (
	"bytes"
	"encoding/json"
	"errors"
)

// UnmarshalStrict decodes one JSON value into v like json.Unmarshal, but
// rejects fields v does not have and anything after the value, so that a
// typo in a hand-written position or action is an error rather than a
// silently ignored field.
func UnmarshalStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}
