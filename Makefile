# gophernote — build, test and benchmark entry points.
# `make test` is the one test command (README, .ci/run); it sets up what it
# needs first (`make deps`).

GO        ?= go
PYTHON    ?= /usr/bin/python3
export PYTHON
# The team's machines and CI keep the datasets in ../shared/data beside the
# checkout; elsewhere the loaders use the user cache that `gophernote data
# fetch` fills (see README, "Data").
ifneq ($(wildcard ../shared/data),)
export GOPHERNOTE_DATA ?= $(abspath ../shared/data)
endif

.PHONY: all build generate test deps deps-debian deps-go deps-browsertest deps-lab deps-data deps-check test-hub vet gotest fuzz stdlib-check bench notebooks conformance conformance-update fuzz-go clean

all: build

build:
	$(GO) build -o bin/gophernote ./cmd/gophernote

# Regenerate the yaegi symbol and doc tables in stdlib/ (run after changing
# an exported fitlib or display API; `make test` fails while they are stale).
generate:
	$(GO) generate ./stdlib

# Every test: static checks, the check that make deps installs what the
# tests use, Go unit/protocol/real-client tests, short fuzz runs, and the
# check that the generated symbol tables are fresh. gotest includes Go's
# own test suite (cmd/gophernote TestGoSpec) with a time cap per program
# and notebooks for a fixed sample; `make conformance` runs all of it
# three ways.
test: vet deps-check gotest test-hub fuzz stdlib-check

# What the tests need on a fresh machine. Each set-up is one prerequisite
# that does nothing once done; to add one (say a front end built with npm
# and webpack), write its target below and append it to DEPS.
DEPS := deps-debian deps-go deps-browsertest deps-lab deps-data
deps: $(DEPS)

# Debian packages of the real-client tests (Jupyter, nbclient, the kernel
# conformance suite, SciPy baselines, Chromium): installed when missing and
# the user is root, else named with the command that installs them.
# jupyterhub (with its proxy, node-configurable-http-proxy) serves make
# test-hub. jupyter-nbextension-jupyter-js-widgets is the classic Notebook's widget
# manager (ipywidgets 6, protocol 1; it enables itself in
# /etc/jupyter/nbconfig): TestNotebookInChromium/widgets-protocol1 needs it.
# gcc links the plugins of module imports and compiled cells (cgo).
DEBIAN_PACKAGES := jupyter-client python3-jupyter-client python3-nbclient python3-nbformat jupyter-nbconvert \
	python3-jupyter-kernel-test python3-ipykernel python3-scipy jupyter-notebook chromium \
	python3-jupyter-server python3-jupyterlab-server jupyter-nbextension-jupyter-js-widgets jupyterhub gcc
deps-debian:
	@bash .ci/deps-debian.sh $(DEBIAN_PACKAGES)

# What the tests import or load (Python modules, npm packages, executables,
# nbextensions), read from the tracked sources, against what make deps
# installs (DEBIAN_PACKAGES and their dependencies, the npm lockfiles):
# anything installed by hand or missing fails, naming what to add.
deps-check: deps
	@$(PYTHON) .ci/deps_check.py $(DEBIAN_PACKAGES)

# The module graph: the kernel's go get (module imports, %go get) reads the
# go.mod of every module in the kernel's own graph, and the module tests
# (kernel/jupytertest, kernel/runner) serve them offline from the module
# cache. `go mod download` fetches only what the build needs; `go list -m
# all` fetches the rest of the graph's go.mod files (a fresh machine lacked
# github.com/ajstarks/deck/generate's, a requirement of svgo's).
deps-go:
	$(GO) mod download
	@$(GO) list -m all >/dev/null

# playwright-core drives Chromium in the browser test: `npm ci` (the
# lockfile pins it) when node_modules is missing or older than the lockfile.
BROWSERTEST := kernel/browsertest/testdata
deps-browsertest: $(BROWSERTEST)/node_modules/.package-lock.json
$(BROWSERTEST)/node_modules/.package-lock.json: $(BROWSERTEST)/package-lock.json
	@command -v npm >/dev/null || { echo "deps: npm is missing (install Node.js, e.g. apt-get install npm)"; exit 1; }
	npm ci --prefix $(BROWSERTEST) --no-audit --no-fund
	@touch $@

