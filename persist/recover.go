package persist

import (
	"errors"
	"io/fs"
)

// Files is what LoadOrDefault needs of a store: a *Store, or a stand-in in
// tests.
type Files interface {
	ReadFile(name string) ([]byte, error)
	WriteFile(name string, data []byte) error
}

// Notices words, for the player, what LoadOrDefault did with a file it
// could not use: "<Subject> could not be read; using <Using>." and
// "<Subject> file was invalid; <Restored> restored (old file kept as …)."
type Notices struct {
	Subject  string // "Settings"
	Using    string // "defaults"
	Restored string // "defaults"
}

// LoadOrDefault reads the file name from st and decodes it. It always
// returns a usable value: defaults() silently when the file is missing,
// and defaults() with a one-line notice when the file cannot be read or
// decode rejects it (corrupt, or of an unknown version). A rejected file
// is kept byte for byte as name+".bak", so that the player's old file is
// never lost to a bad upgrade or a hand edit.
func LoadOrDefault[T any](st Files, name string, decode func([]byte) (T, error), defaults func() T, say Notices) (v T, notice string) {
	data, err := st.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return defaults(), ""
	}
	if err != nil {
		return defaults(), say.Subject + " could not be read; using " + say.Using + "."
	}
	if v, err := decode(data); err == nil {
		return v, ""
	}
	if err := st.WriteFile(name+".bak", data); err != nil {
		return defaults(), say.Subject + " file was invalid and could not be backed up; using " + say.Using + "."
	}
	return defaults(), say.Subject + " file was invalid; " + say.Restored + " restored (old file kept as " + name + ".bak)."
}
