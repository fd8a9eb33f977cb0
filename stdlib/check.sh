#!/usr/bin/env bash
# Fails when the generated symbol/doc tables in stdlib/ are stale, missing or
# extra, i.e. differ from what `go generate ./stdlib` would write now. The
# generator compares in memory and writes nothing in -check mode; yaegi
# extract results are cached per package (user cache dir), so a check with
# unchanged packages takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./stdlib/gen -check
