package slam

import (
	"fmt"
	"maps"
	"testing"

	"github.com/jankenarcade/janken/rulesets"
)

// hostGame is a network game as its host runs it: the public state every
// peer simulates and the dealer, whose deal for a tick is made lag ticks
// before it (the input delay: what a peer receives that early, it knows
// that early).
type hostGame struct {
	s     State
	d     Dealer
	lag   int64
	deals map[int64]uint32 // by the tick they take effect on
}

func newHostGame(t testing.TB, cfg Config, secret uint64, lag int64) *hostGame {
	t.Helper()
	s, err := NewPublic(cfg, PublicSeed(secret))
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDealer(cfg, secret)
	if err != nil {
		t.Fatal(err)
	}
	return &hostGame{s: s, d: d, lag: lag, deals: map[int64]uint32{}}
}

// step deals for the tick lag ticks ahead, then steps the tick with f and
// the deal made for it.
func (h *hostGame) step(f *rulesets.Frame) {
	at := h.s.Tick() + h.lag
	if d := h.d.Deal(&h.s, at); d != 0 {
		h.deals[at] = d
	}
	f.Deal = h.deals[h.s.Tick()]
	h.s.Step(f)
}

// botFrame returns the bots' presses on s's coming tick.
func botFrame(s *State, bots []Bot) rulesets.Frame {
	f := rulesets.Frame{Tick: s.Tick()}
	for i := range bots {
		bots[i].Act(s, &f)
	}
	return f
}

func newBots(n int, seed uint64) []Bot {
	bots := make([]Bot, n)
	for i := range bots {
		bots[i] = NewBot(i, Difficulty(1+i%3), seed)
	}
	return bots
}

// TestDealtGameMatchesLocalGame: a public state fed by a separate dealer
// with no input delay plays exactly the game New plays for the same seed,
// event for event: the split changed where the secrets live, not the rules.
func TestDealtGameMatchesLocalGame(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		cfg := DefaultConfig(2 + int(seed)%5)
		cfg.Mode = Mode(seed % 2)
		local, err := New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		host := newHostGame(t, cfg, seed, 0)
		lb, hb := newBots(cfg.Players, seed), newBots(cfg.Players, seed)
		for !local.Over() && local.Tick() < 40000 {
			lf, hf := botFrame(&local, lb), botFrame(&host.s, hb)
			local.Step(&lf)
			host.step(&hf)
			if le, he := fmt.Sprint(local.Events()), fmt.Sprint(host.s.Events()); le != he {
				t.Fatalf("seed %d tick %d: local events %s, dealt %s", seed, local.Tick()-1, le, he)
			}
			if err := host.s.Check(); err != nil {
				t.Fatalf("seed %d tick %d: %v", seed, host.s.Tick()-1, err)
			}
		}
		if !host.s.Over() || fmt.Sprint(local.Scores(nil)) != fmt.Sprint(host.s.Scores(nil)) {
			t.Errorf("seed %d: local scores %v, dealt %v (over: %v)", seed, local.Scores(nil), host.s.Scores(nil), host.s.Over())
		}
	}
}

