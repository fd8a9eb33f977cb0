package engine

import (
	"bytes"
	"context"
	"time"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// Canaries of the workarounds for the runtime's own output and process
// behaviour (print, println, log positions, deadlocks); see canary_test.go.
func init() {
	canaries = append(canaries,
		canary{
			// println goes to stdout, and a slice prints its elements
			// (Go: stderr, "[len/cap]0xADDR").
			name: "println",
			run: func() (string, error) {
				var stdout, stderr bytes.Buffer
				i := interp.New(interp.Options{Stdout: &stdout, Stderr: &stderr})
				if err := i.Use(stdlib.Symbols); err != nil {
					return "", err
				}
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				_, err := i.EvalWithContext(ctx, `println("x", []int{1})`)
				return "stdout=" + stdout.String() + " stderr=" + stderr.String(), err
			},
			broken: func(out string, err error) bool { return out == "stdout=x [1]\n stderr=" },
		},
	)
}
