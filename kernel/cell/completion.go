package cell

// Completion is one match of a completion request: the text replacing the
// word at the cursor, its kind ("function", "method", "type", "variable",
// "field", "constant", "package", "keyword", "value"), and for functions
// and methods their signature. The engine produces them; the session sends
// the kinds as complete_reply metadata._jupyter_types_experimental, which
// JupyterLab shows as icons.
type Completion struct {
	Text      string
	Type      string
	Signature string
}
