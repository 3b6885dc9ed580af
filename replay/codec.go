package replay

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// magic opens every replay file.
const magic = "JKRP"

// Limits a file must keep to; they bound what a corrupt file can make
// Decode allocate.
const (
	// MaxSize is the largest replay Decode reads: the file, and its
	// body once inflated.
	MaxSize = 64 << 20
	// maxHeader is the longest header JSON.
	maxHeader = 1 << 20
	// maxAt is the latest tick or action index a step or checkpoint may
	// have.
	maxAt = 1 << 62
)

// Errors Decode wraps, for errors.Is.
var (
	// ErrNotReplay is a file that does not start as a replay.
	ErrNotReplay = errors.New("not a replay")
	// ErrTruncated is a file shorter than it says.
	ErrTruncated = errors.New("truncated")
	// ErrChecksum is a file whose bytes changed after it was written.
	ErrChecksum = errors.New("checksum mismatch")
	// ErrCorrupt is a file whose checksum holds but whose content does
	// not parse (a bug in the writer, or a forged file).
	ErrCorrupt = errors.New("corrupt")
)

// FormatError is a replay written in a file format this build does not
// read.
type FormatError struct{ Got int }

func (e *FormatError) Error() string {
	return fmt.Sprintf("replay format %d, this build reads %d and %d", e.Got, plainFormat, Format)
}

// Encode writes r in the binary file format (see the package doc). It
// refuses a replay whose header Decode would refuse (Header.check), whose
// steps or checkpoints go back in time, or whose body would exceed
// MaxSize.
func Encode(r *Replay) ([]byte, error) {
	if err := r.Header.check(); err != nil {
		return nil, fmt.Errorf("replay: header: %w", err)
	}
	body, err := encodeBody(r)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(len(body)/4 + 64)
	b.WriteString(magic)
	b.Write(binary.AppendUvarint(nil, Format))
	lenAt := b.Len()
	b.Write([]byte{0, 0, 0, 0})
	zw, err := flate.NewWriter(&b, flate.DefaultCompression)
	if err == nil {
		_, err = zw.Write(body)
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("replay: deflate: %w", err)
	}
	file := b.Bytes()
	binary.LittleEndian.PutUint32(file[lenAt:], uint32(len(file)+4))
	return binary.LittleEndian.AppendUint32(file, crc(file)), nil
}

// encodeBody writes what follows a file's length: the header, the steps
// and the checkpoints.
func encodeBody(r *Replay) ([]byte, error) {
	head, err := json.Marshal(r.Header)
	if err != nil {
		return nil, fmt.Errorf("replay: header: %w", err)
	}
	if len(head) > maxHeader {
		return nil, fmt.Errorf("replay: header of %d bytes exceeds %d", len(head), maxHeader)
	}
	b := make([]byte, 0, len(head)+len(r.Steps)*8+len(r.Checkpoints)*10+64)
	b = binary.AppendUvarint(b, uint64(len(head)))
	b = append(b, head...)
	b = binary.AppendUvarint(b, uint64(len(r.Steps)))
	var last int64
	for i, s := range r.Steps {
		if s.At < last || s.At > maxAt {
			return nil, fmt.Errorf("replay: step %d at %d follows one at %d", i, s.At, last)
		}
		b = binary.AppendUvarint(b, uint64(s.At-last))
		b = binary.AppendVarint(b, int64(s.Seat))
		b = binary.AppendUvarint(b, uint64(len(s.Data)))
		b = append(b, s.Data...)
		last = s.At
	}
	b = binary.AppendUvarint(b, uint64(len(r.Checkpoints)))
	last = 0
	for i, c := range r.Checkpoints {
		if c.At < last || c.At > maxAt {
			return nil, fmt.Errorf("replay: checkpoint %d at %d follows one at %d", i, c.At, last)
		}
		b = binary.AppendUvarint(b, uint64(c.At-last))
		b = binary.LittleEndian.AppendUint64(b, c.Hash)
		last = c.At
	}
	if len(b) > MaxSize {
		return nil, fmt.Errorf("replay: %d bytes exceed the %d a replay may have", len(b), MaxSize)
	}
	return b, nil
}

