# gophernote — build, test and benchmark entry points.
# `make test` is the one test command (README, .ci/run).

GO        ?= go
PYTHON    ?= /usr/bin/python3
export PYTHON
export GOPHERNOTE_DATA ?= $(abspath ../shared/data)

.PHONY: all build generate test vet gotest fuzz stdlib-check bench clean

all: build

build:
	$(GO) build -o bin/gophernote ./cmd/gophernote

# Regenerate the yaegi symbol and doc tables in stdlib/ (run after changing
# an exported fitlib or display API; `make test` fails while they are stale).
generate:
	$(GO) generate ./stdlib

# Every test: static checks, Go unit/protocol/real-client tests, short fuzz
# runs, and the check that the generated symbol tables are fresh.
test: vet gotest fuzz stdlib-check

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...

gotest:
	$(GO) test -count=1 -timeout 40m ./...

# Brief coverage-guided fuzzing of every Fuzz target (seed corpora also run
# in `gotest`). FUZZTIME can be raised locally. .ci/fuzz.sh retries once a
# run that Go 1.26's coordinator fails at the deadline without a reproducer
# (golang/go#75804); a real failure always writes one and fails.
FUZZTIME ?= 10s
fuzz:
	@GO=$(GO) bash .ci/fuzz.sh $(FUZZTIME)

stdlib-check:
	@if [ -x stdlib/check.sh ]; then bash stdlib/check.sh; else echo "stdlib-check: no tables yet"; fi

# Side-by-side benchmarks: Go benchmarks (run once each) plus the tests
# gated by GOPHERNOTE_BENCH=1 that drive an external baseline (ipykernel,
# SciPy). Every figure is printed as a `BENCH name ... ratio=...` line;
# the Go corpus (cmd/gophernote TestGoCorpus, also part of `make test`)
# prints `BENCH go-corpus script=P/N notebook=Q/N`.
bench: build
	@$(GO) test -run '^$$' -bench . -benchtime 1x ./... 2>&1 | tee bench-go.log | grep -E '^(BENCH|FAIL|--- FAIL)' || true
	@GOPHERNOTE_BENCH=1 $(GO) test -count=1 -timeout 60m -run 'Bench|^TestGoCorpus$$' -v ./... 2>&1 | tee bench-gated.log | grep -E '^(BENCH|FAIL|--- FAIL)' || true

clean:
	rm -rf bin out bench-go.log bench-gated.log
