package display

import "testing"

type twoViews struct{}

func (twoViews) MIMEBundle() map[string]string {
	return map[string]string{"text/html": "<table><tr><td>1</td></tr></table>", "text/plain": "1"}
}

// TestAutoMultiMIME: a value with MIMEBundle shows each representation
// under its own type; text/plain stays text, not HTML.
func TestAutoMultiMIME(t *testing.T) {
	b, ok := Auto(twoViews{})
	if !ok {
		t.Fatal("MultiMIMEr not recognised")
	}
	if b.Data["text/html"] != "<table><tr><td>1</td></tr></table>" || b.Data["text/plain"] != "1" {
		t.Errorf("bundle %v", b.Data)
	}
}
