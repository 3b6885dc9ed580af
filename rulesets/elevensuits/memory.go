package elevensuits

// memory is what a bot recalls of the cards it has seen, modelled on a
// person's: the chance to recall a card falls with the turns since it was
// last seen and with how many cards were seen since (hyperbolic decay, the
// usual shape of a forgetting curve), a card seen in the last exchange is
// recalled best, and a lapse sticks until the card is seen again.
//
// Each sighting draws the card a threshold from the bot's seed; the card
// is recalled while its recall strength stays above the threshold. The
// strength only falls until the next sighting, so the recall rate at each
// age is the curve's and a forgotten card stays forgotten.
//
// A bot sees the table only at its own decisions, so memory dates what
// happened in between from how the cards moved (see played). A card
// played and drawn back into the same hand between two decisions (the
// deck nearly empty) seems not to have moved, and so is not seen again.
type memory struct {
	curve     curve
	seed      uint64
	sightings int32 // cards seen so far, each sighting counted
	turn      int32 // the turn of the last view noted
	cards     [NumCards]trace
}

// curve is one level's forgetting curve: the recall strength, in
// thousandths, of a card seen age turns ago with n cards seen since is
// first * ageHalf*seenHalf / (ageHalf*seenHalf + age*seenHalf + n*ageHalf):
// first at the first decision after the sighting, half of that after
// ageHalf turns alone or seenHalf cards alone. The zero curve is a perfect
// memory.
type curve struct {
	first, ageHalf, seenHalf int32
}

// strength returns the curve's recall strength, in thousandths, for a
// card seen age turns ago with n cards seen since.
func (c curve) strength(age, n int32) int32 {
	h := c.ageHalf * c.seenHalf
	return c.first * h / (h + age*c.seenHalf + n*c.ageHalf)
}

// trace is what memory keeps of one card.
type trace struct {
	noted bool  // the card was seen
	up    bool  // its face showed at the last view noted
	turn  int32 // the turn it was last seen (a face up is seen at every view)
	since int32 // memory's sightings once that view was noted
	luck  int32 // recalled while the strength is above this (0 to 999)
	at    spot  // where it lay at the last view noted
}

// spot is where a card lies, as far as memory follows it.
type spot struct {
	where int8 // placeHand, placeGrave, placeDeck, placeRemoved or placeAttack
	seat  int8 // the hand's or graveyard's owner, or the attacker
	i     int8 // the place in the deck
}

// perfect reports whether the memory never forgets.
func (m *memory) perfect() bool { return m.curve.first == 0 }

// note records what v shows: cards known for the first time, faces turned
// up, and known cards played since the last view noted. Every one of
// them is a sighting, dated v.Turn. A view from an earlier turn than the
// last is a new game's, and memory starts it empty.
func (m *memory) note(v *View) {
	if int32(v.Turn) < m.turn { // a new game: start afresh
		m.sightings, m.cards = 0, [NumCards]trace{}
	}
	m.turn = int32(v.Turn)
	var seen uint64
	visit := func(sl Slot, at spot) {
		if sl.Card == NoCard {
			return
		}
		t := &m.cards[sl.Card]
		shown := !t.noted || sl.Up && !t.up || played(t.at, at, v)
		if shown {
			m.sight(sl.Card)
			seen |= 1 << sl.Card
		}
		if shown || sl.Up {
			t.turn = int32(v.Turn)
		}
		t.up, t.at = sl.Up, at
	}
	for p := range v.Config.Players {
		for _, sl := range v.Hand(p) {
			visit(sl, spot{where: placeHand, seat: int8(p)})
		}
		for _, sl := range v.Grave(p) {
			visit(sl, spot{where: placeGrave, seat: int8(p)})
		}
	}
	for i, sl := range v.DeckSlots() {
		visit(sl, spot{placeDeck, 0, int8(i)})
	}
	for _, sl := range v.RemovedSlots() {
		visit(sl, spot{where: placeRemoved})
	}
	visit(v.Attack, spot{where: placeAttack, seat: int8(max(v.Attacker, 0))})
	for c := range m.cards {
		if seen&(1<<c) != 0 {
			m.cards[c].since = m.sightings
		}
	}
}

// sight counts a sighting of card c, drawing it a new threshold; the
// caller dates it.
func (m *memory) sight(c Card) {
	m.sightings++
	m.cards[c] = trace{noted: true, luck: m.threshold(c), since: m.sightings}
}

// peeked records that the bot looked at card c at turn: a sighting the
// view cannot show when the card was known already.
func (m *memory) peeked(c Card, turn int) {
	if m.perfect() || c == NoCard {
		return
	}
	at := m.cards[c].at
	m.sight(c)
	m.cards[c].turn, m.cards[c].at = int32(turn), at
}

// played reports whether a card that lay at from and now lies at to was
// shown in an exchange since. Cards go round from the deck's top to a
// hand, face up into an exchange, and then to the deck's bottom or a
// graveyard; only a player going out moves cards otherwise (its hand and
// graveyard to the deck's bottom, unseen). So a card was played if it came
// to a graveyard from elsewhere, went from a hand or the attack to the
// deck (its owner still in), went down the deck, or changed hands.
func played(from, to spot, v *View) bool {
	switch {
	case to.where == placeGrave:
		return from != to
	case to.where == placeDeck && (from.where == placeHand || from.where == placeAttack):
		return !v.Out[from.seat]
	case to.where == placeDeck && from.where == placeDeck:
		return to.i > from.i
	case to.where == placeHand && from.where == placeHand:
		return to.seat != from.seat
	}
	return false
}

// threshold draws card c's threshold for the sighting just counted, a
// hash of the seed, the card and the sighting's number.
func (m *memory) threshold(c Card) int32 {
	x := m.seed ^ uint64(c)*0x9e3779b97f4a7c15 ^ uint64(m.sightings)*0xbf58476d1ce4e5b9
	x ^= x >> 31
	x *= 0x94d049bb133111eb
	x ^= x >> 29
	return int32(x % 1000)
}

// recalls reports whether card c comes to mind at turn: it was seen and
// its strength is still above its threshold. Faces that show are not
// memory's business: the caller keeps them.
func (m *memory) recalls(c Card, turn int) bool {
	t := &m.cards[c]
	if !t.noted {
		return false
	}
	return t.luck < m.curve.strength(max(int32(turn)-t.turn, 0), m.sightings-t.since)
}

// blank notes v, then turns the cards the bot does not recall into
// unknown ones: faces that show are always kept.
func (m *memory) blank(v *View) {
	if m.perfect() {
		return
	}
	m.note(v)
	forget := func(sl *Slot) {
		if sl.Card != NoCard && !sl.Up && !m.recalls(sl.Card, v.Turn) {
			sl.Card = NoCard
		}
	}
	for p := range v.Config.Players {
		for i := range v.HandLen[p] {
			forget(&v.Hands[p][i])
		}
		for i := range v.GraveLen[p] {
			forget(&v.Graves[p][i])
		}
	}
	for i := range v.DeckLen {
		forget(&v.Deck[i])
	}
	forget(&v.Attack)
}
