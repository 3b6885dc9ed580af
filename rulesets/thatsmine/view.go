package thatsmine

// View is what one seat may know: its own hand and choice, and everything
// public — token counts, supply and kitty, who has chosen, the cards
// revealed this deal and the last round's reveal. It holds nothing about
// other hands, the face-down cards or the generator. *View implements
// rulesets.View[View, Action]; Seat -1 is the public view.
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
	Ended    bool    `json:"Over"`
	Won      SeatSet `json:"Winners"` // the winners, once Ended
}

// View returns seat's view of the game (seat -1: the public view).
func (s *State) View(seat int) View {
	v := View{
		Seat: seat, Players: s.players, Target: s.setup.Target, Round: s.round, Deal: s.deal,
		HandSize: s.hands[0].Len(), FaceDown: s.faceDown.Len(), Discard: s.discard, Tokens: s.tokens,
		Supply: s.supply, Kitty: s.kitty, Chosen: s.chosen, Last: s.last, Ended: s.over, Won: s.winners,
	}
	if s.chosen[0] {
		v.HandSize++
	}
	if seat >= 0 && seat < s.players {
		v.Hand = s.hands[seat]
		if s.chosen[seat] {
			v.Choice = Action{Card: s.play[seat], Wager: s.wager[seat]}
		}
	}
	return v
}

// Viewer returns the seat the view is for, -1 for the public view.
func (v *View) Viewer() int { return v.Seat }

// Seats returns the number of players.
func (v *View) Seats() int { return v.Players }

// Over reports whether the game has ended.
func (v *View) Over() bool { return v.Ended }

// ToAct appends the seats that have not yet chosen this round.
func (v *View) ToAct(dst []int) []int {
	if v.Ended {
		return dst
	}
	return unchosen(dst, v.Players, &v.Chosen)
}

// Legal appends every (card, wager) pair the viewer may choose now.
func (v *View) Legal(dst []Action) []Action {
	if v.Ended || v.Seat < 0 || v.Seat >= v.Players || v.Chosen[v.Seat] {
		return dst
	}
	return choices(dst, v.Hand, v.Tokens[v.Seat])
}

// Scores appends each seat's tokens.
func (v *View) Scores(dst []int) []int { return append(dst, v.Tokens[:v.Players]...) }

// Winners appends the winning seats once the game is over.
func (v *View) Winners(dst []int) []int { return v.Won.appendTo(dst, v.Players) }

// Public returns the view without the viewer's hand and choice, as seat's.
func (v *View) Public(seat int) View {
	p := *v
	p.Seat, p.Hand, p.Choice = seat, 0, Action{}
	return p
}

// Assume records seat's choice a, not yet answered: seat has chosen, and
// if it is the viewer, a is its choice and the card has left its hand.
func (v *View) Assume(seat int, a Action) {
	if seat < 0 || seat >= v.Players {
		return
	}
	v.Chosen[seat] = true
	if seat == v.Seat {
		v.Choice = a
		v.Hand &^= a.Card.set()
	}
}

// Unseen returns the cards the seat cannot see: other players' hands and
// play cards, and the face-down pile.
func (v *View) Unseen() CardSet {
	return AllCards &^ v.Hand &^ v.Choice.Card.set() &^ v.Discard
}
