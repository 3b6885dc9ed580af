//go:build !js

package netlobby

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jankenarcade/janken/netplay"
)

func TestHostServesWebBuild(t *testing.T) {
	site := fstest.MapFS{"index.html": {Data: []byte("<title>Janken Arcade</title>")}}
	tr, err := listenHost("127.0.0.1:0", site)
	if err != nil {
		t.Fatal(err)
	}
	port := tr.LocalAddr().Port()
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/index.html", port))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "<title>Janken Arcade</title>" {
		t.Fatalf("served %q", body)
	}
	ws, err := netplay.DialWebSocket(context.Background(), fmt.Sprintf("ws://127.0.0.1:%d/netplay", port))
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	// A browser peer's packet reaches the host's transport.
	if err := ws.Send(ws.Host(), []byte("JK hello")); err != nil {
		t.Fatal(err)
	}
	// Loopback delivers at once; the bound only catches a hang, even on a
	// busy machine.
	var buf [netplay.MaxPacketSize]byte
	deadline := time.Now().Add(time.Minute)
	for {
		if n, from, ok := tr.Receive(buf[:]); ok {
			if string(buf[:n]) != "JK hello" || !from.Addr().IsLoopback() {
				t.Fatalf("received %q from %v", buf[:n], from)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("nothing received from the browser peer")
		}
		time.Sleep(time.Millisecond)
	}
	if err := tr.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/", port)); err == nil {
		t.Error("the web build is still served after Close")
	}
}
