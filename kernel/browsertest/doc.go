// Package browsertest holds the real-browser test of gophernote: Debian's
// classic Jupyter Notebook serves a notebook whose kernel is a freshly
// built gophernote, and headless Chromium (driven by playwright-core from
// npm, see testdata/) runs a plotting cell and a LaTeX cell and checks that
// an inline PNG image and MathJax-typeset math appear.
//
// Needs: /usr/bin/chromium, /usr/bin/python3 with the notebook package
// (Debian jupyter-notebook), node, and `npm ci --prefix
// kernel/browsertest/testdata` (`make deps-lab` runs it). The JupyterLab 4
// test is in the lab subpackage; both use internal/browserenv.
package browsertest
