// Package lab holds the JupyterLab 4 browser test of gophernote.
//
// testdata/ is an npm project: a JupyterLab 4 notebook front end assembled
// from the @jupyterlab/* packages (src/index.js: one notebook panel with
// Lab's toolbar, CodeMirror 6, the kernel completer, the Shift-Tab tooltip,
// MathJax 3 and the Jupyter widget manager), bundled by webpack into
// testdata/build/, and the playwright-core driver that runs checks in it
// (drive.js, lab.js, checks/*.js). server.py serves the bundle as a
// jupyterlab_server LabServerApp on Debian's jupyter_server 1.23.
// `make deps-lab` (a prerequisite of `make test`) runs `npm ci` and the
// build when build/ is missing or older than its sources (see the
// Makefile); the test fails, naming that command, when the bundle is stale.
//
// TestJupyterLab builds gophernote, installs its kernelspec in a temporary
// prefix, starts the server with every Jupyter directory private to the
// test, and runs each check in headless Chromium (Debian's
// /usr/bin/chromium) on a notebook of its own, so each gets a fresh
// kernel. Screenshots go to $GOPHERNOTE_TEST_OUT/lab.
//
// Adding a check: write testdata/checks/NAME.js exporting
// `async (lab, arg) => result` (see lab.js for the helpers: run cells,
// read outputs and renderers, type with the keyboard, screenshot), and a
// subtest calling env.drive(t, "NAME", notebook, arg, &result).
package lab
