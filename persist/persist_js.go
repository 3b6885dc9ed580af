package persist

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"syscall/js"
)

// ErrNoStorage reports a browser that gives the page no localStorage:
// missing (some privacy modes) or blocked for the site, where merely
// reading window.localStorage throws a SecurityError.
var ErrNoStorage = errors.New("persist: localStorage unavailable")

// defaultRoot is the key prefix, once localStorage is known to answer: a
// program whose storage is blocked learns so at start, from Default, and
// can keep its settings in memory instead of failing on the first read.
func defaultRoot() (string, error) {
	if _, err := storage(); err != nil {
		return "", err
	}
	return AppDir, nil
}

// storage returns the browser's localStorage, or ErrNoStorage when it is
// missing or reading it throws.
func storage() (ls js.Value, err error) {
	defer func() {
		// syscall/js turns an exception thrown by a called function into
		// a panic.
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrNoStorage, r)
		}
	}()
	// Read through Reflect.get, a call: an exception thrown by a plain
	// Get escapes syscall/js and kills the program.
	ls = js.Global().Get("Reflect").Call("get", js.Global(), "localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return js.Value{}, ErrNoStorage
	}
	return ls, nil
}

// WriteFile stores data under the key root + "/" + name. A single
// localStorage assignment is atomic: readers see the old or the new value.
// The bytes are stored as a Latin-1 string, one byte per character, so
// any data survives.
func (s *Store) WriteFile(name string, data []byte) (err error) {
	if err := checkName(name); err != nil {
		return err
	}
	ls, err := storage()
	if err != nil {
		return err
	}
	defer func() {
		// setItem throws QuotaExceededError, or SecurityError when the
		// storage was blocked after the start.
		if r := recover(); r != nil {
			err = fmt.Errorf("persist: write %s/%s: %v", s.root, name, r)
		}
	}()
	ls.Call("setItem", s.root+"/"+name, latin1(data))
	return nil
}

// ReadFile returns the value stored under the key root + "/" + name, or
// an error wrapping fs.ErrNotExist.
func (s *Store) ReadFile(name string) (data []byte, err error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	ls, err := storage()
	if err != nil {
		return nil, err
	}
	defer func() {
		// getItem throws SecurityError when the storage was blocked after
		// the start.
		if r := recover(); r != nil {
			data, err = nil, fmt.Errorf("persist: read %s/%s: %v", s.root, name, r)
		}
	}()
	v := ls.Call("getItem", s.root+"/"+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, fmt.Errorf("persist: read %s/%s: %w", s.root, name, fs.ErrNotExist)
	}
	return fromLatin1(v.String()), nil
}

// List returns the names of the store's entries that start with prefix,
// in increasing order.
func (s *Store) List(prefix string) (names []string, err error) {
	ls, err := storage()
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			names, err = nil, fmt.Errorf("persist: list %s: %v", s.root, r)
		}
	}()
	full := s.root + "/" + prefix
	for i := range ls.Get("length").Int() {
		key := ls.Call("key", i)
		if key.Type() != js.TypeString {
			continue
		}
		if k := key.String(); strings.HasPrefix(k, full) && checkName(k[len(s.root)+1:]) == nil {
			names = append(names, k[len(s.root)+1:])
		}
	}
	slices.Sort(names)
	return names, nil
}

// Remove deletes the named entry; removing a missing one is no error.
func (s *Store) Remove(name string) (err error) {
	if err := checkName(name); err != nil {
		return err
	}
	ls, err := storage()
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("persist: remove %s/%s: %v", s.root, name, r)
		}
	}()
	ls.Call("removeItem", s.root+"/"+name)
	return nil
}

// latin1 maps each byte to the rune of the same value, so that the UTF-16
// string JavaScript keeps round-trips every byte.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

func fromLatin1(s string) []byte {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return b
}
