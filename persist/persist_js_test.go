package persist

import (
	"bytes"
	"errors"
	"io/fs"
	"syscall/js"
	"testing"

	"github.com/jankenarcade/janken/persist/persisttest"
)

// testStore returns an empty store of this platform: a fake
// localStorage's.
func testStore(t *testing.T) *Store {
	fakeLocalStorage(t)
	return At(AppDir)
}

// fakeLocalStorage installs a localStorage (Node has none) without a
// quota, so the browser code path runs under go_js_wasm_exec.
func fakeLocalStorage(t *testing.T) { persisttest.LocalStorage(t, 0) }

func TestLocalStorageRoundTrip(t *testing.T) {
	fakeLocalStorage(t)
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReadFile("settings.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing key: %v, want fs.ErrNotExist", err)
	}
	data := []byte{'{', 0, 0x7f, 0x80, 0xff, 0xc3, 0xa9, '}'}
	if err := s.WriteFile("settings.json", data); err != nil {
		t.Fatal(err)
	}
	got, err := s.ReadFile("settings.json")
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("ReadFile = %v, %v; want %v", got, err, data)
	}
	if err := s.WriteFile("../x", data); !errors.Is(err, ErrBadName) {
		t.Fatalf("bad name accepted: %v", err)
	}
}

// blockLocalStorage makes reading globalThis.localStorage throw, as a
// browser does when storage is blocked for the site.
func blockLocalStorage(t *testing.T) {
	js.Global().Call("eval", `Object.defineProperty(globalThis, "localStorage", {
		configurable: true,
		get() { throw new Error("SecurityError: access denied for this document"); },
	})`)
	t.Cleanup(func() { js.Global().Delete("localStorage") })
}

// TestBlockedStorage checks that a browser that throws on localStorage
// gives errors, not a dead program.
func TestBlockedStorage(t *testing.T) {
	blockLocalStorage(t)
	if _, err := Default(); !errors.Is(err, ErrNoStorage) {
		t.Errorf("Default with storage blocked: %v, want ErrNoStorage", err)
	}
	s := At(AppDir)
	if _, err := s.ReadFile("settings.json"); !errors.Is(err, ErrNoStorage) {
		t.Errorf("ReadFile with storage blocked: %v, want ErrNoStorage", err)
	}
	if err := s.WriteFile("settings.json", []byte("{}")); !errors.Is(err, ErrNoStorage) {
		t.Errorf("WriteFile with storage blocked: %v, want ErrNoStorage", err)
	}
}

// TestThrowingGetItem checks a storage that is there but refuses to be
// read (blocked after the start).
func TestThrowingGetItem(t *testing.T) {
	obj := js.Global().Get("Object").New()
	js.Global().Set("localStorage", obj)
	js.Global().Call("eval", `localStorage.getItem = () => { throw new Error("SecurityError"); }`)
	t.Cleanup(func() { js.Global().Delete("localStorage") })
	_, err := At(AppDir).ReadFile("settings.json")
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile with a throwing getItem: %v, want an error other than not-exist", err)
	}
}
