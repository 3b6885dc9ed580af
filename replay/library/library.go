// Package library keeps the last Keep replays the program recorded, in
// its persist store: on the desktop as files of the configuration
// directory, each written atomically; in the browser as localStorage
// entries, dropping the oldest when the storage's quota is reached.
package library

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jankenarcade/janken/persist"
	"github.com/jankenarcade/janken/replay"
)

// Keep is how many replays a library keeps; saving one more drops the
// oldest.
const Keep = 50

// Ext ends the name of every replay file.
const Ext = ".jrp"

// prefix starts the name of every replay the library keeps.
const prefix = "replay-"

// Library is the replays kept in one store.
type Library struct {
	store Shelf
}

// Shelf is what a library needs of a store: a *persist.Store, which
// keeps files on the desktop and entries in the browser.
type Shelf interface {
	persist.Files
	List(prefix string) ([]string, error)
	Remove(name string) error
}

// At returns the library kept in s.
func At(s Shelf) *Library { return &Library{store: s} }

// Entry is one kept replay, as the list of replays shows it.
type Entry struct {
	Name   string
	Header replay.Header
}

// Save keeps r under a new name, which it returns, and drops the oldest
// replays beyond Keep. In the browser, a storage too full for it drops
// the oldest replays until it fits.
func (l *Library) Save(r *replay.Replay) (string, error) {
	data, err := replay.Encode(r)
	if err != nil {
		return "", err
	}
	names, err := l.store.List(prefix)
	if err != nil {
		return "", err
	}
	name := newName(r.Header, names)
	for {
		err = l.store.WriteFile(name, data)
		if err == nil || !dropForRoom || len(names) == 0 {
			break
		}
		if rmErr := l.store.Remove(names[0]); rmErr != nil {
			return "", errors.Join(err, rmErr)
		}
		names = names[1:]
	}
	if err != nil {
		return "", fmt.Errorf("library: save the replay: %w", err)
	}
	names = append(names, name)
	slices.Sort(names)
	for len(names) > Keep {
		if err := l.store.Remove(names[0]); err != nil {
			return name, fmt.Errorf("library: drop the oldest replay: %w", err)
		}
		names = names[1:]
	}
	return name, nil
}

// newName names a replay by its date, so that names sort oldest first,
// and its game; one taken already gets a number.
func newName(h replay.Header, taken []string) string {
	base := prefix + h.Date.UTC().Format("20060102-150405.000") + "-" + safe(h.Game)
	name := base + Ext
	for i := 2; slices.Contains(taken, name); i++ {
		name = fmt.Sprintf("%s-%d%s", base, i, Ext)
	}
	return name
}

// safe keeps the letters and digits of a game's name.
func safe(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, strings.ToLower(s))
}

// List returns the kept replays, newest first. A replay that no longer
// reads (written by a newer build, or damaged) is left out.
func (l *Library) List() ([]Entry, error) {
	names, err := l.store.List(prefix)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, name := range slices.Backward(names) {
		if r, err := l.Load(name); err == nil {
			out = append(out, Entry{Name: name, Header: r.Header})
		}
	}
	return out, nil
}

// Load reads the kept replay name.
func (l *Library) Load(name string) (*replay.Replay, error) {
	data, err := l.store.ReadFile(name)
	if err != nil {
		return nil, err
	}
	r, err := replay.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return r, nil
}

// Remove drops the kept replay name.
func (l *Library) Remove(name string) error { return l.store.Remove(name) }
