//go:build linux

package magic_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
)

// TestShellStreams: a command's output reaches the sink while it runs (the
// command waits for the test to see its first line), stdout and stderr
// apart; a failing ! command does not fail the cell, a failing %%bash
// does unless --no-raise-error.
func TestShellStreams(t *testing.T) {
	m := newMagic(t)
	dir := t.TempDir()
	gate := filepath.Join(dir, "gate")
	s := &sink{notify: make(chan string, 16)}
	done := make(chan cell.Result)
	go func() {
		done <- m.Execute(context.Background(), "!echo first; while [ ! -e "+gate+" ]; do sleep 0.01; done; echo second; echo oops >&2", s)
	}()
	if got := <-s.notify; got != "first\n" {
		t.Fatalf("first chunk %q", got)
	}
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		<-s.notify
	}
	if r := <-done; r.Err != nil {
		t.Fatal(r.Err)
	}
	if s.out() != "first\nsecond\n" || s.errOut() != "oops\n" {
		t.Errorf("stdout %q stderr %q", s.out(), s.errOut())
	}

	s, r := exec(t, m, "!echo a; exit 3\n!echo b")
	if r.Err != nil || s.out() != "a\nb\n" {
		t.Errorf("a failing ! command: %v, %q; want the cell to go on", r.Err, s.out())
	}
	if s, r := exec(t, m, "!no-such-command-xyz"); r.Err != nil || !strings.Contains(s.errOut(), "not found") {
		t.Errorf("a missing command: %v, stderr %q", r.Err, s.errOut())
	}
	e := fails(t, m, "%%bash\necho $BASH_VERSION | grep -c .\nexit 4", "CalledProcessError")
	if !strings.Contains(e.Value, "exit status 4") {
		t.Errorf("%%%%bash exit 4: %q", e.Value)
	}
	if _, r := exec(t, m, "%%bash --no-raise-error\nexit 4"); r.Err != nil {
		t.Errorf("--no-raise-error: %v", r.Err)
	}
	if s, _ := ok(t, m, "%%sh\nprintf '%s\\n' one two"); s.out() != "one\ntwo\n" {
		t.Errorf("%%%%sh: %q", s.out())
	}
	fails(t, m, "%%bash --bg\nls", "UsageError")
	if s, _ := ok(t, m, "!printf '%s-' a \\\n  b"); s.out() != "a-b-" {
		t.Errorf("a continued command line: %q", s.out())
	}
}

// alive reports whether process pid exists and is not a zombie.
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// pid (comm) STATE ...; comm may hold spaces and parentheses.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// waitGone waits until none of pids is alive (killed processes die
// asynchronously), failing after a generous deadline.
func waitGone(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for _, pid := range pids {
		for alive(pid) {
			if time.Now().After(deadline) {
				t.Fatalf("process %d is still running", pid)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// pidsIn reads the process ids a command wrote to a file, one per line,
// waiting for want of them.
func pidsIn(t *testing.T, s *sink, want int) []int {
	t.Helper()
	var pids []int
	for len(pids) < want {
		chunk := <-s.notify
		for _, f := range strings.Fields(chunk) {
			if n, err := strconv.Atoi(f); err == nil {
				pids = append(pids, n)
			}
		}
	}
	return pids
}

// TestShellInterrupt: interrupting a command ends its whole process group,
// children and grandchildren included, and the cell ends Interrupted.
func TestShellInterrupt(t *testing.T) {
	m := newMagic(t)
	for _, code := range []string{
		// A shell with a child and a grandchild, each printing its pid.
		"!sleep 1000 & echo $!; sh -c 'sleep 1000 & echo $!; wait' & wait",
		"%%bash\ntrap '' INT\nsleep 1000 & echo $!\nwait; wait", // ignores SIGINT: SIGKILL after the grace
	} {
		s := &sink{notify: make(chan string, 16)}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan cell.Result)
		go func() { done <- m.Execute(ctx, code, s) }()
		want := 2
		if strings.HasPrefix(code, "%%") {
			want = 1
		}
		pids := pidsIn(t, s, want)
		cancel()
		r := <-done
		if r.Err == nil || r.Err.Name != "Interrupted" {
			t.Errorf("%q interrupted: %+v", code, r.Err)
		}
		waitGone(t, pids)
	}
}

// TestShellOrphans: a background job a command leaves behind ends with it;
// it does not keep the cell waiting on its output.
func TestShellOrphans(t *testing.T) {
	m := newMagic(t)
	s, r := exec(t, m, "!sleep 1000 & echo $!")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(s.out()))
	if err != nil {
		t.Fatalf("output %q", s.out())
	}
	waitGone(t, []int{pid})
}
