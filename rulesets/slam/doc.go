// Package slam is the ruleset of Slam, TREO's Scissors Paper Stone: a card
// flips, players find the two symbols of the same colour (one on the
// flipped card's front, one on the next card's back) and race to make the
// winning gesture, or to clap on a snap. Mistakes cost two won cards. The
// Last One Loses mode turns the race around.
//
// The game is real time and stepped once per 60 Hz tick with that tick's
// frame of presses (State.Step). The judge is frame-accurate: a press
// counts on the tick it was polled, and the outcome depends only on tick
// numbers, never on the order of devices or seats within a tick; presses
// on the same tick are a dead heat, drawn by the game's public seeded
// generator. Each card's CardRecord keeps every seat's first press, so a
// scene can show a photo finish.
//
// State holds only what every player may know. The deck's order and the
// pauses before automatic flips belong to a Dealer, which only the host of
// a network match holds: it deals each flip as a deal in the frame of the
// flip's tick (rulesets.Frame.Deal: the card, and the back of the card
// left on top), and every peer's State checks the deal against the rules
// — the flip is due, the card may be the top one, the back may be the next
// one's — and refuses any other (EventRefused), changing nothing. So no
// peer but the host knows a card or a flip tick before the host sends the
// deal, the input delay before the flip. A local game's State (New) holds
// its own Dealer and deals itself; a network peer's (NewPublic) holds none.
// In winner flips the flipper's press asks for the card, and the dealer
// deals it on its next input tick (at once in a local game).
//
// Program rules beyond the rulebook, each a Config setting (see
// DefaultConfig): the automatic flip after a secret 40–90 tick pause or
// winner flips; false starts; one try per card; mashing; dead heats; the
// 300-tick timeout; the end at one card; the sudden-death decider; and a
// 30-tick late window after each decision in which presses on the decided
// card are recorded for the photo finish, a correct one not penalised and
// a wrong one a mistake. In Last One Loses a false start (or a wrong late
// press) takes the next card flipped.
//
// State is a plain value without pointers, slices or maps: a rollback saves
// and restores it by assignment. Its events are kept inside it, for the
// last Step only. Positions and the rules tool's tick scripts have a JSON
// form documented in FORMAT.md. Reflex bots (Bot) play from a seat's View
// as a model of a person's choice reaction time: seeded ex-Gaussian
// reactions that are slower on two-step cards, mistakes likelier on
// hurried answers, rare false starts and mashes, late presses and slowing
// after a mistake; five levels from Novice to Expert, and Adaptive, which
// paces itself on the people's reactions in the photo finish.
//
// A game is recorded for package replay by a Recorder: the public frames
// only, so a replay holds no undealt card. Verify re-runs one against its
// checkpoints (ReplayGame is the hook the catalog carries), a Timeline
// seeks in it, and Finishes lists its photo finishes card by card.
package slam
