package settings_test

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/settings"
)

func TestRoundTrip(t *testing.T) {
	st := newMemStore()
	if s, notice := settings.Load(st); s != settings.Defaults() || notice != "" {
		t.Fatalf("first Load = %+v, %q; want defaults and no notice", s, notice)
	}
	want := settings.Settings{Version: settings.Version, Volume: 35, Fullscreen: true,
		Palette: settings.ColourBlind, ReducedMotion: true, UIScale: 130, PlayerName: "Zoë Ada"}
	if err := settings.Save(st, want); err != nil {
		t.Fatal(err)
	}
	got, notice := settings.Load(st)
	if got != want || notice != "" {
		t.Fatalf("Load = %+v, %q; want %+v", got, notice, want)
	}
}

func TestSaveRejectsInvalid(t *testing.T) {
	st := newMemStore()
	bad := settings.Defaults()
	bad.Volume = 101
	if err := settings.Save(st, bad); err == nil {
		t.Fatal("Save accepted volume 101")
	}
	if _, err := st.ReadFile(settings.FileName); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("an invalid Save wrote a file: %v", err)
	}
}

// TestBadFiles loads files that must not be trusted: each gives the
// defaults and a notice, and the file is kept byte for byte as .bak.
func TestBadFiles(t *testing.T) {
	tests := []struct{ name, data string }{
		{"corrupt", `{"version":1,"volume":`},
		{"not json", "\x00\xffgarbage"},
		{"unknown version", `{"version":2,"volume":50,"uiScale":100}`},
		{"no version", `{"volume":50}`},
		{"volume out of range", `{"version":1,"volume":250}`},
		{"bad ui scale", `{"version":1,"uiScale":95}`},
		{"bad palette", `{"version":1,"palette":"sepia"}`},
		{"wrong type", `{"version":1,"fullscreen":"yes"}`},
		{"control character in name", `{"version":1,"playerName":"A\u0007da"}`},
		{"bidirectional override in name", `{"version":1,"playerName":"Ada\u202e"}`},
		{"line break in name", `{"version":1,"playerName":"Ada\nBo"}`},
		{"name too long", `{"version":1,"playerName":"Adalovelacebyron1"}`},
		{"name with spaces around", `{"version":1,"playerName":" Ada"}`},
		{"name not text", `{"version":1,"playerName":7}`},
		{"name no font draws", `{"version":1,"playerName":"李"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newMemStore()
			if err := st.WriteFile(settings.FileName, []byte(tt.data)); err != nil {
				t.Fatal(err)
			}
			s, notice := settings.Load(st)
			if s != settings.Defaults() {
				t.Errorf("Load = %+v, want defaults", s)
			}
			if notice == "" || strings.Contains(notice, "\n") || !strings.Contains(notice, ".bak") {
				t.Errorf("notice %q: want one line naming the .bak", notice)
			}
			bak, err := st.ReadFile(settings.FileName + ".bak")
			if err != nil || string(bak) != tt.data {
				t.Errorf("backup = %q, %v; want the original bytes", bak, err)
			}
		})
	}
}

func TestValidName(t *testing.T) {
	for _, tt := range []struct {
		name string
		ok   bool
	}{
		{"", true},
		{"Ada", true},
		{"Ada Lovelace", true},
		{"Zoë", true},
		{"Adalovelacebyron", true}, // 16 characters
		{"Adalovelacebyron1", false},
		{"ééééééééééééééééé", false}, // 17 characters
		{"日本語日本語日本語日本語", false},      // 12 characters, 36 bytes
		{" Ada", false},
		{"Ada ", false},
		{"A\tda", false},
		{"Ada\u200f", false}, // a right-to-left mark: formatting
		{"\xffAda", false},
		{"Мария", true},
		{"Ζωή", true},
		{"Ștefan O’Brien", true},
		{"Ґалина", true},
		{"李", false},          // a letter the Go fonts do not have
		{"Ada 🙂", false},      // nor emoji
		{"Ada\u00a0B", false}, // a no-break space, which would look like a space
	} {
		if err := settings.ValidName(tt.name); (err == nil) != tt.ok {
			t.Errorf("ValidName(%q) = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestPartialFileKeepsDefaults(t *testing.T) {
	s, err := settings.Unmarshal([]byte(`{"version":1,"volume":10}`))
	if err != nil {
		t.Fatal(err)
	}
	want := settings.Defaults()
	want.Volume = 10
	if s != want {
		t.Fatalf("Unmarshal = %+v, want %+v", s, want)
	}
}

// failingStore can be read but refuses every write.
type failingStore struct{ data []byte }

func (f failingStore) ReadFile(string) ([]byte, error) { return f.data, nil }
func (failingStore) WriteFile(string, []byte) error    { return fmt.Errorf("read-only") }

type unreadableStore struct{}

func (unreadableStore) ReadFile(string) ([]byte, error) { return nil, fs.ErrPermission }
func (unreadableStore) WriteFile(string, []byte) error  { return nil }

func TestLoadNeverFails(t *testing.T) {
	for _, st := range []settings.Store{failingStore{[]byte("{")}, unreadableStore{}} {
		s, notice := settings.Load(st)
		if s != settings.Defaults() || notice == "" {
			t.Errorf("%T: Load = %+v, %q; want defaults and a notice", st, s, notice)
		}
	}
}

// memStore keeps files in memory, so that these tests run the same on the
// desktop and under WebAssembly (where persist needs a browser's
// localStorage). Package persist tests the real stores.
type memStore map[string][]byte

func newMemStore() memStore { return memStore{} }

func (m memStore) ReadFile(name string) ([]byte, error) {
	b, ok := m[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return b, nil
}

func (m memStore) WriteFile(name string, data []byte) error {
	m[name] = append([]byte(nil), data...)
	return nil
}
