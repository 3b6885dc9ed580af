package library

// dropForRoom is set where a full storage is the usual reason a write
// fails (the browser's localStorage quota): the oldest replays make room.
const dropForRoom = true
