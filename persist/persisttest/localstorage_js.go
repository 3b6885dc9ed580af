package persisttest

import (
	"maps"
	"slices"
	"syscall/js"
	"testing"
)

// LocalStorage installs a fake window.localStorage, backed by a Go map,
// for the rest of test t. Past quota characters of keys and values (0: no
// limit) setItem throws, as a browser's does when its storage is full.
func LocalStorage(t testing.TB, quota int) {
	items := map[string]string{}
	used := func() int {
		n := 0
		for k, v := range items {
			n += len(k) + len(v)
		}
		return n
	}
	funcs := map[string]js.Func{
		// store keeps an item and reports whether it fitted; a JavaScript
		// wrapper throws when it did not, as a throw inside a Go callback
		// would stop the Go program.
		"store": js.FuncOf(func(_ js.Value, args []js.Value) any {
			k, v := args[0].String(), args[1].String()
			old, had := items[k]
			items[k] = v
			if quota == 0 || used() <= quota {
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
		"length": js.FuncOf(func(js.Value, []js.Value) any { return len(items) }),
	}
	obj := js.Global().Get("Object").New()
	for _, name := range []string{"getItem", "removeItem", "key"} {
		obj.Set(name, funcs[name])
	}
	obj.Set("setItem", js.Global().Get("Function").New("store",
		`return function (k, v) { if (!store(k, v)) throw new Error("QuotaExceededError"); };`).Invoke(funcs["store"]))
	// length is a getter, as the browser's is.
	desc := js.Global().Get("Object").New()
	desc.Set("get", funcs["length"])
	js.Global().Get("Object").Call("defineProperty", obj, "length", desc)
	js.Global().Set("localStorage", obj)
	t.Cleanup(func() {
		js.Global().Delete("localStorage")
		for _, f := range funcs {
			f.Release()
		}
	})
}
