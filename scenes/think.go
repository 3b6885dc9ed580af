package scenes

// ThinkPause returns what a table passes a bot that thinks on a
// goroutine (its SetPause): nil on the desktop, where the goroutine has a
// thread of its own; in the browser, a short sleep that hands the page's
// only thread back to it, so frames are drawn while the bot thinks.
func ThinkPause() func() { return thinkPause }
