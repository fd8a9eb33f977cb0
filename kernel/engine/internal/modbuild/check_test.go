package modbuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeGo puts a go command on PATH that answers go env -json with env.
func fakeGo(t *testing.T, env string) {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\nif [ \"$1\" = env ]; then cat <<'EOF'\n" + env + "\nEOF\nexit 0; fi\nexit 1\n"
	if err := os.WriteFile(filepath.Join(dir, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

func TestCheckNamesTheCause(t *testing.T) {
	h, err := CurrentHost()
	if err != nil {
		t.Fatal(err)
	}
	h.Deps["example.com/x"] = "v1.0.0" // no go list -m all of the fake
	cases := []struct {
		name     string
		env      string
		setup    func(t *testing.T)
		host     func(h *Host)
		kind     Kind
		want     string
		fallback bool
	}{
		{name: "toolchain", env: `{"GOVERSION":"go1.99.0","CGO_ENABLED":"1","CC":"gcc"}`, kind: ErrToolchain, fallback: true,
			want: "the go command here is go1.99.0 but the kernel was built with " + h.GoVersion},
		{name: "cgo-off", env: `{"GOVERSION":"` + h.GoVersion + `","CGO_ENABLED":"0","CC":"gcc"}`, kind: ErrNoCgo, fallback: true,
			want: "cgo is disabled for the go command"},
		{name: "kernel-without-cgo", env: `{"GOVERSION":"` + h.GoVersion + `","CGO_ENABLED":"1","CC":"gcc"}`, kind: ErrNoCgo, fallback: true,
			host: func(h *Host) { h.Settings["CGO_ENABLED"] = "0" }, want: "the kernel was built with CGO_ENABLED=0"},
		{name: "no-cc", env: `{"GOVERSION":"` + h.GoVersion + `","CGO_ENABLED":"1","CC":"/nonexistent/cc"}`, kind: ErrNoCC, fallback: true,
			want: `no C compiler: go env CC is "/nonexistent/cc"`},
		{name: "no-go", setup: func(t *testing.T) { t.Setenv("PATH", t.TempDir()) }, kind: ErrNoGo, want: "no go command on PATH"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hc := *h
			hc.Settings = map[string]string{}
			for k, v := range h.Settings {
				hc.Settings[k] = v
			}
			if c.host != nil {
				c.host(&hc)
			}
			if c.env != "" {
				fakeGo(t, c.env)
			}
			if c.setup != nil {
				c.setup(t)
			}
			b := &Builder{Host: &hc, Cache: t.TempDir()}
			err := b.Check()
			if KindOf(err) != c.kind || err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Check() = %v (kind %d), want kind %d %q", err, KindOf(err), c.kind, c.want)
			}
			if NoPlugins(err) != c.fallback {
				t.Errorf("NoPlugins = %v", NoPlugins(err))
			}
			if !strings.Contains(err.Error(), "restart the kernel") && c.kind != ErrNoGo {
				t.Errorf("no way out in %q", err)
			}
		})
	}
}

func TestHostFindsItsSource(t *testing.T) {
	h, err := CurrentHost()
	if err != nil {
		t.Fatal(err)
	}
	if h.MainPath != "github.com/gophernote/gophernote" || h.MainDir == "" {
		t.Fatalf("host %q at %q (%s)", h.MainPath, h.MainDir, h.MainDirBy)
	}
	if _, err := os.Stat(filepath.Join(h.MainDir, "fitlib")); err != nil {
		t.Errorf("MainDir %s: %v", h.MainDir, err)
	}
	t.Setenv(SrcEnv, t.TempDir())
	h2, _ := CurrentHost()
	if h2.MainDir != "" || !strings.Contains(h2.MainDirBy, "holds no go.mod of module github.com/gophernote/gophernote") {
		t.Errorf("bad %s: %q %q", SrcEnv, h2.MainDir, h2.MainDirBy)
	}
}
