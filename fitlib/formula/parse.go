package formula

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is a parse error: the 1-based column (in characters) of the offending
// token and what was expected there.
type Error struct {
	Src string // the formula text
	Col int    // 1-based column of the problem
	Msg string // what was wrong or expected
}

// Error formats the column and the message.
func (e *Error) Error() string {
	return fmt.Sprintf("formula: column %d: %s", e.Col, e.Msg)
}

// expr is a node of the parse tree. The tree keeps the user's shape (for
// String and LaTeX); evaluation and derivatives use the simplified graph.
type expr struct {
	kind  byte // 'n' number, 'v' variable, 'p' parameter, 'u' unary minus, 'b' binary, 'f' call
	op    byte // for 'b': + - * / ^
	fn    string
	num   float64
	text  string // number as written, or name
	index int    // variable or parameter index
	args  []*expr
}

// functions and their argument counts.
var functions = map[string]int{
	"exp": 1, "log": 1, "log10": 1, "sqrt": 1, "abs": 1, "sigmoid": 1, "softplus": 1, "lgamma": 1, "min": 2, "max": 2,
}

type token struct {
	kind byte // 'n' number, 'i' identifier, 'o' operator or paren or comma, 0 end
	text string
	num  float64
	col  int // 1-based column
}

type parser struct {
	src    string
	toks   []token
	pos    int
	vars   map[string]int
	params []string
	pindex map[string]int
}

func describe(t token) string {
	switch t.kind {
	case 0:
		return "end of input"
	case 'n':
		return "number " + t.text
	case 'i':
		return "name " + strconv.Quote(t.text)
	}
	return strconv.Quote(t.text)
}

func lex(src string) ([]token, error) {
	var toks []token
	col := 1
	for i := 0; i < len(src); {
		c := src[i]
		start, startCol := i, col
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case strings.IndexByte("+-*/^(),", c) >= 0:
			i++
			toks = append(toks, token{kind: 'o', text: src[start:i], col: startCol})
		case isDigit(c) || c == '.':
			for i < len(src) && (isDigit(src[i]) || src[i] == '.') {
				i++
			}
			if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
				j := i + 1
				if j < len(src) && (src[j] == '+' || src[j] == '-') {
					j++
				}
				if j >= len(src) || !isDigit(src[j]) {
					return nil, &Error{src, startCol + j - start, fmt.Sprintf("expected exponent digits in number %q", src[start:j])}
				}
				for j < len(src) && isDigit(src[j]) {
					j++
				}
				i = j
			}
			text := src[start:i]
			v, err := strconv.ParseFloat(text, 64)
			if err != nil || strings.Count(text, ".") > 1 || text == "." {
				return nil, &Error{src, startCol, fmt.Sprintf("malformed number %q", text)}
			}
			toks = append(toks, token{kind: 'n', text: text, num: v, col: startCol})
		case isLetter(c) || c >= utf8.RuneSelf && isNameRune(src[i:], true):
			for i < len(src) && (isLetter(src[i]) || isDigit(src[i]) || src[i] >= utf8.RuneSelf && isNameRune(src[i:], false)) {
				if src[i] >= utf8.RuneSelf {
					_, size := utf8.DecodeRuneInString(src[i:])
					i += size
				} else {
					i++
				}
			}
			toks = append(toks, token{kind: 'i', text: src[start:i], col: startCol})
		default:
			r, _ := utf8.DecodeRuneInString(src[i:])
			return nil, &Error{src, startCol, fmt.Sprintf("unexpected character %q", r)}
		}
		col += utf8.RuneCountInString(src[start:i])
	}
	return append(toks, token{col: col}), nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isNameRune reports whether the rune at the start of s may appear in a
// name: a Unicode letter (α, β, λ), or also a digit when not first.
func isNameRune(s string, first bool) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || !first && unicode.IsDigit(r)
}

func isLetter(c byte) bool { return c == '_' || (c|0x20) >= 'a' && (c|0x20) <= 'z' }

func (p *parser) peek() token { return p.toks[p.pos] }
func (p *parser) next() token { t := p.toks[p.pos]; p.pos++; return t }

