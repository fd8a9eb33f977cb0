#!/usr/bin/env bash
# `make deps-debian`: the Debian packages the real-client tests need.
# Usage: .ci/deps-debian.sh PACKAGE...
# Installs the missing ones with apt-get when run as root; otherwise names
# them with the command that installs them and fails. On a system without
# dpkg it says what to install and carries on (the tests that need these
# programs then fail naming what is missing).
set -euo pipefail
if ! command -v dpkg-query >/dev/null; then
	echo "deps: not a Debian system; the real-client tests need Jupyter (jupyter_client, nbclient, nbformat," \
		"nbconvert, jupyter_kernel_test, ipykernel, the classic notebook), SciPy and Chromium" >&2
	exit 0
fi
missing=()
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing Debian packages: ${missing[*]}" >&2
	echo "deps: install them with: sudo apt-get install --no-install-recommends ${missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
