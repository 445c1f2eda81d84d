package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignals: the first SIGTERM cancels the context with a cause naming it,
// the second calls exit(143) at once; after stop, signals are released.
func TestSignals(t *testing.T) {
	exited := make(chan int, 1)
	ctx, stop := Signals(context.Background(), func(code int) { exited <- code })
	defer stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the first SIGTERM did not cancel the context")
	}
	if cause := context.Cause(ctx); cause == nil || !strings.Contains(cause.Error(), "terminated") {
		t.Errorf("cause = %v, want one naming the signal", cause)
	}
	select {
	case code := <-exited:
		t.Fatalf("exit(%d) after one signal", code)
	default:
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != 130 {
			t.Errorf("second signal SIGINT: exit(%d), want 130", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second signal did not exit")
	}
}

// TestSignalsExitStatus re-runs the test binary as a child that, like
// etlgen, exits through os.Exit on the second signal while its graceful stop
// never ends: two SIGTERMs must end it with status 143.
func TestSignalsExitStatus(t *testing.T) {
	if os.Getenv("ETLGEN_SIGNALS_CHILD") == "1" {
		ctx, stop := Signals(context.Background(), os.Exit)
		defer stop()
		fmt.Println("ready")
		<-ctx.Done()
		fmt.Println("stopping")
		select {} // a graceful stop that never ends
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSignalsExitStatus$")
	cmd.Env = append(os.Environ(), "ETLGEN_SIGNALS_CHILD=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	for _, want := range []string{"ready", "stopping"} {
		if !lines.Scan() || lines.Text() != want {
			t.Fatalf("child said %q, want %q (%v)", lines.Text(), want, lines.Err())
		}
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 143 {
			t.Fatalf("child ended with %v, want exit status 143", err)
		}
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the child did not exit on the second SIGTERM")
	}
}
