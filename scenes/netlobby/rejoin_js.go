//go:build js

package netlobby

import "syscall/js"

// sessionStorage returns the tab's session storage, or a null value where
// the page may not use it.
func sessionStorage() (s js.Value) {
	defer func() {
		if recover() != nil { // a SecurityError: storage disabled
			s = js.Null()
		}
	}()
	return js.Global().Get("sessionStorage")
}

// keepNote, keptNote and forgetNote keep the rejoin note in the tab's
// session storage, which survives a reload. A page that may not use it
// forgets: it cannot rejoin, which is how it was before.
func keepNote(data []byte) {
	defer func() { _ = recover() }() // a full or disabled storage
	if s := sessionStorage(); s.Truthy() {
		s.Call("setItem", rejoinKey, string(data))
	}
}

func keptNote() (data []byte) {
	defer func() {
		if recover() != nil {
			data = nil
		}
	}()
	s := sessionStorage()
	if !s.Truthy() {
		return nil
	}
	if v := s.Call("getItem", rejoinKey); v.Type() == js.TypeString {
		return []byte(v.String())
	}
	return nil
}

func forgetNote() {
	defer func() { _ = recover() }()
	if s := sessionStorage(); s.Truthy() {
		s.Call("removeItem", rejoinKey)
	}
}
