package thatsmine

// RulebookExample is the rules file's five-player example round as a JSON
// position (see FORMAT.md): George, Buster, Tobias, Lindsay and Lucille
// are seats 0 to 4, and Lucille has already chosen Rock 33 with a wager of
// 2. The rules tests and the table's on-screen test both play it out.
const RulebookExample = `{
  "players": 5, "round": 4, "deal": 1,
  "supply": 46, "kitty": 1,
  "tokens": [2, 3, 2, 2, 4],
  "hands": [[7, 16, 18], [3, 9, 20], [26, 29, 35], [12, 21, 31], [23, 34]],
  "choices": [null, null, null, null, {"card": 33, "wager": 2}],
  "faceDown": [1, 2, 4, 5, 6, 8],
  "discard": [10, 11, 13, 14, 15, 17, 19, 22, 24, 25, 27, 28, 30, 32, 36],
  "rng": 42
}`
