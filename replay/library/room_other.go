//go:build !js

package library

// dropForRoom is unset on the desktop, where a failed write is rarely a
// full disk and dropping replays would not help a bad permission.
const dropForRoom = false
