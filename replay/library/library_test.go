package library

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jankenarcade/janken/replay"
)

// match returns a small replay of a match started i minutes into a day.
func match(i int) *replay.Replay {
	return &replay.Replay{
		Header: replay.Header{Game: "ninjan", Rules: "ninjan/1", Viewer: replay.WholeGame,
			Date: time.Date(2026, 11, 24, 0, i, 0, 0, time.UTC)},
		Steps: []replay.Step{{At: 0, Seat: 0, Data: []byte(fmt.Sprintf(`{"i":%d}`, i))}},
	}
}

func TestSaveKeepsTheLast(t *testing.T) {
	l := At(testStore(t))
	for i := range Keep + 2 {
		if _, err := l.Save(match(i)); err != nil {
			t.Fatalf("save %d: %v", i, err)
		}
	}
	list, err := l.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != Keep {
		t.Fatalf("%d replays kept, want %d", len(list), Keep)
	}
	if newest, oldest := list[0].Header.Date.Minute(), list[Keep-1].Header.Date.Minute(); newest != Keep+1 || oldest != 2 {
		t.Errorf("kept minutes %d down to %d, want %d down to 2", newest, oldest, Keep+1)
	}
	r, err := l.Load(list[0].Name)
	if err != nil || string(r.Steps[0].Data) != fmt.Sprintf(`{"i":%d}`, Keep+1) {
		t.Errorf("Load = %+v, %v", r, err)
	}
}

func TestSameMomentGetsAnotherName(t *testing.T) {
	l := At(testStore(t))
	a, errA := l.Save(match(1))
	b, errB := l.Save(match(1))
	if errA != nil || errB != nil || a == b || !strings.HasSuffix(b, "-2"+Ext) {
		t.Errorf("saved as %q, %v and %q, %v", a, errA, b, errB)
	}
}

func TestListLeavesOutWhatDoesNotRead(t *testing.T) {
	s := testStore(t)
	l := At(s)
	name, err := l.Save(match(1))
	if err != nil {
		t.Fatal(err)
	}
	whole, err := replay.Encode(match(0))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.WriteFile("replay-20000101-000000.000-ninjan.jrp", whole[:len(whole)-1]); err != nil {
		t.Fatal(err)
	}
	list, err := l.List()
	if err != nil || len(list) != 1 || list[0].Name != name {
		t.Errorf("List = %+v, %v; want only %s", list, err, name)
	}
	if _, err := l.Load("replay-20000101-000000.000-ninjan.jrp"); !errors.Is(err, replay.ErrTruncated) {
		t.Errorf("loading the damaged one: %v", err)
	}
}
