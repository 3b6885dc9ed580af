package scenes

import (
	"github.com/jankenarcade/janken/input"
	"github.com/jankenarcade/janken/settings"
)

// Router returns the program's input router, shared by the lobby, the
// controls screen and the tables, so that seats stay bound to their
// devices from one screen to the next; its controls are also those the
// menus read (Context.Nav), so a remapping applies everywhere. It is made
// when the director is, with the controls kept in the store; a corrupt
// controls file gives the defaults and a notice.
func (d *Director) Router() *input.Router {
	if d.router == nil {
		d.router = input.NewRouter()
		c, notice := input.LoadControls(d.store)
		if err := d.router.SetControls(c); err != nil {
			notice = "Saved controls were refused (" + err.Error() + "); using the default controls."
		}
		if notice != "" {
			d.setNotice(notice)
		}
	}
	return d.router
}

// Store returns where the settings and the controls are kept.
func (d *Director) Store() settings.Store { return d.store }
