package debugger

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hashJS is JupyterLab's hash (the file @jupyterlab/debugger ships), which
// `make deps-lab` installs with the Lab test front end.
const hashJS = "../browsertest/lab/testdata/node_modules/@jupyterlab/debugger/lib/hash.js"

// TestMurmur2 compares Murmur2 with JupyterLab's own murmur2, run under
// node on the same strings: every tail length, multi-byte UTF-8, a cell,
// and seeds.
func TestMurmur2(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is missing: make deps installs it (Debian's nodejs, with npm)")
	}
	src, err := os.ReadFile(hashJS)
	if err != nil {
		t.Fatalf("%v: run make deps-lab (it installs @jupyterlab/debugger)", err)
	}
	inputs := []string{"", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh",
		"é", "日本語のコード", "🙂 emoji", "x := 1\nfmt.Println(x)\n",
		"// The envelope exponent\nbeta, gamma := tv.Beta, tv.Gamma\nalpha := beta * gamma / (beta + gamma)\n"}
	seeds := []uint32{HashSeed, 0, 1, 0xffffffff}
	in, _ := json.Marshal(map[string]any{"inputs": inputs, "seeds": seeds})
	script := strings.Replace(string(src), "export function murmur2", "function murmur2", 1) + `
const {inputs, seeds} = JSON.parse(process.argv[2]);
const out = [];
for (const s of seeds) for (const x of inputs) out.push(murmur2(x, s));
console.log(JSON.stringify(out));
`
	f := filepath.Join(t.TempDir(), "hash.cjs")
	if err := os.WriteFile(f, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, f, string(in))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var want []uint32
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatalf("node printed %q: %v", b, err)
	}
	i := 0
	for _, s := range seeds {
		for _, x := range inputs {
			if got := Murmur2([]byte(x), s); got != want[i] {
				t.Errorf("Murmur2(%q, %#x) = %d, JupyterLab's %d", x, s, got, want[i])
			}
			i++
		}
	}
	if i != len(want) {
		t.Fatalf("%d values from node, want %d", len(want), i)
	}
}
