package display

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Text-like content (HTML, Markdown, LaTeX, SVG) may be given as a string,
// a []byte or a fmt.Stringer; images as raw bytes, base64 text or an
// image.Image. Anything else is reported as an error naming the call and the
// type received; the error is shown in the cell's output and kept in
// Handle.Err.

// HTML displays content (string, []byte or fmt.Stringer) as text/html.
func HTML(content any) *Handle { h := NewID(); _ = h.HTML(content); return h }

// Markdown displays content (string, []byte or fmt.Stringer) as text/markdown.
func Markdown(content any) *Handle { h := NewID(); _ = h.Markdown(content); return h }

// LaTeX displays a formula as text/latex. Content without math delimiters
// is wrapped in $$...$$ so front ends typeset it as display math.
func LaTeX(content any) *Handle { h := NewID(); _ = h.LaTeX(content); return h }

// SVG displays an SVG document given as a string or []byte.
func SVG(content any) *Handle { h := NewID(); _ = h.SVG(content); return h }

// JSON displays v as application/json. A []byte or a string holding valid
// JSON text is shown as that JSON; any other value (including a string that
// is not JSON) is marshalled with encoding/json.
func JSON(v any) *Handle { h := NewID(); _ = h.JSON(v); return h }

// Text displays v as text/plain: strings and []byte as they are, any other
// value formatted with fmt.Sprint.
func Text(v any) *Handle { h := NewID(); _ = h.Text(v); return h }

// HTML shows content as text/html under the handle.
func (h *Handle) HTML(content any) error { return h.show(textBundle("HTML", "text/html", content)) }

// Markdown shows content as text/markdown under the handle.
func (h *Handle) Markdown(content any) error {
	return h.show(textBundle("Markdown", "text/markdown", content))
}

// LaTeX shows a formula as text/latex under the handle.
func (h *Handle) LaTeX(content any) error { return h.show(latexBundle(content)) }

// SVG shows an SVG document under the handle.
func (h *Handle) SVG(content any) error { return h.show(svgBundle(content)) }

// JSON shows v as application/json under the handle.
func (h *Handle) JSON(v any) error { return h.show(jsonBundle(v)) }

// Text shows v as text/plain under the handle.
func (h *Handle) Text(v any) error {
	return h.show(Bundle{Data: MIME{"text/plain": plainText(v)}}, nil)
}

// asText converts the accepted text content types to a string.
func asText(call string, content any) (string, error) {
	switch c := content.(type) {
	case string:
		return c, nil
	case []byte:
		return string(c), nil
	case fmt.Stringer:
		return c.String(), nil
	case nil:
		return "", fmt.Errorf("display.%s: content is nil; want a string or []byte", call)
	}
	return "", fmt.Errorf("display.%s: content must be a string or []byte, got %T", call, content)
}

func plainText(v any) string {
	switch c := v.(type) {
	case string:
		return c
	case []byte:
		return string(c)
	}
	return fmt.Sprint(v)
}

func textBundle(call, mime string, content any) (Bundle, error) {
	s, err := asText(call, content)
	if err != nil {
		return Bundle{}, err
	}
	return Bundle{Data: MIME{mime: s, "text/plain": s}}, nil
}

func latexBundle(content any) (Bundle, error) {
	s, err := asText("LaTeX", content)
	if err != nil {
		return Bundle{}, err
	}
	tex := strings.TrimSpace(s)
	if tex == "" {
		return Bundle{}, errors.New("display.LaTeX: empty formula")
	}
	if !strings.HasPrefix(tex, "$") && !strings.HasPrefix(tex, `\[`) &&
		!strings.HasPrefix(tex, `\(`) && !strings.HasPrefix(tex, `\begin`) {
		tex = "$$" + tex + "$$"
	}
	return Bundle{Data: MIME{"text/latex": tex, "text/plain": s}}, nil
}

func svgBundle(content any) (Bundle, error) {
	s, err := asText("SVG", content)
	if err != nil {
		return Bundle{}, err
	}
	if err := checkSVG(s); err != nil {
		return Bundle{}, fmt.Errorf("display.SVG: %w", err)
	}
	return Bundle{Data: MIME{"image/svg+xml": s, "text/plain": "<SVG image>"}}, nil
}

// checkSVG reports whether s is well-formed XML whose root element is <svg>.
func checkSVG(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = true
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			line, _ := d.InputPos()
			return fmt.Errorf("not well-formed XML at line %d: %v", line, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
			if root != "svg" {
				return fmt.Errorf("root element is <%s>, want <svg>", root)
			}
		}
	}
	if root == "" {
		return errors.New("no <svg> element")
	}
	return nil
}

func jsonBundle(v any) (Bundle, error) {
	var raw []byte
	switch c := v.(type) {
	case json.RawMessage:
		raw = c
	case []byte:
		raw = c
	case string:
		if json.Valid([]byte(c)) {
			raw = []byte(c)
		}
	}
	if raw != nil && !json.Valid(raw) {
		return Bundle{}, errors.New("display.JSON: []byte content is not valid JSON")
	}
	if raw == nil {
		var err error
		if raw, err = json.Marshal(v); err != nil {
			return Bundle{}, fmt.Errorf("display.JSON: cannot marshal %T: %v", v, err)
		}
	}
	var generic any
	if err := json.Unmarshal(raw, &generic); err != nil {
		return Bundle{}, fmt.Errorf("display.JSON: %v", err)
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, raw, "", "  "); err != nil {
		return Bundle{}, fmt.Errorf("display.JSON: %v", err)
	}
	return Bundle{Data: MIME{"application/json": generic, "text/plain": pretty.String()}}, nil
}
