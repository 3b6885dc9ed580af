package scenes

import "syscall/js"

// publishStatus sets globalThis.jankenStatus to the status as a JSON
// string, every tick, for the headless browser test.
func publishStatus(d *Director) {
	st := d.Status()
	d.statusBuf = st.AppendJSON(d.statusBuf[:0])
	js.Global().Set("jankenStatus", string(d.statusBuf))
}
