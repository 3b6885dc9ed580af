package scenes

import (
	"fmt"
	"image"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/textinput"
)

// TextField is one line of text the player types. On a keyboard it takes
// the characters the keyboard's layout makes (input.Source's
// AppendInputChars), Backspace deleting the last; on a touch-only device
// it opens the platform's own text input (Ebitengine's exp/textinput: in
// a phone's browser, a hidden text area whose focus raises the phone's
// keyboard), whose composition shows until it is committed. Either way
// Enter (a phone keyboard's Done) finishes and Esc cancels, and a
// gamepad's A finishes and its B or Start cancels, so that a player
// without a keyboard can leave the field.
//
// Start opens the field, Update reads it once a tick until it reports
// FieldDone or FieldCancel, and Close ends it early. Keep decides which
// characters the text may hold.
type TextField struct {
	// Keep reports whether r may be appended to text; a character it
	// refuses is left out (see Refused).
	Keep func(text string, r rune) bool

	text    string
	preedit string    // what the platform's input method composes, not yet typed
	refused rune      // the last character Keep refused, 0 for none
	ime     textInput // the platform's text input, nil on a keyboard
	open    bool
}

// FieldResult is what a TextField's Update reports.
type FieldResult uint8

const (
	FieldTyping FieldResult = iota // the player is still typing
	FieldDone                      // Enter, Done or a pad's A: the text is kept
	FieldCancel                    // Esc or a pad's B or Start: the text is dropped
)

// textInput is the platform's text input behind a field on a touch-only
// device: exp/textinput (composerInput) in the program, a script in
// tests (Director.textInput).
type textInput interface {
	// update keeps a session open on text, the caret at its end at caret
	// (in Ebitengine's layout pixels), and returns what the player did
	// since the last call. keep filters committed text as the field does.
	update(text string, caret image.Rectangle, keep func(string) string) (imeNews, error)
	// end ends the session, dropping what is being composed.
	end()
}

// imeNews is a tick's news from the platform's text input.
type imeNews struct {
	text    string // the field's text with what was committed
	preedit string // what is being composed after it
	closed  bool   // the player closed the keyboard, where the platform says so (an Android app; not a browser)
}

// Start opens the field on text. On a touch-only device (touch) it opens
// the platform's text input at once, caret as in Update: a browser
// raises the phone's keyboard when the tap that opened the field ends.
func (f *TextField) Start(ctx *Context, text string, touch bool, caret image.Rectangle) error {
	f.Close()
	f.text, f.preedit, f.refused, f.open = f.keep("", text), "", 0, true
	if !touch {
		return nil
	}
	f.ime = ctx.d.platformText()
	if _, err := f.ime.update(f.text, ctx.d.screenRect(caret), f.keepAll); err != nil {
		f.Close()
		return fmt.Errorf("scenes: open the text input: %w", err)
	}
	return nil
}

// Close ends the field, dropping what is being composed, and gives the
// keyboard back to the game.
func (f *TextField) Close() {
	if f.ime != nil {
		f.ime.end()
		f.ime = nil
	}
	f.open, f.preedit = false, ""
}

// Open reports whether the field is being typed in.
func (f *TextField) Open() bool { return f.open }

// Text returns the text typed, without what is being composed.
func (f *TextField) Text() string { return f.text }

// Preedit returns what the platform's input method is composing, shown
// after the text until it is committed.
func (f *TextField) Preedit() string { return f.preedit }

// Refused returns the last character Keep refused, 0 once the text has
// changed since.
func (f *TextField) Refused() rune { return f.refused }

// Platform reports whether the platform's text input types into the
// field (a phone's keyboard) rather than the game's own keys.
func (f *TextField) Platform() bool { return f.ime != nil }

// Update reads this tick's typing. caret is where the text's end is
// drawn, in logical pixels: a phone's keyboard is kept from covering it.
// When it reports FieldDone or FieldCancel the field has closed itself.
func (f *TextField) Update(ctx *Context, caret image.Rectangle) (FieldResult, error) {
	if !f.open {
		return FieldCancel, nil
	}
	prev, prevRefused := f.text, f.refused
	f.refused = 0
	res, err := f.read(ctx, caret)
	if f.refused == 0 && f.text == prev {
		f.refused = prevRefused // a refusal is told until the text changes or another comes
	}
	return res, err
}

