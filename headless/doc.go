// Package headless implements the subcommands that share the game's binary
// but never open a window: "rules" applies a scripted list of actions to a
// JSON position and prints the result, "sim" plays bot tournaments and
// prints win rates with confidence intervals. They work without a display.
//
// Each game offers itself as a Tool. Turn-based rulesets get theirs from
// Turns, which drives any rulesets.Ruleset; real-time rulesets (Slam)
// provide their own. The program's main package passes Main the tools of
// its list of games (package catalog).
package headless
