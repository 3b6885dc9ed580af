//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jankenarcade/janken/assets"
	"github.com/jankenarcade/janken/internal/audiotest"
)

// TestStartsWithoutAudioDevice runs the program's real start-up path
// (scenes.Run, its window and its sounds) in a child process on a system
// without an audio device: PulseAudio's server is a missing socket and
// ALSA's configuration is empty, so it has no "default" device. The game
// must keep running silent until the scripted player quits, then exit
// cleanly.
func TestStartsWithoutAudioDevice(t *testing.T) {
	dir := t.TempDir()
	silent, err := audiotest.Env(dir)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), startupEnv+"="+dir), silent...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the game ended with %v; its output:\n%s", err, out)
	}
	var ticks int
	var device assets.Device
	line := lastLine(string(out), "startup:")
	if _, err := fmt.Sscanf(line, "startup: %d ticks, device %d", &ticks, &device); err != nil {
		t.Fatalf("no report from the game (%v); its output:\n%s", err, out)
	}
	if ticks < startupTicks || device != assets.DeviceNone {
		t.Fatalf("the game ran %d ticks with device state %d, want ≥ %d ticks and no device (%d); its output:\n%s",
			ticks, device, startupTicks, assets.DeviceNone, out)
	}
}

// lastLine returns the last line of out that starts with prefix, or "".
func lastLine(out, prefix string) string {
	found := ""
	for line := range strings.Lines(out) {
		if strings.HasPrefix(line, prefix) {
			found = strings.TrimSpace(line)
		}
	}
	return found
}
