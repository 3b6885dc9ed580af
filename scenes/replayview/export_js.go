package replayview

import (
	"fmt"
	"syscall/js"

	"github.com/jankenarcade/janken/scenes"
)

// export offers data to the browser as a download named name.
func (v *Viewer) export(_ *scenes.Context, name string, data []byte) {
	where, err := download(name, data)
	if err != nil {
		v.notice = "Not exported: " + err.Error()
		return
	}
	v.notice = "Exported to " + where
}

// download offers data to the browser as a download named name.
func download(name string, data []byte) (where string, err error) {
	defer func() {
		if r := recover(); r != nil { // a browser that refuses throws
			err = fmt.Errorf("the browser refused the download: %v", r)
		}
	}()
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": "application/octet-stream"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	a := js.Global().Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Call("click")
	js.Global().Get("URL").Call("revokeObjectURL", url)
	return "your downloads as " + name, nil
}
