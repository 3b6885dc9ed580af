package replayview

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/jankenarcade/janken/replay"
)

// canPick reports whether the Replays screen can ask for a file: the
// browser has a file picker.
const canPick = true

// fileInputID is the id of the page's hidden file input the picker
// opens; the browser tests feed it files.
const fileInputID = "janken-replay-file"

// opened carries a file the player picked or dropped on the page to the
// Replays screen. It holds one: a second file before the first is read
// is dropped, as a second click would be.
var opened = make(chan pickedFile, 1)

var listenOnce sync.Once

// listen installs, once, the page's hidden file input and a handler for
// files dropped anywhere on the page. The drop handler listens on the
// window while the event goes down (capture), so that the game's canvas
// never sees a file drop: Ebitengine would read it as a folder and stop
// the game on an error.
func listen() {
	listenOnce.Do(func() {
		doc := js.Global().Get("document")
		input := doc.Call("createElement", "input")
		input.Set("type", "file")
		input.Set("id", fileInputID)
		input.Set("accept", ".jrp,application/octet-stream")
		input.Get("style").Set("display", "none")
		input.Call("addEventListener", "change", js.FuncOf(func(js.Value, []js.Value) any {
			if files := input.Get("files"); files.Length() > 0 {
				read(files.Index(0))
			}
			input.Set("value", "") // the same file picked again is a change too
			// The picker took the focus; keys go to the game again.
			if canvas := doc.Call("querySelector", "canvas"); canvas.Truthy() {
				canvas.Call("focus")
			}
			return nil
		}))
		doc.Get("body").Call("appendChild", input)
		capture := map[string]any{"capture": true}
		win := js.Global().Get("window")
		win.Call("addEventListener", "dragover", js.FuncOf(func(_ js.Value, args []js.Value) any {
			if hasFiles(args[0]) {
				args[0].Call("preventDefault")
				args[0].Call("stopPropagation")
			}
			return nil
		}), capture)
		win.Call("addEventListener", "drop", js.FuncOf(func(_ js.Value, args []js.Value) any {
			e := args[0]
			if !hasFiles(e) {
				return nil
			}
			e.Call("preventDefault")
			e.Call("stopPropagation")
			if files := e.Get("dataTransfer").Get("files"); files.Length() > 0 {
				read(files.Index(0))
			} else {
				deliver(pickedFile{err: errors.New("nothing was dropped")})
			}
			return nil
		}), capture)
	})
}

// hasFiles reports whether the drag event e carries files.
func hasFiles(e js.Value) bool {
	dt := e.Get("dataTransfer")
	if !dt.Truthy() {
		return false
	}
	types := dt.Get("types")
	for i := range types.Length() {
		if types.Index(i).String() == "Files" {
			return true
		}
	}
	return false
}

// read reads the File f and delivers its bytes, or why they could not
// be read; a file larger than any replay is refused unread.
func read(f js.Value) {
	name := f.Get("name").String()
	if size := f.Get("size").Float(); size > replay.MaxSize {
		// Not read at all: a huge file would take the game's memory.
		deliver(pickedFile{name: name, err: fmt.Errorf("%.0f bytes exceed the %d a replay may have", size, replay.MaxSize)})
		return
	}
	var then, fail js.Func
	release := func() { then.Release(); fail.Release() }
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		arr := js.Global().Get("Uint8Array").New(args[0])
		data := make([]byte, arr.Length())
		js.CopyBytesToGo(data, arr)
		deliver(pickedFile{name: name, data: data})
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		deliver(pickedFile{name: name, err: fmt.Errorf("the browser could not read it: %s", js.Global().Get("String").Invoke(args[0]).String())})
		return nil
	})
	f.Call("arrayBuffer").Call("then", then, fail)
}

// deliver hands f to the Replays screen, unless a file already waits.
func deliver(f pickedFile) {
	select {
	case opened <- f:
	default:
	}
}

// pick opens the browser's file picker; the file chosen arrives on
// opened.
func pick() (err error) {
	defer func() {
		if r := recover(); r != nil { // a browser that refuses throws
			err = fmt.Errorf("the browser refused the file picker: %v", r)
		}
	}()
	listen()
	js.Global().Get("document").Call("getElementById", fileInputID).Call("click")
	return nil
}