// Decode reads a replay file. Its errors say what is wrong and wrap
// ErrNotReplay, ErrTruncated, ErrChecksum or ErrCorrupt, or are a
// *FormatError. Decode never panics; the replay it returns shares no
// memory with data.
func Decode(data []byte) (*Replay, error) {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return nil, fmt.Errorf("replay: %w", ErrNotReplay)
	}
	d := decoder{b: data, at: len(magic)}
	format := d.uvarint()
	if d.err != nil {
		return nil, fmt.Errorf("replay: %w at byte %d", ErrTruncated, len(data))
	}
	if format != Format && format != plainFormat {
		return nil, &FormatError{Got: int(min(format, 1<<31))}
	}
	if len(data) < d.at+4 {
		return nil, fmt.Errorf("replay: %w at byte %d", ErrTruncated, len(data))
	}
	size := binary.LittleEndian.Uint32(data[d.at:])
	d.at += 4
	switch {
	case size > MaxSize:
		return nil, fmt.Errorf("replay: says it has %d bytes, more than the %d a replay may have: %w", size, MaxSize, ErrCorrupt)
	case uint32(len(data)) < size:
		return nil, fmt.Errorf("replay: %w at byte %d of %d", ErrTruncated, len(data), size)
	case uint32(len(data)) > size:
		return nil, fmt.Errorf("replay: %d bytes follow the replay's %d: %w", uint32(len(data))-size, size, ErrCorrupt)
	case size < uint32(d.at+4):
		return nil, fmt.Errorf("replay: says it has %d bytes: %w", size, ErrCorrupt)
	}
	body := data[:size-4]
	if crc(body) != binary.LittleEndian.Uint32(data[size-4:]) {
		return nil, fmt.Errorf("replay: %w", ErrChecksum)
	}
	if format == plainFormat {
		d.b = append([]byte(nil), body...) // the steps' Data point into this copy
	} else {
		inflated, err := inflate(body[d.at:])
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		d.b, d.at = inflated, 0
	}
	r, err := d.replay()
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	return r, nil
}

// inflate returns the body deflated in z, refusing one past MaxSize.
func inflate(z []byte) ([]byte, error) {
	in := bytes.NewReader(z) // an io.ByteReader: the inflater reads no byte past its stream
	body, err := io.ReadAll(io.LimitReader(flate.NewReader(in), MaxSize+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: the body does not inflate: %v", ErrCorrupt, err)
	case len(body) > MaxSize:
		return nil, fmt.Errorf("%w: the body inflates past the %d bytes a replay may have", ErrCorrupt, MaxSize)
	case in.Len() > 0:
		return nil, fmt.Errorf("%w: %d bytes follow the deflated body", ErrCorrupt, in.Len())
	}
	return body, nil
}

// FileFormat returns the format version a replay file says it is
// written in, or 0 if data does not start as a replay.
func FileFormat(data []byte) int {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return 0
	}
	format, n := binary.Uvarint(data[len(magic):])
	if n <= 0 {
		return 0
	}
	return int(min(format, 1<<31))
}

// decoder reads b from at; its first error sticks.
type decoder struct {
	b   []byte
	at  int
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: %s at byte %d", ErrCorrupt, what, d.at)
	}
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.at:])
	if n <= 0 {
		d.fail("bad number")
		return 0
	}
	d.at += n
	return v
}

func (d *decoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b[d.at:])
	if n <= 0 {
		d.fail("bad number")
		return 0
	}
	d.at += n
	return v
}

// bytes returns the next n bytes, sharing d.b.
func (d *decoder) bytes(n uint64) []byte {
	if d.err != nil {
		return nil
	}
	if n > uint64(len(d.b)-d.at) {
		d.fail(fmt.Sprintf("%d bytes overrun the file", n))
		return nil
	}
	out := d.b[d.at : d.at+int(n) : d.at+int(n)]
	d.at += int(n)
	return out
}

// count reads a count of items that take at least least bytes each.
func (d *decoder) count(least int) int {
	n := d.uvarint()
	if d.err == nil && n > uint64((len(d.b)-d.at)/least) {
		d.fail(fmt.Sprintf("%d items overrun the file", n))
		return 0
	}
	return int(n)
}

// time reads a varint delta and adds it to last, refusing a time past
// maxAt.
func (d *decoder) time(last int64) int64 {
	delta := d.uvarint()
	if delta > uint64(maxAt-last) {
		d.fail("time out of range")
		return last
	}
	return last + int64(delta)
}

// replay parses everything after the length: header, steps, checkpoints.
func (d *decoder) replay() (*Replay, error) {
	r := new(Replay)
	head := d.bytes(d.uvarint())
	if d.err != nil {
		return nil, d.err
	}
	if err := json.Unmarshal(head, &r.Header); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrCorrupt, err)
	}
	if err := r.Header.check(); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrCorrupt, err)
	}
	r.Steps = make([]Step, d.count(3))
	var last int64
	for i := range r.Steps {
		last = d.time(last)
		seat := d.varint()
		if seat < -1 || seat > 1<<16 {
			d.fail(fmt.Sprintf("seat %d", seat))
		}
		r.Steps[i] = Step{At: last, Seat: int(seat), Data: d.bytes(d.uvarint())}
	}
	r.Checkpoints = make([]Checkpoint, d.count(9))
	last = 0
	for i := range r.Checkpoints {
		last = d.time(last)
		h := d.bytes(8)
		if d.err == nil {
			r.Checkpoints[i] = Checkpoint{At: last, Hash: binary.LittleEndian.Uint64(h)}
		}
	}
	if d.err == nil && d.at != len(d.b) {
		d.fail("unread bytes")
	}
	if d.err != nil {
		return nil, d.err
	}
	return r, nil
}

// crc is the file's checksum of b.
func crc(b []byte) uint32 { return crc32.ChecksumIEEE(b) }
