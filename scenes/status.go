package scenes

import "strconv"

// Status is a summary of the director's state for tests and the browser
// test harness.
type Status struct {
	Scene         string `json:"scene"`  // Name of the top scene
	Cursor        int    `json:"cursor"` // its menu cursor, -1 without one
	Tick          int64  `json:"tick"`
	Frames        int64  `json:"frames"` // Draw calls so far
	Transitioning bool   `json:"transitioning"`
	Notice        string `json:"notice"`
	Detail        string `json:"detail"` // the top scene's own, if it is Detailed
}

// Detailed is a Scene that tells tests more of its state than its name
// and cursor: a table, what its seats did.
type Detailed interface {
	Detail() string
}

// Status returns the current summary.
func (d *Director) Status() Status {
	st := Status{Scene: d.Top().Name(), Cursor: -1, Tick: d.tick, Frames: d.frames,
		Transitioning: d.trans.active(), Notice: d.notice}
	if c, ok := d.Top().(Cursored); ok {
		st.Cursor = c.Cursor()
	}
	if dt, ok := d.Top().(Detailed); ok {
		st.Detail = dt.Detail()
	}
	return st
}

// AppendJSON appends the status as a JSON object to dst, without
// allocating when dst has room.
func (st *Status) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"scene":`...)
	dst = appendJSONString(dst, st.Scene)
	dst = append(dst, `,"cursor":`...)
	dst = strconv.AppendInt(dst, int64(st.Cursor), 10)
	dst = append(dst, `,"tick":`...)
	dst = strconv.AppendInt(dst, st.Tick, 10)
	dst = append(dst, `,"frames":`...)
	dst = strconv.AppendInt(dst, st.Frames, 10)
	dst = append(dst, `,"transitioning":`...)
	dst = strconv.AppendBool(dst, st.Transitioning)
	dst = append(dst, `,"notice":`...)
	dst = appendJSONString(dst, st.Notice)
	dst = append(dst, `,"detail":`...)
	dst = appendJSONString(dst, st.Detail)
	return append(dst, '}')
}

// appendJSONString appends s as a JSON string. Control characters, quotes
// and backslashes are escaped; other bytes (UTF-8) pass through.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}
