package widgets

import (
	"fmt"
	"math"
	"sort"
)

// Binary buffers (widget protocol 2): any []byte value anywhere in a state
// object travels as a binary frame after the message's JSON parts. The state
// keeps its place: a map key is removed, a list element becomes null, and
// buffer_paths lists, in frame order, the path (keys and indexes) of each.

// removeBuffers splits the []byte values off a JSON-ready state. The state
// is copied where it changes; the input is not modified.
func removeBuffers(state map[string]any) (map[string]any, [][]any, [][]byte) {
	paths := [][]any{}
	var bufs [][]byte
	var walk func(v any, path []any) any
	walk = func(v any, path []any) any {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys) // deterministic buffer order
			out := make(map[string]any, len(x))
			for _, k := range keys {
				if b, ok := x[k].([]byte); ok {
					paths = append(paths, append(append([]any{}, path...), k))
					bufs = append(bufs, b)
					continue
				}
				out[k] = walk(x[k], append(path, k))
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				if b, ok := e.([]byte); ok {
					paths = append(paths, append(append([]any{}, path...), i))
					bufs = append(bufs, b)
					continue // stays nil
				}
				out[i] = walk(e, append(path, i))
			}
			return out
		}
		return v
	}
	return walk(state, nil).(map[string]any), paths, bufs
}

// putBuffers puts buffers into state at the given paths (the decoded JSON
// buffer_paths). It checks every path before changing anything and returns
// an error naming the first bad one; the state is then unchanged.
func putBuffers(state map[string]any, paths any, buffers [][]byte) error {
	if paths == nil {
		if len(buffers) > 0 {
			return fmt.Errorf("%d binary buffers but no buffer_paths", len(buffers))
		}
		return nil
	}
	list, ok := paths.([]any)
	if !ok {
		return fmt.Errorf("buffer_paths is %s, want a list of paths", jsonKind(paths))
	}
	if len(list) > len(buffers) {
		return fmt.Errorf("buffer_paths names %d buffers but the message carries %d", len(list), len(buffers))
	}
	type put struct {
		set func(b []byte)
	}
	var puts []put
	for i, p := range list {
		path, ok := p.([]any)
		if !ok || len(path) == 0 {
			return fmt.Errorf("buffer_paths[%d] is %s, want a non-empty list of keys and indexes", i, jsonKind(p))
		}
		var cur any = state
		for j, step := range path {
			last := j == len(path)-1
			switch c := cur.(type) {
			case map[string]any:
				k, ok := step.(string)
				if !ok {
					return fmt.Errorf("buffer_paths[%d][%d] is %s, want a key (the value there is an object)", i, j, jsonKind(step))
				}
				if last {
					puts = append(puts, put{func(b []byte) { c[k] = b }})
				} else {
					next, ok := c[k]
					if !ok {
						return fmt.Errorf("buffer_paths[%d]: no key %q in the state", i, k)
					}
					cur = next
				}
			case []any:
				f, ok := step.(float64)
				if !ok || f != math.Trunc(f) || f < 0 || f >= float64(len(c)) {
					return fmt.Errorf("buffer_paths[%d][%d] = %v, want an index below %d (the value there is a list)", i, j, step, len(c))
				}
				idx := int(f)
				if last {
					puts = append(puts, put{func(b []byte) { c[idx] = b }})
				} else {
					cur = c[idx]
				}
			default:
				return fmt.Errorf("buffer_paths[%d][%d]: the value there is %s, not an object or list", i, j, jsonKind(cur))
			}
		}
	}
	for i, p := range puts {
		p.set(buffers[i])
	}
	return nil
}

// jsonKind names the JSON type of a decoded value for error messages.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	case []byte:
		return "a binary buffer"
	}
	return fmt.Sprintf("%T", v)
}