// TestDealsWithInputDelay: with every input delay a session may choose, in
// both modes and with winner flips, the dealt game is played to its end, no
// deal is refused, and every flip comes no sooner than the rules allow.
func TestDealsWithInputDelay(t *testing.T) {
	for _, lag := range []int64{1, 2, 6} {
		for _, winner := range []bool{false, true} {
			for _, mode := range []Mode{Classic, LastOneLoses} {
				cfg := DefaultConfig(4)
				cfg.Mode, cfg.WinnerFlips = mode, winner
				h := newHostGame(t, cfg, 77+uint64(lag), lag)
				bots := newBots(4, 5)
				flips := 0
				for !h.s.Over() && h.s.Tick() < 60000 {
					waitFrom := h.s.WaitFrom()
					f := botFrame(&h.s, bots)
					h.step(&f)
					for _, e := range h.s.Events() {
						switch {
						case e.Kind == EventRefused:
							t.Fatalf("lag %d winner %v %v tick %d: a deal was refused", lag, winner, mode, e.Tick)
						case e.Kind == EventFlip && !winner && e.Tick < waitFrom+int64(cfg.FlipDelayMin):
							t.Fatalf("lag %d %v: flip on tick %d, the wait began on %d", lag, mode, e.Tick, waitFrom)
						case e.Kind == EventFlip:
							flips++
						}
					}
					if err := h.s.Check(); err != nil {
						t.Fatalf("lag %d winner %v %v tick %d: %v", lag, winner, mode, h.s.Tick()-1, err)
					}
				}
				if !h.s.Over() || flips < DeckSize-cfg.EndAt {
					t.Errorf("lag %d winner %v %v: over %v after %d flips", lag, winner, mode, h.s.Over(), flips)
				}
			}
		}
	}
}

// TestAttack_ForgedDealIsRefused: a deal the rules do not allow — too soon,
// a card that cannot be on top, a next back no hidden card has, a flip with
// a card up, a flip nobody asked for, a value no dealer writes — changes
// nothing but an EventRefused, the same on every peer.
func TestAttack_ForgedDealIsRefused(t *testing.T) {
	cfg := DefaultConfig(3)
	waiting := newHostGame(t, cfg, 9, 0)
	for waiting.s.TopBack() == NoBack { // the reveal on tick 0
		waiting.step(&rulesets.Frame{})
	}
	top := waiting.d.order[0]
	twin := Card((int(top)/9+1)%6*9 + int(top)%9) // same back, another front
	next := waiting.d.order[1].Back()
	var noNext Back // a back no hidden card other than top has, if any
	for noNext = 0; noNext < 9 && waiting.s.unseenWith(noNext, top); noNext++ {
	}
	racing := newHostGame(t, cfg, 9, 0)
	for racing.s.Phase() != PhaseRacing {
		racing.step(&rulesets.Frame{})
	}
	mid, out, midNext := midGameDue(t, cfg)
	early := waiting.s // a copy, stepped on to one tick before the flip may come
	for early.Tick() < int64(cfg.FlipDelayMin)-1 {
		early.Step(&rulesets.Frame{})
	}
	due := early
	due.Step(&rulesets.Frame{})
	wcfg := cfg
	wcfg.WinnerFlips = true
	unasked := newHostGame(t, wcfg, 9, 0)
	for unasked.s.Tick() < 200 {
		unasked.step(&rulesets.Frame{})
	}
	otherBack := Back((int(top.Back()) + 1) % 9)
	otherCard := Card(0)
	for otherCard.Back() == top.Back() || waiting.s.unseen&(1<<otherCard) == 0 {
		otherCard++
	}
	type forgery struct {
		name string
		s    State
		deal uint32
	}
	tests := []forgery{
		{"flip before the pause", early, FlipDeal(top, next)},
		{"flip of a card whose back is not the one shown", due, FlipDeal(otherCard, next)},
		{"flip of a card already out, with the back shown", mid, FlipDeal(out, midNext)},
		{"reveal once the back is shown", due, RevealDeal(otherBack)},
		{"flip with a card up", racing.s, FlipDeal(twin, next)},
		{"flip nobody asked for (winner flips)", unasked.s, FlipDeal(unasked.d.order[0], unasked.d.order[1].Back())},
		{"card 54", due, FlipDeal(DeckSize, next)},
		{"back 9", due, FlipDeal(top, 9)},
		{"high bits", due, FlipDeal(top, next) | 1<<20},
		{"all ones", due, 0xffffffff},
	}
	if noNext < 9 { // else every back is still possible
		tests = append(tests, forgery{"next back no hidden card has", due, FlipDeal(top, noNext)})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plain, dealt := tt.s, tt.s
			plain.Step(&rulesets.Frame{Tick: plain.Tick()})
			dealt.Step(&rulesets.Frame{Tick: dealt.Tick(), Deal: tt.deal})
			if plain.Hash() != dealt.Hash() {
				t.Errorf("deal %#x changed the game", tt.deal)
			}
			if ev := find(dealt.Events(), EventRefused); len(ev) != 1 {
				t.Errorf("events %v, want one refused deal", dealt.Events())
			}
		})
	}
	// The deal the dealer makes is accepted where the forgeries were not.
	ok := due
	ok.Step(&rulesets.Frame{Deal: FlipDeal(top, next)})
	if ok.Phase() != PhaseRacing || ok.Card().Card != top || len(find(ok.Events(), EventRefused)) != 0 {
		t.Errorf("the honest deal was not taken: %v %v", ok.Phase(), ok.Events())
	}
	twinDeal := due
	twinDeal.Step(&rulesets.Frame{Deal: FlipDeal(twin, next)})
	if twinDeal.Phase() != PhaseRacing {
		t.Errorf("a hidden card with the shown back was refused: the public state cannot tell it from the top")
	}
}

