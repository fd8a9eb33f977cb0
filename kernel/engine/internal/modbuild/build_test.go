package modbuild

import (
	"context"
	"path/filepath"
	"plugin"
	"reflect"
	"testing"

	"github.com/gophernote/gophernote/kernel/internal/modproxy"
)

// testDomain is this package's test domain (engine tests use
// example.com, jupytertest example.org).
const testDomain = "example.net"

// testBuilder returns a builder over a proxy of modproxy.Sample and a
// fresh cache.
func testBuilder(t *testing.T) *Builder {
	t.Helper()
	h, err := CurrentHost()
	if err != nil {
		t.Fatal(err)
	}
	env := modproxy.ForTest(t, modproxy.In(testDomain, modproxy.Sample())...)
	return &Builder{Host: h, Cache: t.TempDir(), Env: env, Progress: func(l string) { t.Log(l) }}
}

func load(t *testing.T, p *Package) map[string]map[string]reflect.Value {
	t.Helper()
	pl, err := plugin.Open(p.Plugin)
	if err != nil {
		t.Fatal(err)
	}
	s, err := pl.Lookup("Symbols")
	if err != nil {
		t.Fatal(err)
	}
	return *s.(*map[string]map[string]reflect.Value)
}

func TestImportModule(t *testing.T) {
	b := testBuilder(t)
	if err := b.Check(); err != nil {
		t.Skip(err)
	}
	p, err := b.Import(context.Background(), testDomain+"/greet", "v1.0.0", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	syms := load(t, p)[testDomain+"/greet/greet"]
	got := syms["Hello"].Call([]reflect.Value{reflect.ValueOf("Ada")})[0].String()
	if got != "HELLO, Ada!" {
		t.Errorf("Hello = %q", got)
	}
	if p.Docs["Hello"].Doc != "Hello greets name loudly.\n" && p.Docs["Hello"].Doc != "Hello greets name loudly." {
		t.Errorf("doc %q", p.Docs["Hello"].Doc)
	}
	if len(p.Generic) != 1 || p.Generic[0] != "Map" {
		t.Errorf("generic %v", p.Generic)
	}
	q, err := b.Import(context.Background(), testDomain+"/greet", "v1.0.0", nil, true)
	if err != nil || !q.Cached || filepath.Dir(q.Plugin) != filepath.Dir(p.Plugin) {
		t.Fatalf("second import: %+v %v", q, err)
	}
}
