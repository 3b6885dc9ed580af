package cardtable

// Link is a network match's connection, as its table shows it.
type Link interface {
	// Connection describes the link for the corner of the table.
	Connection() string
	// Notice is the connection's news of what holds the game up (a
	// silent machine it waits for), and whether the match cannot go on.
	Notice() (notice string, gone bool)
	// Passing is news in passing (seats changed hands, or a silent
	// machine the game goes on without), or "".
	Passing() string
	// Close ends this machine's part in the match.
	Close()
}
