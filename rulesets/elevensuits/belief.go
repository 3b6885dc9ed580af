package elevensuits

// Belief-weighted re-deals: a re-deal in which the attacker's face-down
// card is not what the bot's model of the other players (the playout
// policy) would have attacked with is less likely than one in which it
// is, so the search keeps it only as often as the model's noise explains
// it. This is weighted determinisation by rejection: the model puts
// 100-beliefNoise percent on its choice and spreads beliefNoise percent
// evenly over the hand, so a re-deal the choice contradicts is kept with
// the ratio of the two chances.

// beliefNoise is the percent of attacks the model leaves to chance: more
// than the playouts' noise, since real players (a random one, a person)
// follow the policy less closely than the playouts do.
const beliefNoise = 40

// beliefTries bounds the re-deals drawn for one sample; the last is kept
// whatever it shows.
const beliefTries = 16

// dealBelieved writes into g a re-deal of what v's seat cannot see: if the
// bot believes and cannot name the attacking card it answers, drawn in
// proportion to how well the re-deal explains that attack, else uniformly.
func (b *Bot) dealBelieved(g *State, v *View) {
	if !b.style.believe || v.Phase != PhaseDefend || v.Attack.Card != NoCard {
		b.sm.deal(g, &b.rng)
		return
	}
	for try := 1; ; try++ {
		b.sm.deal(g, &b.rng)
		if try == beliefTries || b.explains(g) {
			return
		}
	}
}

// explains reports whether re-deal g, in which the bot answers an
// attack, is kept: always if the model would have attacked with the
// card's symbol from the attacker's hand in g, else with the chances'
// ratio.
func (b *Bot) explains(g *State) bool {
	if b.modelAttack(g).Symbol() == g.attack.Symbol() {
		return true
	}
	n := g.hands[g.attacker].len() + 1
	return b.rng.IntN(n*(100-beliefNoise)+beliefNoise) < beliefNoise
}

// modelAttack returns the card the model would have attacked with in g,
// a position in which the attack lies face down: the one-ply choice of
// the attacker from its hand and the attacking card, on its knowledge.
func (b *Bot) modelAttack(g *State) Card {
	card, h := g.attack, &g.hands[g.attacker]
	h.push(card) // back to the moment of the attack
	g.attack, g.phase = NoCard, PhaseAttack
	b.m.fromState(g, int(g.attacker))
	pick := h.at(b.m.greedyAttack(int(g.target), true))
	h.removeAt(h.len() - 1)
	g.attack, g.phase = card, PhaseDefend
	return pick
}
