// Package settings holds the player's preferences (volume, fullscreen,
// colour-blind palette, reduced motion, UI scale, the player's name on
// the network, the folder replays were last exported to) and keeps them as a small versioned JSON file through
// package persist.
//
// Loading never fails: a missing file gives the defaults, and an unreadable,
// corrupt or unknown-version file is kept aside as "settings.json.bak" while
// the defaults load, with a one-line notice for the UI to show.
package settings

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jankenarcade/janken/drawable"
	"github.com/jankenarcade/janken/persist"
)

// FileName is the name of the settings file in its store.
const FileName = "settings.json"

// Version is the version of the JSON form this program writes. Files of any
// other version are set aside rather than guessed at.
const Version = 1

// Limits of the numeric settings.
const (
	MinVolume, MaxVolume   = 0, 100
	MinUIScale, MaxUIScale = 80, 150 // percent
	UIScaleStep            = 10
	// A player's name is at most MaxNameRunes characters and
	// MaxNameBytes bytes of UTF-8: what a network lobby sends whole.
	MaxNameRunes, MaxNameBytes = 16, 32
)

// Palette is the set of colours the game draws symbols and seats with.
type Palette string

// The palettes.
const (
	// Standard is the game's own palette.
	Standard Palette = "standard"
	// ColourBlind is the Okabe–Ito palette, told apart by viewers with
	// any of the common colour-vision deficiencies; symbols also keep
	// their distinct shapes.
	ColourBlind Palette = "colour-blind"
)

// Palettes lists the palettes in the order the settings screen cycles
// through them.
var Palettes = [...]Palette{Standard, ColourBlind}

// Settings is the player's preferences. The zero value is not the
// defaults: use Defaults.
type Settings struct {
	Version       int     `json:"version"`
	Volume        int     `json:"volume"` // 0 (mute) to 100
	Fullscreen    bool    `json:"fullscreen"`
	Palette       Palette `json:"palette"`
	ReducedMotion bool    `json:"reducedMotion"`
	UIScale       int     `json:"uiScale"` // percent, 80 to 150 in steps of 10
	// PlayerName is what this machine calls its players in a network
	// lobby; empty before the player chooses one (see ValidName).
	PlayerName string `json:"playerName,omitempty"`
	// ExportDir is the folder a replay was last exported to (desktop),
	// where the folder chooser opens next time; empty before the first.
	ExportDir string `json:"exportDir,omitempty"`
}

// Defaults returns the settings of a first start.
func Defaults() Settings {
	return Settings{Version: Version, Volume: 80, Palette: Standard, UIScale: 100}
}

// Validate reports the first setting out of its range.
func (s Settings) Validate() error {
	switch {
	case s.Version != Version:
		return fmt.Errorf("settings: version %d, this program reads version %d", s.Version, Version)
	case s.Volume < MinVolume || s.Volume > MaxVolume:
		return fmt.Errorf("settings: volume %d outside %d–%d", s.Volume, MinVolume, MaxVolume)
	case s.UIScale < MinUIScale || s.UIScale > MaxUIScale || s.UIScale%UIScaleStep != 0:
		return fmt.Errorf("settings: UI scale %d%% not a multiple of %d in %d–%d", s.UIScale, UIScaleStep, MinUIScale, MaxUIScale)
	case s.Palette != Standard && s.Palette != ColourBlind:
		return fmt.Errorf("settings: unknown palette %q", s.Palette)
	}
	if err := ValidName(s.PlayerName); err != nil {
		return fmt.Errorf("settings: player name: %w", err)
	}
	return nil
}

// ValidName reports why name cannot be a player's name, or nil if it can:
// empty (no name chosen), or valid UTF-8 of printable characters (no
// control or formatting characters, no line breaks) that every machine
// draws (drawable.Chars), without spaces around it, at most MaxNameRunes
// characters and MaxNameBytes bytes long.
func ValidName(name string) error {
	if !utf8.ValidString(name) {
		return fmt.Errorf("%q is not UTF-8", name)
	}
	if strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return fmt.Errorf("%q holds a character that is not printable", name)
	}
	if i := strings.IndexFunc(name, func(r rune) bool { return !drawable.Char(r) }); i >= 0 {
		r, _ := utf8.DecodeRuneInString(name[i:])
		return fmt.Errorf("%q holds %q, which the game cannot draw on every machine", name, r)
	}
	switch {
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("%q has spaces around it", name)
	case utf8.RuneCountInString(name) > MaxNameRunes || len(name) > MaxNameBytes:
		return fmt.Errorf("%q is longer than %d characters or %d bytes", name, MaxNameRunes, MaxNameBytes)
	}
	return nil
}

// Marshal returns the JSON form of s.
func (s Settings) Marshal() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("settings: encode: %w", err)
	}
	return append(b, '\n'), nil
}

// Unmarshal reads and validates the JSON form. Fields a file leaves out
// keep their default values.
func Unmarshal(data []byte) (Settings, error) {
	s := Defaults()
	s.Version = 0 // a file must say which version it is
	if err := json.Unmarshal(data, &s); err != nil {
		return Settings{}, fmt.Errorf("settings: decode: %w", err)
	}
	if err := s.Validate(); err != nil {
		return Settings{}, err
	}
	return s, nil
}

// Store is where settings are kept: a *persist.Store.
type Store = persist.Files

// Load reads the settings from st. It always returns usable settings: the
// defaults when the file is missing, and also, with a one-line notice for
// the player, when it cannot be read or is corrupt or of an unknown
// version, in which case the old file is kept as FileName+".bak".
func Load(st Store) (s Settings, notice string) {
	return persist.LoadOrDefault(st, FileName, Unmarshal, Defaults,
		persist.Notices{Subject: "Settings", Using: "defaults", Restored: "defaults"})
}

// Save writes s to st atomically.
func Save(st Store, s Settings) error {
	b, err := s.Marshal()
	if err != nil {
		return err
	}
	if err := st.WriteFile(FileName, b); err != nil {
		return fmt.Errorf("settings: save: %w", err)
	}
	return nil
}