func (p *parser) errAt(t token, format string, args ...any) error {
	return &Error{p.src, t.col, fmt.Sprintf(format, args...)}
}

func (p *parser) isOp(s string) bool { t := p.peek(); return t.kind == 'o' && t.text == s }

// sum = product { ("+" | "-") product }
func (p *parser) sum() (*expr, error) {
	x, err := p.product()
	if err != nil {
		return nil, err
	}
	for p.isOp("+") || p.isOp("-") {
		op := p.next().text[0]
		y, err := p.product()
		if err != nil {
			return nil, err
		}
		x = &expr{kind: 'b', op: op, args: []*expr{x, y}}
	}
	return x, nil
}

// product = unary { ("*" | "/") unary }
func (p *parser) product() (*expr, error) {
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.isOp("*") || p.isOp("/") {
		op := p.next().text[0]
		y, err := p.unary()
		if err != nil {
			return nil, err
		}
		x = &expr{kind: 'b', op: op, args: []*expr{x, y}}
	}
	return x, nil
}

// unary = "-" unary | "+" unary | power. Minus binds looser than ^, so
// -x^2 = -(x^2).
func (p *parser) unary() (*expr, error) {
	if p.isOp("-") || p.isOp("+") {
		neg := p.next().text == "-"
		x, err := p.unary()
		if err != nil || !neg {
			return x, err
		}
		return &expr{kind: 'u', args: []*expr{x}}, nil
	}
	return p.power()
}

// power = primary [ "^" unary ]: right-associative, and the exponent may
// carry its own sign (2^-x).
func (p *parser) power() (*expr, error) {
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	if p.isOp("^") {
		p.next()
		y, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &expr{kind: 'b', op: '^', args: []*expr{x, y}}, nil
	}
	return x, nil
}

func (p *parser) primary() (*expr, error) {
	t := p.next()
	switch {
	case t.kind == 'n':
		return &expr{kind: 'n', num: t.num, text: t.text}, nil
	case t.kind == 'o' && t.text == "(":
		x, err := p.sum()
		if err != nil {
			return nil, err
		}
		if !p.isOp(")") {
			return nil, p.errAt(p.peek(), "expected ')' to close '(' at column %d, found %s", t.col, describe(p.peek()))
		}
		p.next()
		return x, nil
	case t.kind == 'i':
		if nargs, ok := functions[t.text]; ok {
			return p.call(t, nargs)
		}
		if p.isOp("(") {
			return nil, p.errAt(t, "unknown function %q (known: abs, exp, lgamma, log, log10, max, min, sigmoid, softplus, sqrt)", t.text)
		}
		if i, ok := p.vars[t.text]; ok {
			return &expr{kind: 'v', text: t.text, index: i}, nil
		}
		i, ok := p.pindex[t.text]
		if !ok {
			i = len(p.params)
			p.pindex[t.text] = i
			p.params = append(p.params, t.text)
		}
		return &expr{kind: 'p', text: t.text, index: i}, nil
	}
	return nil, p.errAt(t, "expected a number, a name, a function call or '(', found %s", describe(t))
}

func (p *parser) call(name token, nargs int) (*expr, error) {
	if !p.isOp("(") {
		return nil, p.errAt(p.peek(), "expected '(' after function %s, found %s", name.text, describe(p.peek()))
	}
	open := p.next()
	var args []*expr
	for {
		x, err := p.sum()
		if err != nil {
			return nil, err
		}
		args = append(args, x)
		if p.isOp(",") {
			if len(args) == nargs {
				return nil, p.errAt(p.peek(), "%s takes %d argument%s, found ','", name.text, nargs, plural(nargs))
			}
			p.next()
			continue
		}
		if !p.isOp(")") {
			return nil, p.errAt(p.peek(), "expected ',' or ')' in call to %s at column %d, found %s", name.text, open.col, describe(p.peek()))
		}
		if len(args) != nargs {
			return nil, p.errAt(p.peek(), "%s takes %d argument%s, found %d", name.text, nargs, plural(nargs), len(args))
		}
		p.next()
		return &expr{kind: 'f', fn: name.text, args: args}, nil
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func validName(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}
