package jupytertest

import (
	"encoding/json"
	"strings"
	"testing"
)

// expectedSkips are the jupyter_kernel_test tests gophernote does not run,
// with why. Any other skip fails TestConformance.
var expectedSkips = map[string]string{
	"test_pager": "gophernote has no pager payloads; documentation goes through inspect_reply (test_inspect)",
}

// TestConformance runs every test of Debian's jupyter_kernel_test against
// the installed kernel (testdata/test_conformance.py).
func TestConformance(t *testing.T) {
	requirePython(t, "jupyter_kernel_test", "jupyter_client")
	stdout, stderr, err := runPythonRaw("test_conformance.py")
	t.Logf("jupyter_kernel_test output:\n%s", stderr)
	var summary struct {
		Run      int        `json:"run"`
		Failures [][]string `json:"failures"`
		Errors   [][]string `json:"errors"`
		Skipped  [][]string `json:"skipped"`
		Names    []string   `json:"names"`
	}
	line := ""
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "SUMMARY ") {
			line = strings.TrimPrefix(l, "SUMMARY ")
		}
	}
	if line == "" {
		t.Fatalf("no summary from test_conformance.py (err %v):\n%s", err, stdout)
	}
	if err := json.Unmarshal([]byte(line), &summary); err != nil {
		t.Fatal(err)
	}
	for _, f := range append(summary.Failures, summary.Errors...) {
		t.Errorf("%s:\n%s", f[0], f[1])
	}
	for _, s := range summary.Skipped {
		name := strings.Fields(s[0])[0]
		if _, ok := expectedSkips[name]; !ok {
			t.Errorf("unexpected skip %s: %s", s[0], s[1])
		}
	}
	if summary.Run < 12 { // jupyter_kernel_test 0.4.5 has 12 tests
		t.Errorf("only %d jupyter_kernel_test tests ran: %v", summary.Run, summary.Names)
	}
	if err != nil && len(summary.Failures)+len(summary.Errors) == 0 {
		t.Errorf("test_conformance.py failed: %v", err)
	}
	t.Logf("jupyter_kernel_test: %d tests, %d skipped (%v)", summary.Run, len(summary.Skipped), expectedSkips)
}