// midGameDue plays a bot game to a moment when a flip may come and a card
// out of the hidden deck (won, or known under it) has the back shown on
// top; it returns that state, the card and the true next back.
func midGameDue(t *testing.T, cfg Config) (State, Card, Back) {
	t.Helper()
	h := newHostGame(t, cfg, 9, 0)
	bots := newBots(cfg.Players, 4)
	for !h.s.Over() {
		s := &h.s
		if s.Phase() == PhaseWaiting && s.Tick() >= s.WaitFrom()+int64(cfg.FlipDelayMin) && s.hidden > 1 && s.hidden < 40 {
			for c := range Card(DeckSize) {
				if s.unseen&(1<<c) == 0 && c.Back() == s.TopBack() {
					return *s, c, h.d.order[int(h.d.n)-int(s.hidden)+1].Back()
				}
			}
		}
		f := botFrame(s, bots)
		h.step(&f)
	}
	t.Fatal("no card out with the top's back while a flip was due")
	return State{}, NoCard, NoBack
}

// TestAttack_ClientKnowledgeCannotNameNextFlip: everything a peer other
// than the host receives — the start settings (config, public seed), every
// confirmed frame and the host's deals as early as the input delay sends
// them — is the same in two games whose next card (another front, the same
// back, as the rules show it) and next flip tick differ, until the input
// delay before the flip. So no client can name either any sooner, however
// it computes. Checked at many moments of bot games, for every delay.
func TestAttack_ClientKnowledgeCannotNameNextFlip(t *testing.T) {
	for _, lag := range []int64{1, 2, 6} {
		cfg := DefaultConfig(3)
		h := newHostGame(t, cfg, 31+uint64(lag), lag)
		bots := newBots(3, 8)
		checked := 0
		for !h.s.Over() && h.s.Tick() < 20000 {
			f := botFrame(&h.s, bots)
			h.step(&f)
			decided := len(find(h.s.Events(), EventWon))+len(find(h.s.Events(), EventTimeout))+len(find(h.s.Events(), EventVoid)) > 0
			if h.s.Phase() != PhaseWaiting || h.s.hidden < 3 || !decided {
				continue
			}
			// Just decided: fork the world. The twin's dealer has another
			// next card with the same back and a later pause.
			twin := *h
			twin.deals = maps.Clone(h.deals)
			if !swapNextForTwin(&twin.d, &twin.s) {
				continue
			}
			flips := forkUntilFlip(t, h, &twin)
			checked++
			if flips.a == flips.b {
				t.Fatalf("lag %d: the twin game flipped the same way: %+v", lag, flips)
			}
			if first := flips.knownAt; first < min(flips.a.tick, flips.b.tick)-lag {
				t.Fatalf("lag %d: a client could tell the games apart on tick %d, %d ticks before the flip %+v",
					lag, first, min(flips.a.tick, flips.b.tick)-first, flips)
			}
		}
		if checked < 10 {
			t.Errorf("lag %d: only %d flips checked", lag, checked)
		}
	}
}

