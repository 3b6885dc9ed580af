// Package persisttest installs a fake localStorage for the browser
// build's tests, which run under Node.js, which has none. It is empty on
// other platforms.
package persisttest
