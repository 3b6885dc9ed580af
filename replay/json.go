package replay

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// fileJSON is the JSON export of a replay.
type fileJSON struct {
	Format      int              `json:"format"`
	Header      Header           `json:"header"`
	Steps       []stepJSON       `json:"steps"`
	Checkpoints []checkpointJSON `json:"checkpoints"`
}

// stepJSON shows a step's data as JSON when it is JSON (the card games'
// actions), else as base64.
type stepJSON struct {
	At     int64           `json:"at"`
	Seat   int             `json:"seat"`
	JSON   json.RawMessage `json:"json,omitempty"`
	Base64 string          `json:"base64,omitempty"`
}

// checkpointJSON writes the hash as 16 hex digits, which JavaScript's
// numbers could not hold exactly.
type checkpointJSON struct {
	At   int64  `json:"at"`
	Hash string `json:"hash"`
}

// ExportJSON returns r as indented JSON for people and other tools: the
// format version, the header, each step (its data as JSON when it is
// JSON, else as base64) and each checkpoint's hash in hex. It is an
// export; Decode reads only the binary file.
func ExportJSON(r *Replay) ([]byte, error) {
	f := fileJSON{Format: Format, Header: r.Header,
		Steps: make([]stepJSON, len(r.Steps)), Checkpoints: make([]checkpointJSON, len(r.Checkpoints))}
	for i, s := range r.Steps {
		f.Steps[i] = stepJSON{At: s.At, Seat: s.Seat}
		if json.Valid(s.Data) {
			f.Steps[i].JSON = s.Data
		} else {
			f.Steps[i].Base64 = base64.StdEncoding.EncodeToString(s.Data)
		}
	}
	for i, c := range r.Checkpoints {
		f.Checkpoints[i] = checkpointJSON{At: c.At, Hash: HashString(c.Hash)}
	}
	return json.MarshalIndent(f, "", "\t")
}

// HashString writes a state hash the one way replays show it: 16 hex
// digits.
func HashString(h uint64) string { return fmt.Sprintf("%016x", h) }
