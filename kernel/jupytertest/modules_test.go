package jupytertest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/internal/modproxy"
)

// TestModulesThroughJupyter imports a module's package from a local proxy
// (a module with a dependency) and compiles a cell, through
// jupyter_client: the build's progress shows as a display, completion and
// inspection know the package, a compile error is go build's at the
// cell's line:col, an interrupt stops the go command, and after a
// restart the import comes from the plugin cache.
func TestModulesThroughJupyter(t *testing.T) {
	requirePython(t, "jupyter_client")
	const domain = "example.org" // engine tests use example.com
	proxyEnv := modproxy.ForTest(t, modproxy.In(domain, modproxy.Sample())...)
	saved := env
	t.Cleanup(func() { env = saved })
	env = append(append([]string{}, env...), proxyEnv...)
	env = append(env, "GOPHERNOTE_PLUGIN_CACHE="+t.TempDir())
	// A proxy first in GOPROXY that never answers for DOMAIN/slow (and
	// sends the go command on to the next proxy for anything else): the
	// go get of an import of it runs until the cell is interrupted, and
	// the request ends only when the go command's connection closes.
	// The script interrupts once the request has arrived (the file
	// arrived exists): an interrupt before the go command's request would
	// leave nothing to release.
	done, released := make(chan struct{}), make(chan string, 16)
	arrived := filepath.Join(t.TempDir(), "arrived")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/"+domain+"/slow/@") {
			http.NotFound(w, r)
			return
		}
		_ = os.WriteFile(arrived, nil, 0o644)
		select {
		case <-r.Context().Done():
			released <- r.URL.Path
		case <-done:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) })
	for _, kv := range proxyEnv {
		if v, ok := strings.CutPrefix(kv, "GOPROXY="); ok {
			env = append(env, "GOPROXY="+srv.URL+","+v)
		}
	}

	got := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(runPython(t, "modules.py", domain, arrived)), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("modules.py output %q: %v", line, err)
		}
		got[v["check"].(string)] = v
	}
	value := func(check string) string {
		vs, _ := got[check]["values"].([]any)
		if len(vs) != 1 {
			return ""
		}
		return vs[0].(string)
	}
	displays := func(check string) string {
		ds, _ := got[check]["displays"].([]any)
		var b strings.Builder
		for _, d := range ds {
			b.WriteString(d.(string) + "\n")
		}
		return b.String()
	}
	if r := got["import"]; r == nil || r["status"] != "ok" || value("import") != "HELLO, Ada!!" || r["stdout"] != "hi, Bo!!\n" {
		t.Errorf("import: %v", r)
	}
	if d := displays("import"); !strings.Contains(d, "go get "+domain+"/greet") || !strings.Contains(d, domain+"/greet v1.1.0: built as a plugin") {
		t.Errorf("import progress: %q", d)
	}
	if m, _ := got["complete"]["matches"].([]any); len(m) != 1 || m[0] != "Hello" {
		t.Errorf("complete: %v", got["complete"])
	}
	if txt, _ := got["inspect"]["text"].(string); got["inspect"]["found"] != true || !strings.Contains(txt, "Hello greets name loudly.") {
		t.Errorf("inspect: %v", got["inspect"])
	}
	if r := got["compile"]; r == nil || r["status"] != "ok" || !strings.Contains(displays("compile"), "package acc compiled") {
		t.Errorf("compile: %v", r)
	}
	if value("use") != "1.5e+06" {
		t.Errorf("use: %v", got["use"])
	}
	want := `4:9: cannot use "x" (untyped string constant) as int value in return statement`
	if r := got["compile error"]; r == nil || r["ename"] != "CompileError" || !strings.HasPrefix(r["evalue"].(string), want) {
		t.Errorf("compile error: %v", r)
	}
	if value("after error") != "2" {
		t.Errorf("after error: %v", got["after error"])
	}
	if value("go get") != `"v1.0.0"` && value("go get") != "v1.0.0" {
		t.Errorf("%%go get then import: %v", got["go get"])
	}
	// The interrupt ended the go command (its request to the proxy ended
	// with its connection) and left the session usable.
	if r := got["interrupt"]; r == nil || r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Errorf("interrupting a build: %v", r)
	}
	if _, err := os.Stat(arrived); err != nil {
		t.Errorf("the go command's request never reached the slow proxy: %v", err)
	} else {
		select {
		case <-released:
		case <-time.After(time.Minute): // the script ran on for seconds since
			t.Errorf("the go command's request to the proxy did not end within a minute of the interrupt")
		}
	}
	if value("after interrupt") != "3" {
		t.Errorf("after interrupt: %v", got["after interrupt"])
	}
	if out, _ := got["lsmagic"]["stdout"].(string); !strings.Contains(out, "%go") || !strings.Contains(out, "%%compile") {
		t.Errorf("lsmagic: %v", got["lsmagic"])
	}
	if r := got["after restart"]; r == nil || value("after restart") != "HELLO, Cy!!" || displays("after restart") != "" {
		t.Errorf("after restart (from the cache, no build): %v", r)
	}
}