# The 21 datasets: fetched into the user cache unless a data folder
# (../shared/data, ./data, $GOPHERNOTE_DATA, the cache) holds them already.
deps-data: build
	@bin/gophernote data fetch --all --missing

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy"; exit 1; }

gotest: deps
	$(GO) test -count=1 -timeout 40m ./...

# JupyterHub serving 20 local users on this machine, each running notebook
# 04 and notebook 08's widgets at once (kernel/hubtest); prints
# BENCH hub-20 start-p95=... widget-p95=... rss-per-kernel=...
test-hub: deps
	@GOPHERNOTE_HUB_TEST=1 $(GO) test -count=1 -timeout 30m -v -run '^TestHub20$$' ./kernel/hubtest >test-hub.log 2>&1; \
		st=$$?; grep -E '^(BENCH|--- |FAIL|ok|PASS)|hub_test.go' test-hub.log; exit $$st

# The JupyterLab 4 front end of kernel/browsertest/lab: `npm ci` when
# node_modules is older than the lockfile (npm writes
# node_modules/.package-lock.json) and the webpack build when the bundle is
# older than its sources. The lockfile is committed.
LAB     := kernel/browsertest/lab/testdata
LAB_SRC := $(wildcard $(LAB)/src/*) $(LAB)/webpack.config.js $(LAB)/package-lock.json

deps-lab: $(LAB)/build/bundle.js

$(LAB)/node_modules/.package-lock.json: $(LAB)/package-lock.json
	@command -v npm >/dev/null || { echo "deps-lab: npm is missing (install Node.js, e.g. apt-get install npm)"; exit 1; }
	npm ci --prefix $(LAB) --no-audit --no-fund
	@touch $@

# webpack leaves an output file alone when its content is unchanged
# (output.compareBeforeEmit), so the bundle is touched: its time is the
# build's, which Make and the test's staleness check compare.
$(LAB)/build/bundle.js: $(LAB)/node_modules/.package-lock.json $(LAB_SRC)
	cd $(LAB) && npm run build
	@touch $@

# Brief coverage-guided fuzzing of every Fuzz target (seed corpora also run
# in `gotest`). FUZZTIME can be raised locally. .ci/fuzz.sh retries once a
# run that Go 1.26's coordinator fails at the deadline without a reproducer
# (golang/go#75804); a real failure always writes one and fails.
FUZZTIME ?= 10s
fuzz:
	@GO=$(GO) bash .ci/fuzz.sh $(FUZZTIME)

# The differential fuzzer for Go programs (cmd/gophernote TestGoFuzz,
# programs from cmd/gophernote/internal/progen): random seeds for
# FUZZ_MINUTES (the first seed is printed), then every new difference
# minimized (within FUZZ_MIN_MINUTES) into cmd/gophernote/testdata/corpus/
# fuzz_*.go (FUZZ_OUT=DIR writes them elsewhere). It prints `BENCH go-fuzz
# programs=N minutes=M differences=D per10k=R ...`, the differences
# grouped into classes (`go-fuzz class ...` lines), and fails on any silent
# or crash difference; fuzz-go.log has every difference in full and
# fuzz-go.jsonl one JSON line per event. `make test` runs the same test on
# two fixed seeds in seconds (testdata/gofuzz/known.tsv lists their known
# differences). FUZZ_SEED=N repeats a run; FUZZ_PROCS=1 keeps it (and the
# builds and interpreters it starts) on one core; FUZZ_WEIGHTS=generic=0
# changes the grammar's weights. `go run ./cmd/gophernote/internal/progen/cmd/progen
# -seed N [-units U,...]` prints a seed's program.
FUZZ_MINUTES ?= 30
FUZZ_MIN_MINUTES ?= 20
fuzz-go:
	@GOPHERNOTE_FUZZ_MINUTES=$(FUZZ_MINUTES) GOPHERNOTE_FUZZ_MIN_MINUTES=$(FUZZ_MIN_MINUTES) GOPHERNOTE_FUZZ_REPORT=$(CURDIR)/fuzz-go.jsonl \
		$(if $(FUZZ_SEED),GOPHERNOTE_FUZZ_SEED=$(FUZZ_SEED)) $(if $(FUZZ_OUT),GOPHERNOTE_FUZZ_OUT=$(abspath $(FUZZ_OUT))) \
		$(if $(FUZZ_WEIGHTS),GOPHERNOTE_FUZZ_WEIGHTS=$(FUZZ_WEIGHTS)) $(if $(FUZZ_PROCS),GOMAXPROCS=$(FUZZ_PROCS)) \
		bash -c '$(GO) test -count=1 -timeout 0 -run "^TestGoFuzz$$" -v ./cmd/gophernote 2>&1 | tee fuzz-go.log | \
		grep --line-buffered -E "^(BENCH|go-fuzz|--- |FAIL|ok|PASS)|minimized seed|wrote "; exit $${PIPESTATUS[0]}'

stdlib-check:
	@if [ -x stdlib/check.sh ]; then bash stdlib/check.sh; else echo "stdlib-check: no tables yet"; fi

# Re-execute every notebook in place, in the form committed to the
# repository (outputs included, figures as palette PNG, stable JSON: an
# unchanged notebook re-runs to the same file). Commit the result; the
# notebook test fails when a re-run no longer reproduces it.
NOTEBOOK_TIMEOUT ?= 20m
notebooks: build deps-data
	@cd notebooks && for nb in *.ipynb; do \
		start=$$(date +%s); \
		../bin/gophernote run --in-place --timeout $(NOTEBOOK_TIMEOUT) $$nb >/dev/null || { echo "make notebooks: $$nb failed"; exit 1; }; \
		echo "notebooks/$$nb: $$(wc -c <$$nb) bytes, $$(( $$(date +%s) - start )) s"; \
	done

# Side-by-side benchmarks: Go benchmarks (run once each) plus the tests
# gated by GOPHERNOTE_BENCH=1 that drive an external baseline (ipykernel,
# SciPy). Every figure is printed as a `BENCH name ... ratio=...` line;
# the Go corpus (cmd/gophernote TestGoCorpus, also part of `make test`)
# prints `BENCH go-corpus script=P/N notebook=Q/N`.
bench: build deps-data
	@$(GO) test -run '^$$' -bench . -benchtime 1x ./... 2>&1 | tee bench-go.log | grep -E '^(BENCH|FAIL|--- FAIL)' || true
	@GOPHERNOTE_BENCH=1 $(GO) test -count=1 -timeout 60m -run 'Bench|^TestGoCorpus$$' -v ./... 2>&1 | tee bench-gated.log | grep -E '^(BENCH|FAIL|--- FAIL)' || true

# Go's own test suite (the `// run` and joinable `// rundir` programs of
# $(go env GOROOT)/test) three ways: compiled, as `gophernote run FILE.go`
# and as notebook cells, with time limits scaled to the compiled run's
# (cmd/gophernote/spec_test.go). Prints the BENCH go-spec lines; writes
# every run's verdict to conformance.jsonl, the differences grouped by
# error to conformance.jsonl.summary.txt and the whole log to
# conformance.log. `make test` runs the same test with a time cap per
# program and notebooks for a fixed sample.
conformance:
	@bash -o pipefail -c 'GOPHERNOTE_SPEC=full GOPHERNOTE_SPEC_REPORT=$(CURDIR)/conformance.jsonl \
		$(GO) test -count=1 -timeout 8h -run "^TestGoSpec$$" -v ./cmd/gophernote 2>&1 | tee conformance.log | \
		grep -E "^(BENCH|--- FAIL|FAIL|ok)"'

# The same full run, rewriting known-silent.tsv from its verdicts (flaky
# rows and notes kept) and the README's table of what Go gophernote runs
# and refuses: after merging engine work, review the diff and commit it.
conformance-update:
	@bash -o pipefail -c 'GOPHERNOTE_SPEC=full GOPHERNOTE_SPEC_REPORT=$(CURDIR)/conformance.jsonl \
		GOPHERNOTE_SPEC_WRITE_KNOWN=1 GOPHERNOTE_SPEC_WRITE_README=1 \
		$(GO) test -count=1 -timeout 8h -run "^TestGoSpec$$" -v ./cmd/gophernote 2>&1 | tee conformance.log | \
		grep -E "^(BENCH|--- FAIL|FAIL|ok)|go-spec: wrote"'

clean:
	rm -rf bin out bench-go.log bench-gated.log test-hub.log conformance.log conformance.jsonl conformance.jsonl.summary.txt fuzz-go.log fuzz-go.jsonl $(LAB)/build