// swapNextForTwin changes d's next hidden card for another of the same
// back and pushes its pause later; false if no such twin is hidden.
func swapNextForTwin(d *Dealer, s *State) bool {
	first := int(d.n) - int(s.hidden)
	top := d.order[first]
	for j := first + 1; j < int(d.n); j++ {
		if c := d.order[j]; c.Back() == top.Back() {
			d.order[first], d.order[j] = c, top
			d.schedule(s.waitFrom)
			if d.due < s.waitFrom+int64(d.delayMax) {
				d.due++
			}
			return true
		}
	}
	return false
}

type flipSeen struct {
	card Card
	tick int64
}

type forkResult struct {
	a, b    flipSeen
	knownAt int64 // the first tick on which a client's knowledge differs
}

// forkUntilFlip steps both games without presses until both flipped and
// reports when a client could first tell them apart: the first tick whose
// public state differs, or on which the host sends a different deal (a
// deal for tick u is sent on tick u-lag).
func forkUntilFlip(t *testing.T, a, b *hostGame) forkResult {
	t.Helper()
	r := forkResult{knownAt: -1}
	for r.a.tick == 0 || r.b.tick == 0 {
		tick := a.s.Tick()
		for _, g := range []*hostGame{a, b} {
			g.step(&rulesets.Frame{})
		}
		if r.knownAt < 0 && (a.s.Hash() != b.s.Hash() || a.deals[tick+a.lag] != b.deals[tick+b.lag]) {
			r.knownAt = tick
			if a.s.Hash() != b.s.Hash() {
				r.knownAt = tick + 1
			}
		}
		for i, g := range []*hostGame{a, b} {
			if len(find(g.s.Events(), EventFlip)) > 0 && []*flipSeen{&r.a, &r.b}[i].tick == 0 {
				*[]*flipSeen{&r.a, &r.b}[i] = flipSeen{g.s.Card().Card, tick}
			}
		}
		if tick > a.s.WaitFrom()+1000 {
			t.Fatalf("no flip by tick %d", tick)
		}
	}
	return r
}

// TestJSONRoundTripPublicState: a network peer's state (what a desync
// dump writes) survives Encode and Decode, without a dealer, and plays on
// identically with the host's deals.
func TestJSONRoundTripPublicState(t *testing.T) {
	h := newHostGame(t, DefaultConfig(4), 12, 2)
	bots := newBots(4, 6)
	allKnown := 0 // stops with no hidden card left
	for stop := int64(1); !h.s.Over(); stop += 97 {
		for h.s.Tick() < stop && !h.s.Over() {
			f := botFrame(&h.s, bots)
			h.step(&f)
		}
		data, err := Encode(&h.s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(data)
		if err != nil {
			t.Fatalf("tick %d: %v\n%s", h.s.Tick(), err, data)
		}
		if back.Hash() != h.s.Hash() || back.Dealing() {
			t.Fatalf("tick %d: the round trip changed the state (dealing %v)\n%s", h.s.Tick(), back.Dealing(), data)
		}
		a := *h
		a.deals = maps.Clone(h.deals)
		ab := append([]Bot(nil), bots...)
		for range 300 {
			f := botFrame(&a.s, ab)
			a.step(&f)
			f.Deal = a.deals[back.Tick()]
			back.Step(&f)
		}
		if a.s.Hash() != back.Hash() {
			t.Fatalf("tick %d: the decoded copy plays differently", h.s.Tick())
		}
		if h.s.hidden == 0 {
			allKnown++
		}
	}
	if allKnown == 0 {
		t.Error("no stop came after the last hidden card flipped")
	}
}
