package elevensuits

// pile is an ordered stack of cards held by value, so a State copies
// without allocating. Index 0 is the top of the deck or the first card of a
// hand or graveyard.
type pile struct {
	c [NumCards]Card
	n int8
}

func (p *pile) len() int       { return int(p.n) }
func (p *pile) cards() []Card  { return p.c[:p.n] }
func (p *pile) at(i int) Card  { return p.c[i] }
func (p *pile) push(c Card)    { p.c[p.n] = c; p.n++ }
func (p *pile) popFront() Card { return p.removeAt(0) }

// removeAt takes out the card at i, keeping the order of the rest.
func (p *pile) removeAt(i int) Card {
	c := p.c[i]
	copy(p.c[i:p.n], p.c[i+1:p.n])
	p.n--
	p.c[p.n] = 0
	return c
}

// index returns the position of c, or -1.
func (p *pile) index(c Card) int {
	for i := 0; i < int(p.n); i++ {
		if p.c[i] == c {
			return i
		}
	}
	return -1
}

func (p *pile) has(c Card) bool { return p.index(c) >= 0 }
