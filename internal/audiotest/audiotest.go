// Package audiotest takes the audio devices away from a process on Linux,
// so that a test runs the game as on a machine without sound: PulseAudio's
// server is a socket that does not exist and ALSA's configuration is
// empty, so it has no "default" device.
package audiotest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Env returns the environment variables that leave a process without an
// audio device, writing the empty ALSA configuration into dir.
func Env(dir string) ([]string, error) {
	conf := filepath.Join(dir, "alsa.conf")
	if err := os.WriteFile(conf, nil, 0o644); err != nil {
		return nil, err
	}
	return []string{
		"PULSE_SERVER=unix:" + filepath.Join(dir, "no-pulse-server"),
		"ALSA_CONFIG_PATH=" + conf,
	}, nil
}

// Hide takes the audio devices away from this process for the rest of t
// (with t.Setenv, so t must not be parallel). It must come before the
// first audio device is opened.
func Hide(t *testing.T) {
	t.Helper()
	env, err := Env(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
}
