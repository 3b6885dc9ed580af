package thatsmine

// View is what one seat may know: its own hand and choice, and everything
// public — token counts, supply and kitty, who has chosen, the cards
// revealed this deal and the last round's reveal. It holds nothing about
// other hands, the face-down cards or the generator.
type View struct {
	Seat     int
	Players  int
	Target   int
	Round    int
	Deal     int
	Hand     CardSet // the seat's hand, its play card excluded
	HandSize int     // cards every player holds, play cards included (equal for all)
	FaceDown int     // face-down undealt cards (their number is public)
	Discard  CardSet // play cards revealed this deal
	Tokens   [MaxPlayers]int
	Supply   int
	Kitty    int
	Chosen   [MaxPlayers]bool
	Choice   Action // the seat's own choice, once Chosen[Seat]
	Last     Reveal
	Over     bool
	Winners  SeatSet
}

// View returns seat's view of the game.
func (s *State) View(seat int) View {
	v := View{
		Seat: seat, Players: s.players, Target: s.setup.Target, Round: s.round, Deal: s.deal,
		FaceDown: s.faceDown.Len(), Discard: s.discard, Tokens: s.tokens, Supply: s.supply,
		Kitty: s.kitty, Chosen: s.chosen, Last: s.last, Over: s.over, Winners: s.winners,
	}
	if seat >= 0 && seat < s.players {
		v.Hand = s.hands[seat]
		v.HandSize = v.Hand.Len()
		if s.chosen[seat] {
			v.Choice = Action{Card: s.play[seat], Wager: s.wager[seat]}
			v.HandSize++
		}
	}
	return v
}

// Unseen returns the cards the seat cannot see: other players' hands and
// play cards, and the face-down pile.
func (v *View) Unseen() CardSet {
	return AllCards &^ v.Hand &^ v.Choice.Card.set() &^ v.Discard
}
