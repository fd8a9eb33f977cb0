package progen

import "fmt"

// chanStmt: channels and select in one goroutine, deterministic: buffered
// sends and receives, close, comma-ok receives, range over a closed
// channel, len and cap, nil channels in a select, a select's default,
// and every jump out of a select's case — a plain break (leaves the
// select), continue, break L and continue L of loops around it, through a
// switch or a nested select.
func (g *gen) chanStmt(w *writer, s *scope, d int) {
	et := pick(g, []string{"int", "int8", "uint16", "int64", "string"})
	val := func(i string) string {
		if et == "string" {
			return fmt.Sprintf("fmt.Sprint(%q, %s)", pick(g, []string{"a", "b", "z"}), i)
		}
		return fmt.Sprintf("%s(%s*%d)", et, i, 1+g.r.Intn(5))
	}
	k := 1 + g.r.Intn(4)
	m := k + 1 + g.r.Intn(4)
	ch := g.local("ch")
	n := g.local("n")
	switch g.r.Intn(5) {
	case 0:
		// non-blocking sends into a buffer, a break that leaves the
		// select and a continue of the loop
		w.line("%s := make(chan %s, %d)", ch, et, k)
		w.line("%s := 0", n)
		w.open("for i := 0; i < %d; i++ {", m)
		w.open("select {")
		w.line("case %s <- %s:", ch, val("i"))
		w.indent++
		w.open("if i%%%d == %d {", 2+g.r.Intn(2), g.r.Intn(2))
		w.line("continue")
		w.close("}")
		w.line("%s += i", n)
		w.indent--
		w.line("default:")
		w.indent++
		w.open("if i > %d {", g.r.Intn(m))
		w.line("break")
		w.close("}")
		w.line("%s -= %d", n, 1+g.r.Intn(3))
		w.indent--
		w.close("}")
		w.line("%s++", n)
		w.close("}")
		w.line("fmt.Println(%s, len(%s), cap(%s))", n, ch, ch)
	case 1:
		// drain a closed channel with comma-ok receives, leaving and
		// continuing a labelled loop from the select
		lbl := fmt.Sprintf("L%s", g.local("c"))
		w.line("%s := make(chan %s, %d)", ch, et, m)
		w.open("for i := range %d {", m)
		w.line("%s <- %s", ch, val("i"))
		w.close("}")
		w.line("close(%s)", ch)
		w.line("%s := 0", n)
		w.line("%s:", lbl)
		w.open("for {")
		w.open("select {")
		w.line("case v, ok := <-%s:", ch)
		w.indent++
		w.open("if !ok {")
		w.line("break %s", lbl)
		w.close("}")
		w.open("if %s%%%d == %d {", n, 2+g.r.Intn(2), g.r.Intn(2))
		w.line("%s++", n)
		w.line("continue %s", lbl)
		w.close("}")
		w.line("fmt.Println(\"got\", v)")
		w.indent--
		w.close("}")
		w.line("%s += %d", n, 1+g.r.Intn(2))
		w.close("}")
		w.line("fmt.Println(%s, len(%s))", n, ch)
	case 2:
		// a nil channel's case is never chosen; a switch inside the
		// case continues the loop
		w.line("var %s chan %s", ch, et)
		b := g.local("b")
		w.line("%s := make(chan %s, 1)", b, et)
		w.line("%s := 0", n)
		w.open("for i := 0; i < %d; i++ {", m)
		w.line("%s <- %s", b, val("i"))
		w.open("select {")
		w.line("case v := <-%s:", ch)
		w.line("\tfmt.Println(\"nil channel\", v)")
		w.line("case v := <-%s:", b)
		w.indent++
		w.open("switch i %% %d {", 2+g.r.Intn(3))
		w.line("case 0:")
		w.line("\tcontinue")
		w.line("case 1:")
		w.line("\tbreak")
		w.line("default:")
		w.line("\tfmt.Println(\"v\", v)")
		w.close("}")
		w.line("%s += 10", n)
		w.indent--
		w.close("}")
		w.line("%s++", n)
		w.close("}")
		w.line("fmt.Println(%s, %s == nil)", n, ch)
	case 3:
		// nested selects: the inner one's default leaves the outer loop
		lbl := fmt.Sprintf("O%s", g.local("c"))
		b := g.local("b")
		w.line("%s := make(chan int, %d)", ch, m)
		w.line("%s := make(chan int, %d)", b, m)
		w.line("%s := []string{}", n)
		w.line("%s:", lbl)
		w.open("for i := 0; i < %d; i++ {", m)
		w.open("for j := 0; j < %d; j++ {", 1+g.r.Intn(3))
		w.line("%s <- i*10 + j", ch)
		w.open("select {")
		w.line("case x := <-%s:", ch)
		w.indent++
		w.open("select {")
		w.line("case y := <-%s:", b)
		w.line("\t%s = append(%s, fmt.Sprint(\"y\", y))", n, n)
		w.line("default:")
		w.indent++
		w.open("if x%%%d == %d {", 2+g.r.Intn(3), g.r.Intn(2))
		w.line("continue %s", lbl)
		w.close("}")
		w.open("if x > %d {", 10*g.r.Intn(m))
		w.line("break %s", lbl)
		w.close("}")
		w.line("%s <- x", b)
		w.indent--
		w.close("}")
		w.line("%s = append(%s, fmt.Sprint(x))", n, n)
		w.indent--
		w.close("}")
		w.close("}")
		w.close("}")
		w.line("fmt.Println(%s, len(%s), len(%s))", n, ch, b)
	default:
		// range over a closed channel; a select that returns from a
		// function literal
		w.line("%s := make(chan %s, %d)", ch, et, k)
		w.open("for i := range %d {", k)
		w.line("%s <- %s", ch, val("i"))
		w.close("}")
		w.line("close(%s)", ch)
		w.line("%s := 0", n)
		w.open("for v := range %s {", ch)
		w.line("_ = v")
		w.line("%s++", n)
		w.close("}")
		f := g.local("f")
		w.open("%s := func(c chan %s) string {", f, et)
		w.open("for {")
		w.open("select {")
		w.line("case v, ok := <-c:")
		w.open("\tif !ok {")
		w.line("return \"closed\"")
		w.close("\t}")
		w.line("\treturn fmt.Sprint(v)")
		w.line("default:")
		w.line("\treturn \"empty\"")
		w.close("}")
		w.close("}")
		w.close("}")
		w.line("fmt.Println(%s, %s(%s), %s(make(chan %s, 1)))", n, f, ch, f, et)
	}
	g.imp("fmt")
	_ = s
	_ = d
}
