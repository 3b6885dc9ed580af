package netplay

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
)

// A host's messages to a client are deflated (RFC 1951), each with the
// message before it on the connection as dictionary, and ended by a sync
// flush whose marker is left off, as WebSocket's permessage-deflate does
// (RFC 7692). A seat's view repeats most of the one before, so a message
// shrinks to its news: a whole game of Eleven Suits, whose views are
// 4.5 kB of JSON each, goes down to about a fifteenth on the wire. The
// client inflates each message with the last window bytes it inflated
// as dictionary, which end with the message before. The reliable channel
// delivers every message once and in order, which this needs; a new
// connection (Host.Rejoin) starts over with no dictionary.

// Compression makes a message's length depend on its content. Only the
// seat's own client can read the content, but an onlooker on the same
// Wi-Fi sees lengths; the plain JSON's lengths already varied with the
// cards (their names differ in length), so this is a difference of
// degree, not of kind.

// syncMarker ends every flushed message; deflater drops it and inflater
// puts it back, as RFC 7692 does.
var syncMarker = []byte{0x00, 0x00, 0xff, 0xff}

// streamEnd is syncMarker followed by an empty final stored block, so that
// each message read alone ends the stream cleanly.
var streamEnd = []byte{0x00, 0x00, 0xff, 0xff, 0x01, 0x00, 0x00, 0xff, 0xff}

// window is how far back deflate may refer (32 KiB).
const window = 1 << 15

// deflater compresses a host's messages, for all its connections: each
// message with the one its connection was sent before as dictionary. A
// flate.Writer takes more than a megabyte, and a dictionary only at its
// making, so rather than one writer per connection it has one, which it
// resets and primes with the message before, whose output it drops. It
// allocates the writer on the first message, and nothing after.
type deflater struct {
	w   *flate.Writer
	out bytes.Buffer
}

// deflate returns msg compressed with prev, the message sent before it
// on the same connection (nil for the first), as dictionary. The result
// is valid until the next call.
func (d *deflater) deflate(prev, msg []byte) ([]byte, error) {
	d.out.Reset()
	if d.w == nil {
		w, err := flate.NewWriter(&d.out, flate.BestSpeed)
		if err != nil {
			return nil, fmt.Errorf("netplay: deflate: %w", err)
		}
		d.w = w
	} else {
		d.w.Reset(&d.out)
	}
	if len(prev) > 0 {
		if err := d.flush(prev); err != nil {
			return nil, err
		}
		d.out.Reset()
	}
	if err := d.flush(msg); err != nil {
		return nil, err
	}
	b := d.out.Bytes()
	if !bytes.HasSuffix(b, syncMarker) {
		return nil, errors.New("netplay: deflate: flush without its marker")
	}
	return b[:len(b)-len(syncMarker)], nil
}

// flush writes msg to the writer and flushes it.
func (d *deflater) flush(msg []byte) error {
	if _, err := d.w.Write(msg); err != nil {
		return fmt.Errorf("netplay: deflate: %w", err)
	}
	if err := d.w.Flush(); err != nil {
		return fmt.Errorf("netplay: deflate: %w", err)
	}
	return nil
}

// inflater reads the messages of one connection. Once a message fails to
// inflate, the next one's dictionary is unknown: every later one fails.
type inflater struct {
	r      io.ReadCloser
	src    bytes.Reader
	in     []byte // a message with streamEnd
	out    []byte // a message inflated
	hist   []byte // the last window bytes inflated, the next message's dictionary
	broken error
}

// inflate returns the message packed inflated, in a new slice: what it
// inflates to outlives the call (updates refer to it). It refuses a
// message that would inflate to more than MaxMessageSize bytes.
func (f *inflater) inflate(packed []byte) ([]byte, error) {
	if f.broken != nil {
		return nil, f.broken
	}
	msg, err := f.read(packed)
	if err != nil {
		f.broken = fmt.Errorf("netplay: inflate: %w", err)
		return nil, f.broken
	}
	f.remember(msg)
	return bytes.Clone(msg), nil
}

// read inflates packed into f.out, with f.hist as dictionary.
func (f *inflater) read(packed []byte) ([]byte, error) {
	f.in = append(append(f.in[:0], packed...), streamEnd...)
	f.src.Reset(f.in)
	if f.r == nil {
		f.r = flate.NewReader(&f.src)
	}
	if err := f.r.(flate.Resetter).Reset(&f.src, f.hist); err != nil {
		return nil, err
	}
	if cap(f.out) < MaxMessageSize+1 {
		f.out = make([]byte, MaxMessageSize+1)
	}
	out, n := f.out[:MaxMessageSize+1], 0
	for {
		k, err := f.r.Read(out[n:])
		n += k
		switch {
		case err == io.EOF && f.src.Len() > 0:
			return nil, errors.New("bytes after the message")
		case err == io.EOF:
			return out[:n], nil
		case err != nil:
			return nil, err // io.ErrUnexpectedEOF: a message cut short
		case n == len(out):
			return nil, fmt.Errorf("more than %d bytes", MaxMessageSize)
		}
	}
}

// remember keeps the last window bytes inflated.
func (f *inflater) remember(msg []byte) {
	if len(msg) >= window {
		f.hist = append(f.hist[:0], msg[len(msg)-window:]...)
		return
	}
	if keep := window - len(msg); len(f.hist) > keep {
		f.hist = f.hist[:copy(f.hist, f.hist[len(f.hist)-keep:])]
	}
	f.hist = append(f.hist, msg...)
}
