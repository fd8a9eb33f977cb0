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

// TestValue: Value shows a rich value as a cell's final value would be
// shown, and anything else as its %v text.
func TestValue(t *testing.T) {
	f := install(t)
	Value(twoViews{})
	Value(42)
	if len(f.bundles) != 2 || f.bundles[0].Data["text/html"] == nil || f.bundles[1].Data["text/plain"] != "42" {
		t.Errorf("bundles %v", f.bundles)
	}
}
