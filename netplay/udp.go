//go:build !js

package netplay

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
)

// UDP is the Transport of desktop peers. A goroutine reads the socket into
// a bounded queue that Receive drains without blocking; when the queue is
// full, new packets are lost as a busy network would lose them.
type UDP struct {
	conn    *net.UDPConn
	queue   chan udpPacket
	free    sync.Pool
	done    chan struct{}
	overrun atomic.Int64
}

type udpPacket struct {
	from netip.AddrPort
	buf  *[]byte
	n    int
}

const udpQueue = 256

// ListenUDP opens a UDP transport on addr ("127.0.0.1:0" picks a free
// loopback port; ":7300" listens on every interface, for a LAN host).
func ListenUDP(addr string) (*UDP, error) {
	ua, err := net.ResolveUDPAddr("udp4", addr)
	if err != nil {
		return nil, fmt.Errorf("netplay: listen %s: %w", addr, err)
	}
	conn, err := net.ListenUDP("udp4", ua)
	if err != nil {
		return nil, fmt.Errorf("netplay: listen %s: %w", addr, err)
	}
	u := &UDP{conn: conn, queue: make(chan udpPacket, udpQueue), done: make(chan struct{})}
	u.free.New = func() any { b := make([]byte, MaxWireSize+1); return &b }
	go u.read()
	return u, nil
}

func (u *UDP) read() {
	defer close(u.done)
	for {
		buf := u.free.Get().(*[]byte)
		n, from, err := u.conn.ReadFromUDPAddrPort(*buf)
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			u.free.Put(buf)
			continue
		}
		select {
		case u.queue <- udpPacket{from: unmap(from), buf: buf, n: n}:
		default:
			u.overrun.Add(1)
			u.free.Put(buf)
		}
	}
}

// unmap turns an IPv4-mapped IPv6 address into plain IPv4, so one peer
// always has one address.
func unmap(a netip.AddrPort) netip.AddrPort {
	return netip.AddrPortFrom(a.Addr().Unmap(), a.Port())
}

// LocalAddr implements Transport.
func (u *UDP) LocalAddr() netip.AddrPort {
	return unmap(u.conn.LocalAddr().(*net.UDPAddr).AddrPort())
}

// Send implements Transport.
func (u *UDP) Send(to netip.AddrPort, p []byte) error {
	if len(p) > MaxWireSize {
		return ErrOversized
	}
	if _, err := u.conn.WriteToUDPAddrPort(p, to); err != nil {
		return fmt.Errorf("netplay: send to %v: %w", to, err)
	}
	return nil
}

// Receive implements Transport.
func (u *UDP) Receive(buf []byte) (int, netip.AddrPort, bool) {
	select {
	case p := <-u.queue:
		n := copy(buf, (*p.buf)[:p.n])
		u.free.Put(p.buf)
		return n, p.from, true
	default:
		return 0, netip.AddrPort{}, false
	}
}

// Overruns returns how many packets were lost because the queue was full.
func (u *UDP) Overruns() int64 { return u.overrun.Load() }

// Close implements Transport.
func (u *UDP) Close() error {
	err := u.conn.Close()
	<-u.done
	return err
}
