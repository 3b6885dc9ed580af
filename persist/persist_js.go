package persist

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall/js"
)

func defaultRoot() (string, error) { return AppDir, nil }

// storage returns the browser's localStorage, which may be missing
// (privacy modes, sandboxed iframes).
func storage() (js.Value, error) {
	ls := js.Global().Get("localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return js.Value{}, errors.New("persist: localStorage unavailable")
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
		// setItem throws QuotaExceededError; syscall/js turns it into a
		// panic.
		if r := recover(); r != nil {
			err = fmt.Errorf("persist: write %s/%s: %v", s.root, name, r)
		}
	}()
	ls.Call("setItem", s.root+"/"+name, latin1(data))
	return nil
}

// ReadFile returns the value stored under the key root + "/" + name, or
// an error wrapping fs.ErrNotExist.
func (s *Store) ReadFile(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	ls, err := storage()
	if err != nil {
		return nil, err
	}
	v := ls.Call("getItem", s.root+"/"+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, fmt.Errorf("persist: read %s/%s: %w", s.root, name, fs.ErrNotExist)
	}
	return fromLatin1(v.String()), nil
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
