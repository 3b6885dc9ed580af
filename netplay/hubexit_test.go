//go:build !js

package netplay

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/exec"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"
)

// exitingHostEnv, set in a copy of the test binary's environment, makes
// that copy an exiting host (TestMain) instead of running the tests.
const exitingHostEnv = "JANKEN_TEST_EXITING_HOST"

// exitingHostWords is how many packets the exiting host sends before it
// closes its hub and exits.
const exitingHostWords = 40

func TestMain(m *testing.M) {
	if os.Getenv(exitingHostEnv) != "" {
		if err := exitingHost(); err != nil {
			fmt.Fprintln(os.Stderr, "exiting host:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// exitingHost serves a hub on a loopback port, which it prints, waits for
// one browser peer, queues exitingHostWords packets for it, closes the hub
// and returns, for the process to exit at once: a desktop host whose
// window closes mid-match.
func exitingHost() error {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		return err
	}
	hub := NewWebSocketHub(netip.MustParseAddrPort(ln.Addr().String()))
	go (&http.Server{Handler: WebHandler(fstest.MapFS{}, hub), ReadHeaderTimeout: time.Second}).Serve(ln)
	fmt.Println(ln.Addr())
	var peer netip.AddrPort
	for deadline := time.Now().Add(hang); !peer.IsValid(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			return fmt.Errorf("no browser peer within %v", hang)
		}
		if p := hub.Peers(); len(p) > 0 {
			peer = p[0]
		}
	}
	word := make([]byte, 1000) // a full view's worth, so that writing takes a while
	for i := range exitingHostWords {
		binary.BigEndian.PutUint32(word, uint32(i))
		if err := hub.Send(peer, word); err != nil {
			return err
		}
	}
	return hub.Close()
}

// TestHubsLastWordOutlivesTheProgram: a host that closes its hub and
// exits at once (its window closed) still has what it queued reach its
// browser peer. The hub's Close once returned before its connections had
// written their queues, and the program's exit then dropped them.
func TestHubsLastWordOutlivesTheProgram(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), exitingHostEnv+"=1")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the exiting host did not say where it listens: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws://"+strings.TrimSpace(addr)+"/netplay", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	// Read until the connection ends: the host's exit ends it, after
	// what it wrote.
	got := 0
	for {
		_, p, err := conn.Read(ctx)
		if err != nil {
			break
		}
		if len(p) != 1000 || binary.BigEndian.Uint32(p) != uint32(got) {
			t.Fatalf("word %d came as %d bytes, numbered %d", got, len(p), binary.BigEndian.Uint32(p))
		}
		got++
	}
	if got != exitingHostWords {
		t.Errorf("the browser peer heard %d of the %d words the host sent before it exited", got, exitingHostWords)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("the exiting host: %v", err)
	}
}
