package kafkajson

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"
)

// TestBrokerUnreachable: a producer to bootstrap servers nobody
// listens on fails to reach them within reachTimeout, and the error
// names the servers (the sink's open fails before the first batch).
func TestBrokerUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	b, err := NewBroker(addr, Auth{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	start := time.Now()
	err = b.Reach(context.Background())
	if err == nil || !strings.Contains(err.Error(), addr) || !strings.Contains(err.Error(), "did not answer") {
		t.Fatalf("Reach = %v; want an error naming %s", err, addr)
	}
	if took := time.Since(start); took > reachTimeout+20*time.Second {
		t.Errorf("Reach took %s, bounded by %s", took, reachTimeout)
	}
}

// TestBrokerReachStops: opening a Kafka sink whose servers do not answer
// (a listener that accepts and never replies) stops waiting within a
// second of the run's context ending (SIGTERM), long before
// reachTimeout, and the error names the servers and the stop.
func TestBrokerReachStops(t *testing.T) {
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close() // accepts (the kernel's backlog) and never answers
	addr := silent.Addr().String()
	b, err := NewBroker(addr, Auth{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx, cancel := context.WithCancelCause(context.Background())
	time.AfterFunc(300*time.Millisecond, func() { cancel(errors.New("SIGTERM")) })
	start := time.Now()
	err = b.Reach(ctx)
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), addr) || !strings.Contains(err.Error(), "stopped") || !strings.Contains(err.Error(), "SIGTERM") {
		t.Fatalf("Reach = %v; want a stop naming %s", err, addr)
	}
	if took > 300*time.Millisecond+time.Second {
		t.Errorf("Reach took %s after a stop at 300ms; want within a second of it", took)
	}
}
