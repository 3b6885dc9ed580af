package netplay

// CleanName makes a name that came over the network fit to show, as the
// lobby cleans joiners' names: without control or formatting characters
// or line breaks, without surrounding spaces, short, and "Player" if
// nothing is left.
func CleanName(s string) string { return cleanName(s) }
