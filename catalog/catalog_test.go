package catalog

import (
	"io"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jankenarcade/janken/headless"
	"github.com/jankenarcade/janken/scenes"
	"github.com/jankenarcade/janken/scenes/netlobby"
	"github.com/jankenarcade/janken/sprites"
)

// tool is a headless tool that does nothing.
type tool struct{}

func (tool) Rules(string, string, io.Writer) error               { return nil }
func (tool) Sim(headless.SimOptions, io.Writer, io.Writer) error { return nil }

// game returns a complete game named name, playable over the network.
func game(name string) Game {
	return Game{
		Entry:   scenes.Entry{Name: name, Title: strings.ToUpper(name), Open: func(*scenes.Director) scenes.Scene { return nil }},
		Network: netlobby.Config{Title: strings.ToUpper(name), Start: func(*scenes.Context, netlobby.Match) error { return nil }},
		Tool:    tool{},
		Deck:    sprites.Deck{Name: name},
	}
}

func TestListDerivesEveryPart(t *testing.T) {
	offline := game("offline")
	offline.Network, offline.Tool = netlobby.Config{}, nil
	l := List{game("one"), offline, game("two")}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	var entries []string
	for _, e := range l.Entries() {
		entries = append(entries, e.Name)
	}
	if want := []string{"one", "offline", "two"}; !slices.Equal(entries, want) {
		t.Errorf("entries %v, want %v", entries, want)
	}
	web := fstest.MapFS{"index.html": {}}
	var networked []string
	for _, cfg := range l.Networked(web) {
		networked = append(networked, cfg.Title)
		if cfg.WebBuild == nil {
			t.Errorf("%s's lobby does not serve the web build", cfg.Title)
		}
	}
	if want := []string{"ONE", "TWO"}; !slices.Equal(networked, want) {
		t.Errorf("networked %v, want %v", networked, want)
	}
	if l[0].Network.WebBuild != nil {
		t.Error("Networked changed the list's own config")
	}
	if names := l.ToolNames(); !slices.Equal(names, []string{"one", "two"}) {
		t.Errorf("tool names %v", names)
	}
	if tools := l.Tools(); len(tools) != 2 || tools["one"] == nil || tools["two"] == nil {
		t.Errorf("tools %v", tools)
	}
}

func TestCheckFindsEveryMistake(t *testing.T) {
	unnamed := game("")
	noOpen := game("closed")
	noOpen.Open = nil
	misnamedDeck := game("deck")
	misnamedDeck.Deck.Name = "other"
	misnamedLobby := game("lobby")
	misnamedLobby.Network.Title = "Other"
	tests := []struct {
		name string
		list List
		want string
	}{
		{"no name", List{unnamed}, "lacks a name"},
		{"no first scene", List{noOpen}, "lacks a name, a title or a first scene"},
		{"twice", List{game("a"), game("a")}, `two games are named "a"`},
		{"deck", List{misnamedDeck}, `deck's deck is named "other"`},
		{"lobby", List{misnamedLobby}, `lobby's network lobby is titled "Other"`},
	}
	for _, tt := range tests {
		err := tt.list.Check()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Check says %v, want %q", tt.name, err, tt.want)
		}
	}
}
