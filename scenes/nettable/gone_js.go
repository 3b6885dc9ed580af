//go:build js

package nettable

// goneHint follows the news that the host is gone, in the browser: a page
// that reloads goes back to its seats if the host is still there and only
// the link was lost (netlobby.Resume).
const goneHint = " Reload the page to try to go back to the match."
