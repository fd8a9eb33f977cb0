// Package notebooks holds the notebooks that reproduce published
// scaling-law results cell by cell, committed with their outputs (`make
// notebooks` re-executes them in place), and the tests that run every one
// of them headless (`gophernote run`) and through a real Jupyter client
// (nbclient), checking that both produce the summary the notebook promises
// and that the headless run reproduces the committed outputs.
package notebooks
