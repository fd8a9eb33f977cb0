// Command progen prints the programs the differential fuzzer (TestGoFuzz
// in cmd/gophernote, `make fuzz-go`) generates, so a reported seed can be
// read, cut to some of its units and run by hand:
//
//	go run ./cmd/gophernote/internal/progen/cmd/progen -seed 10            # the program of seed 10
//	go run ./cmd/gophernote/internal/progen/cmd/progen -seed 10 -units 3,7 # only units 3 and 7
//	go run ./cmd/gophernote/internal/progen/cmd/progen -seed 10 -list      # its units and their themes
//	go run ./cmd/gophernote/internal/progen/cmd/progen -seed 1 -n 20 -o DIR # seeds 1..20 as DIR/pN.go
//
// The programs are those of the fuzzer's configuration (progen.FuzzConfig);
// -weights changes the grammar's weights as GOPHERNOTE_FUZZ_WEIGHTS does.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/cmd/gophernote/internal/progen"
)

func main() {
	seed := flag.Int64("seed", 1, "the (first) seed")
	n := flag.Int("n", 1, "how many consecutive seeds")
	units := flag.String("units", "", "comma-separated units to keep (default: all)")
	weights := flag.String("weights", "", "grammar weights feature=N,... (as GOPHERNOTE_FUZZ_WEIGHTS)")
	out := flag.String("o", "", "directory to write pSEED.go files to (default: stdout)")
	list := flag.Bool("list", false, "list each program's units (index, theme, inline) instead of printing it")
	flag.Parse()
	if err := run(*seed, *n, *units, *weights, *out, *list); err != nil {
		fmt.Fprintln(os.Stderr, "progen:", err)
		os.Exit(2)
	}
}

func run(seed int64, n int, units, weights, out string, list bool) error {
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	if n < 1 {
		return fmt.Errorf("-n %d: want at least 1", n)
	}
	cfg := progen.FuzzConfig()
	if weights != "" {
		w, err := progen.ParseWeights(weights)
		if err != nil {
			return err
		}
		cfg.Weights = w
	}
	var keep func(int) bool
	if units != "" {
		set := map[int]bool{}
		for _, s := range strings.Split(units, ",") {
			u, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || u < 0 || u >= cfg.Units {
				return fmt.Errorf("-units: %q is not a unit (0..%d)", s, cfg.Units-1)
			}
			set[u] = true
		}
		keep = func(i int) bool { return set[i] }
	}
	if out == "" && n > 1 && !list {
		return fmt.Errorf("-n %d prints several programs: give -o DIR", n)
	}
	for s := seed; s < seed+int64(n); s++ {
		p := progen.Generate(s, cfg)
		if list {
			for _, u := range p.Units {
				if keep == nil || keep(u.Index) {
					fmt.Printf("seed %d unit %d: %s inline=%v\n", s, u.Index, u.Feature, u.Inline)
				}
			}
			continue
		}
		src := p.Source(keep)
		if out == "" {
			os.Stdout.Write(src)
			continue
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("p%d.go", s)), src, 0o644); err != nil {
			return err
		}
	}
	return nil
}
