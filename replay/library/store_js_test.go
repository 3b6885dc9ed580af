package library

import (
	"maps"
	"slices"
	"syscall/js"
	"testing"

	"github.com/jankenarcade/janken/persist"
)

// quota is how many characters the fake localStorage holds, as a
// browser's holds some megabytes.
var quota = 1 << 30

// testStore installs a fake localStorage (Node has none) that throws
// once it would hold more than quota characters, as a browser's does.
func testStore(t *testing.T) *persist.Store {
	items := map[string]string{}
	used := func() int {
		n := 0
		for k, v := range items {
			n += len(k) + len(v)
		}
		return n
	}
	obj := js.Global().Get("Object").New()
	funcs := map[string]js.Func{
		// store keeps an item and reports whether it fitted; a JavaScript
		// wrapper throws when it did not, as a throw inside a Go callback
		// would stop the Go program.
		"store": js.FuncOf(func(_ js.Value, args []js.Value) any {
			k, v := args[0].String(), args[1].String()
			old, had := items[k]
			items[k] = v
			if used() <= quota {
				return true
			}
			if had {
				items[k] = old
			} else {
				delete(items, k)
			}
			return false
		}),
		"getItem": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if v, ok := items[args[0].String()]; ok {
				return v
			}
			return js.Null()
		}),
		"removeItem": js.FuncOf(func(_ js.Value, args []js.Value) any {
			delete(items, args[0].String())
			return nil
		}),
		"key": js.FuncOf(func(_ js.Value, args []js.Value) any {
			keys := slices.Sorted(maps.Keys(items))
			if i := args[0].Int(); i < len(keys) {
				return keys[i]
			}
			return js.Null()
		}),
	}
	length := js.FuncOf(func(js.Value, []js.Value) any { return len(items) })
	for name, f := range funcs {
		obj.Set(name, f)
	}
	obj.Set("setItem", js.Global().Get("Function").New("store",
		`return function (k, v) { if (!store(k, v)) throw new Error("QuotaExceededError"); };`).Invoke(funcs["store"]))
	desc := js.Global().Get("Object").New()
	desc.Set("get", length)
	js.Global().Get("Object").Call("defineProperty", obj, "length", desc)
	js.Global().Set("localStorage", obj)
	t.Cleanup(func() {
		js.Global().Delete("localStorage")
		for _, f := range funcs {
			f.Release()
		}
		length.Release()
	})
	return persist.At(persist.AppDir)
}

// TestQuotaDropsTheOldest fills a small storage: each new replay drops the
// oldest ones until it fits, and the newest are kept.
func TestQuotaDropsTheOldest(t *testing.T) {
	defer func(q int) { quota = q }(quota)
	quota = 2000
	l := At(testStore(t))
	for i := range 20 {
		if _, err := l.Save(match(i)); err != nil {
			t.Fatalf("save %d: %v", i, err)
		}
	}
	list, err := l.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) == 0 || len(list) >= 20 || list[0].Header.Date.Minute() != 19 {
		t.Fatalf("%d replays kept, the newest of minute %d", len(list), list[0].Header.Date.Minute())
	}
	for i, e := range list {
		if e.Header.Date.Minute() != 19-i {
			t.Errorf("kept %d: minute %d, want %d (the newest in a row)", i, e.Header.Date.Minute(), 19-i)
		}
	}
}
