package engine

import (
	"fmt"
	"io"
	"reflect"

	"github.com/traefik/yaegi/interp"
)

// Workaround, part of the printing of cell types (fix_errors.go): verbs
// that are not for strings.
//
// fmt calls an error's Error method (a Stringer's String) only for the
// verbs %v, %s, %q, %x and %X; `fmt.Sprintf("%d", t)` of a `type T int`
// with an Error method prints the number. yaegi hands fmt a cell value as
// a wrapper struct holding the value and its methods, so %d printed the
// struct ({1 5131744}). The wrappers the engine declares for error and
// fmt.Stringer (ErrorValue, StringerValue) are fmt.Formatters that do
// what fmt does: the method's text for the string verbs, the value
// itself for the others (and for %#v).

// ErrorValue is error under a name of the engine's, whose yaegi wrapper
// (_ErrorValue) formats like fmt. Exported only for yaegi.
type ErrorValue interface{ Error() string }

// StringerValue is fmt.Stringer likewise.
type StringerValue interface{ String() string }

// _ErrorValue is yaegi's wrapper of an interpreted value implementing
// ErrorValue: IValue holds the value, WError its method.
type _ErrorValue struct {
	IValue any
	WError func() string
}

func (w _ErrorValue) Error() string { return w.WError() }

func (w _ErrorValue) Format(f fmt.State, verb rune) {
	formatMethod(f, verb, w.IValue, "Error", w.WError)
}

// _StringerValue is yaegi's wrapper of an interpreted fmt.Stringer.
type _StringerValue struct {
	IValue  any
	WString func() string
}

func (w _StringerValue) String() string { return w.WString() }

func (w _StringerValue) Format(f fmt.State, verb rune) {
	formatMethod(f, verb, w.IValue, "String", w.WString)
}

// formatMethod formats as fmt does a value whose Error or String method
// is text: the text for %v %s %q %x %X, the value for other verbs and %#v.
// A panic in the method prints as fmt's catchPanic prints it (naming the
// method, not this Format).
func formatMethod(f fmt.State, verb rune, v any, method string, text func() string) {
	switch verb {
	case 'v':
		if f.Flag('#') {
			break
		}
		fallthrough
	case 's', 'q', 'x', 'X':
		if s, ok := methodText(f, verb, v, method, text); ok {
			fmt.Fprintf(f, fmt.FormatString(f, verb), s)
		}
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), v)
}

// methodText calls text; when it panics it writes what fmt's catchPanic
// writes ("<nil>" for a nil pointer, else %!v(PANIC=String method: ...))
// and returns false.
func methodText(f fmt.State, verb rune, v any, method string, text func() string) (s string, ok bool) {
	defer func() {
		if !ok {
			r := recover()
			if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
				io.WriteString(f, "<nil>")
				return
			}
			fmt.Fprintf(f, "%%!%c(PANIC=%s method: %v)", verb, method, r)
		}
	}()
	return text(), true
}

// fmtVerbSymbols declares the wrappers to yaegi.
func fmtVerbSymbols() interp.Exports {
	self := reflect.TypeFor[ErrorValue]().PkgPath()
	return interp.Exports{self + "/engine": {
		"ErrorValue":     reflect.ValueOf((*ErrorValue)(nil)),
		"_ErrorValue":    reflect.ValueOf((*_ErrorValue)(nil)),
		"StringerValue":  reflect.ValueOf((*StringerValue)(nil)),
		"_StringerValue": reflect.ValueOf((*_StringerValue)(nil)),
	}}
}
