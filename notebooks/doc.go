// Package notebooks holds the notebooks that reproduce published
// scaling-law results cell by cell, and the test that runs every one of them
// headless (`gophernote run`) and through a real Jupyter client (nbclient),
// checking that both produce the summary the notebook promises.
package notebooks
