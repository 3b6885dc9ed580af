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

// keep, kept and forget keep the rejoin note and the replay draft in the
// tab's session storage, which survives a reload; each is text. A page
// that may not use it forgets: it cannot rejoin, which is how it was
// before. keep reports whether it kept data: a full storage refuses it.
func keep(key, data string) (ok bool) {
	defer func() {
		if recover() != nil { // a full or disabled storage
			ok = false
		}
	}()
	if s := sessionStorage(); s.Truthy() {
		s.Call("setItem", key, data)
		return true
	}
	return false
}

func kept(key string) (data string) {
	defer func() {
		if recover() != nil {
			data = ""
		}
	}()
	s := sessionStorage()
	if !s.Truthy() {
		return ""
	}
	if v := s.Call("getItem", key); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}

func forget(key string) {
	defer func() { _ = recover() }()
	if s := sessionStorage(); s.Truthy() {
		s.Call("removeItem", key)
	}
}
