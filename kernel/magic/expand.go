package magic

import (
	"context"
	"go/parser"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
)

// expand replaces $NAME and {EXPR} in a shell command or a magic's
// arguments by Go values of the session, as IPython does with Python
// values: $NAME when NAME is a variable or constant of the session, {EXPR}
// when EXPR is a Go expression that compiles in the session; anything
// else stays as written, for the shell ($HOME, ${X}, {a,b}, awk's
// {print $1}). $$, {{ and }} stand for $, { and }. A value is the text a
// cell's value shows (text/plain). An EXPR that compiles but fails when it
// runs (a panic, an interrupt) is the cell's error.
func (r *runner) expand(ctx context.Context, s string) (string, *cell.Error) {
	if !strings.ContainsAny(s, "${}") {
		return s, nil
	}
	var vars map[string]bool
	isVar := func(name string) bool {
		if vars == nil {
			vars = map[string]bool{}
			vs, _ := r.m.in.Variables()
			for _, v := range vs {
				vars[v.Name] = true
			}
		}
		return vars[name]
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '$' && i+1 < len(s) && s[i+1] == '$':
			b.WriteByte('$')
			i += 2
		case c == '{' && i+1 < len(s) && s[i+1] == '{':
			b.WriteByte('{')
			i += 2
		case c == '}' && i+1 < len(s) && s[i+1] == '}':
			b.WriteByte('}')
			i += 2
		case c == '$' && i+1 < len(s) && isIdentStart(s[i+1]):
			j := i + 1
			for j < len(s) && isNameByte(s[j]) {
				j++
			}
			name := s[i+1 : j]
			if !isVar(name) {
				b.WriteString(s[i:j])
				i = j
				continue
			}
			v, ok, err := r.value(ctx, name)
			if err != nil {
				return "", err
			}
			if !ok {
				b.WriteString(s[i:j])
			} else {
				b.WriteString(v)
			}
			i = j
		case c == '{' && (i == 0 || s[i-1] != '$'):
			j := closingBrace(s, i)
			if j < 0 {
				b.WriteByte(c)
				i++
				continue
			}
			expr := strings.TrimSpace(s[i+1 : j])
			if _, perr := parser.ParseExpr(expr); expr == "" || perr != nil {
				b.WriteString(s[i : j+1])
				i = j + 1
				continue
			}
			v, ok, err := r.value(ctx, expr)
			if err != nil {
				return "", err
			}
			if !ok {
				b.WriteString(s[i : j+1])
			} else {
				b.WriteString(v)
			}
			i = j + 1
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), nil
}

// value evaluates a Go expression in the session and returns the text of
// its value; ok is false when it does not compile or has no single value.
func (r *runner) value(ctx context.Context, expr string) (text string, ok bool, err *cell.Error) {
	res := r.exec(ctx, expr)
	if res.Err != nil {
		if res.Err.Name == "CompileError" {
			return "", false, nil
		}
		return "", false, res.Err
	}
	if res.Value == nil {
		return "", false, nil
	}
	t, ok := res.Value.Data["text/plain"].(string)
	return t, ok, nil
}

// closingBrace returns the index of the } matching the { at open, or -1;
// braces inside Go string and rune literals do not count.
func closingBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		case '"', '\'', '`':
			q := s[i]
			for i++; i < len(s) && s[i] != q; i++ {
				if s[i] == '\\' && q != '`' {
					i++
				}
			}
		}
	}
	return -1
}

func isIdentStart(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
