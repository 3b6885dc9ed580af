package rulesets

import "testing"

func TestUnmarshalStrict(t *testing.T) {
	var v struct {
		A int `json:"a"`
	}
	if err := UnmarshalStrict([]byte(`{"a":3}`), &v); err != nil || v.A != 3 {
		t.Fatalf("good input: %v, %+v", err, v)
	}
	for _, bad := range []string{`{"a":1,"b":2}`, `{"a":1} {"a":2}`, `{"a":"x"}`, `{`} {
		if err := UnmarshalStrict([]byte(bad), &v); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