// read reads this tick's typing for Update.
func (f *TextField) read(ctx *Context, caret image.Rectangle) (FieldResult, error) {
	if f.ime != nil {
		news, err := f.ime.update(f.text, ctx.d.screenRect(caret), f.keepAll)
		if err != nil {
			f.Close()
			return FieldCancel, fmt.Errorf("scenes: text input: %w", err)
		}
		if news.text != f.text {
			f.text = f.keep("", news.text)
		}
		f.preedit = news.preedit
		if news.closed {
			f.Close()
			return FieldCancel, nil
		}
	}
	var keys [16]ebiten.Key
	for _, k := range ctx.Source().AppendJustPressedKeys(keys[:0]) {
		switch k {
		case ebiten.KeyEscape:
			f.Close()
			return FieldCancel, nil
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			f.text = f.keep(f.text, f.preedit) // a composition ends as Enter commits it
			f.Close()
			return FieldDone, nil
		case ebiten.KeyBackspace:
			if f.ime == nil { // the platform's input deletes by itself
				_, n := utf8.DecodeLastRuneInString(f.text)
				f.text = f.text[:len(f.text)-n]
			}
		}
	}
	if r := f.padResult(ctx); r != FieldTyping {
		f.Close()
		return r, nil
	}
	if f.ime == nil {
		var chars [16]rune
		f.text = f.keep(f.text, string(ctx.Source().AppendInputChars(chars[:0])))
	}
	return FieldTyping, nil
}

// padResult reads the gamepads: any pad's A finishes, B or Start cancels.
func (f *TextField) padResult(ctx *Context) FieldResult {
	src := ctx.Source()
	var ids [8]ebiten.GamepadID
	var buttons [8]ebiten.StandardGamepadButton
	for _, id := range src.AppendGamepadIDs(ids[:0]) {
		for _, b := range src.AppendJustPressedGamepadButtons(id, buttons[:0]) {
			switch b {
			case ebiten.StandardGamepadButtonRightBottom:
				return FieldDone
			case ebiten.StandardGamepadButtonRightRight, ebiten.StandardGamepadButtonCenterRight:
				return FieldCancel
			}
		}
	}
	return FieldTyping
}

// keep returns the characters of s that Keep lets in, appended to text.
func (f *TextField) keep(text, s string) string {
	for _, r := range s {
		if f.Keep == nil || f.Keep(text, r) {
			text += string(r)
		} else {
			f.refused = r
		}
	}
	return text
}

// keepAll is keep from an empty text, as the platform's input applies it
// to what it commits.
func (f *TextField) keepAll(s string) string { return f.keep("", s) }

// composerInput is the platform's text input through exp/textinput's
// Composer: the text before the caret is the field's, nothing after it.
type composerInput struct {
	c     textinput.Composer
	caret image.Rectangle
	keep  func(string) string
	news  imeNews
}

// newComposerInput returns a text input on exp/textinput.
func newComposerInput() *composerInput {
	ci := &composerInput{}
	ci.c.OnNewSession = func() *textinput.SessionOptions {
		return &textinput.SessionOptions{CaretBounds: ci.caret, TextBeforeCaret: ci.news.text}
	}
	ci.c.OnComposition = func(c *textinput.Composition) { ci.news.preedit = c.Text() }
	ci.c.OnCommit = func(c *textinput.Commit) {
		before, after := c.SurroundingText()
		ci.news.text = ci.keep(before + c.Text() + after)
	}
	ci.c.OnEndByUser = func() { ci.news.closed = true }
	return ci
}

func (ci *composerInput) update(text string, caret image.Rectangle, keep func(string) string) (imeNews, error) {
	ci.news.text, ci.news.closed, ci.caret, ci.keep = text, false, caret, keep
	_, err := ci.c.Update()
	return ci.news, err
}

func (ci *composerInput) end() {
	ci.c.Cancel()
	ci.news = imeNews{}
}
