package main

import (
	"fmt"

	"github.com/jankenarcade/janken/netplay"
)

// eventError returns the error that event ev ends the browser peer's run
// with, or nil if the match goes on: a desync with a peer or between
// what this peer drew and the confirmed game, a fault, or a lost host.
func eventError(ev netplay.Event) error {
	switch ev.Kind {
	case netplay.EventDesync, netplay.EventDrawnDesync, netplay.EventFault, netplay.EventHostLost:
		return fmt.Errorf("%v at tick %d", ev.Kind, ev.Tick)
	}
	return nil
}
