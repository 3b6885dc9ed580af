package netlobby

import (
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
)

// plain says what went wrong in words a player can act on: the common
// network errors (a port in use, no network, no permission, a host out of
// reach) as what to do about them, any other as what failed (doing:
// "Cannot host") followed by the error itself.
func plain(doing string, err error) string {
	port := "the game's port"
	if p := errPort(err); p > 0 {
		port = fmt.Sprintf("port %d", p)
	}
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Sprintf("Another program already uses %s — close it (or the game's other window) and try again.", port)
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM), errors.Is(err, os.ErrPermission):
		return fmt.Sprintf("This machine does not let the game use %s — allow it in the firewall or settings and try again.", port)
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.ENETDOWN), errors.Is(err, syscall.EADDRNOTAVAIL):
		return "No network — connect this machine to Wi-Fi or a cable and try again."
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ECONNREFUSED):
		return "The host cannot be reached — check its address and that both machines are on the same network."
	}
	return fmt.Sprintf("%s: %v", doing, err)
}

// errPort returns the port of the address a network error names, or 0.
func errPort(err error) int {
	var op *net.OpError
	if !errors.As(err, &op) {
		return 0
	}
	switch a := op.Addr.(type) {
	case *net.UDPAddr:
		return a.Port
	case *net.TCPAddr:
		return a.Port
	}
	return 0
}
