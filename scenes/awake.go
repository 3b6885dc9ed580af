package scenes

import "sync"

// Awake lets a connection be pumped while a browser has stopped the game
// loop (see KeepAwake): the game loop holds it locked while it uses the
// connection, and the pump runs under the same lock, told whether the
// game loop has used the connection since the pump last looked.
type Awake struct {
	mu      sync.Mutex
	updates int // the game loop's uses
	seen    int // updates, when the pump last looked
}

// Lock holds a for the game loop's use of the connection, and counts it.
func (a *Awake) Lock() {
	a.mu.Lock()
	a.updates++
}

// Unlock ends the game loop's use.
func (a *Awake) Unlock() { a.mu.Unlock() }

// Pump runs pump under a's lock, telling it whether the game loop has
// stopped (not used the connection since the last Pump), and returns
// what pump returns: whether to go on pumping.
func (a *Awake) Pump(pump func(stopped bool) bool) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	stopped := a.updates == a.seen
	a.seen = a.updates
	return pump(stopped)
}
