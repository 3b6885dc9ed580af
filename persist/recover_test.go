package persist

import (
	"errors"
	"io/fs"
	"strconv"
	"testing"
)

// memFiles is a store in memory whose reads and writes can be made to fail.
type memFiles struct {
	files     map[string][]byte
	readErr   error
	writeErr  error
	writeSeen []string
}

func (m *memFiles) ReadFile(name string) ([]byte, error) {
	if m.readErr != nil {
		return nil, m.readErr
	}
	data, ok := m.files[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return data, nil
}

func (m *memFiles) WriteFile(name string, data []byte) error {
	m.writeSeen = append(m.writeSeen, name)
	if m.writeErr != nil {
		return m.writeErr
	}
	m.files[name] = data
	return nil
}

func TestLoadOrDefault(t *testing.T) {
	decode := func(data []byte) (int, error) { return strconv.Atoi(string(data)) }
	defaults := func() int { return 7 }
	say := Notices{Subject: "Count", Using: "the default count", Restored: "default count"}
	broken := errors.New("disk on fire")
	tests := []struct {
		name     string
		files    map[string][]byte
		readErr  error
		writeErr error
		want     int
		notice   string
		bak      string // what name+".bak" should hold afterwards; "" for nothing
	}{
		{name: "missing", want: 7},
		{name: "good", files: map[string][]byte{"n": []byte("42")}, want: 42},
		{name: "unreadable", files: map[string][]byte{"n": []byte("42")}, readErr: broken, want: 7,
			notice: "Count could not be read; using the default count."},
		{name: "corrupt", files: map[string][]byte{"n": []byte("forty")}, want: 7,
			notice: "Count file was invalid; default count restored (old file kept as n.bak).", bak: "forty"},
		{name: "corrupt, no backup", files: map[string][]byte{"n": []byte("forty")}, writeErr: broken, want: 7,
			notice: "Count file was invalid and could not be backed up; using the default count."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := &memFiles{files: map[string][]byte{}, readErr: tt.readErr, writeErr: tt.writeErr}
			for k, v := range tt.files {
				st.files[k] = v
			}
			got, notice := LoadOrDefault(st, "n", decode, defaults, say)
			if got != tt.want || notice != tt.notice {
				t.Errorf("LoadOrDefault = %d, %q; want %d, %q", got, notice, tt.want, tt.notice)
			}
			if bak := string(st.files["n.bak"]); bak != tt.bak {
				t.Errorf("n.bak holds %q, want %q", bak, tt.bak)
			}
			if tt.bak == "" && tt.writeErr == nil && len(st.writeSeen) != 0 {
				t.Errorf("wrote %v; want no writes", st.writeSeen)
			}
		})
	}
}
