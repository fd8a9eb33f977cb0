// Package worker runs the engine (kernel/engine: yaegi, fitlib, the
// cells' goroutines) in a process of its own, which the kernel process
// supervises, so that what ends a Go program — a runtime fatal error
// (concurrent map writes, out of memory, stack overflow, unlock of an
// unlocked mutex), an unrecovered panic, a signal, the OOM killer — ends
// the worker, not the kernel. The kernel process keeps the sockets, the
// heartbeat, history, comms and display ids (kernel/session), and talks
// to the engine only through a Client, which implements the session's
// Engine, CommEngine and TypedCompleter; the session knows nothing of
// processes. `gophernote run` (kernel/runner) uses the same Client.
//
// # Processes
//
// The Client starts the worker eagerly (Start returns once its engine is
// ready) as this program again with the hidden first argument Subcommand
// (cmd/gophernote's main calls Main for it; tests use their own binary),
// in a process group of its own that it leads, with
//
//   - fd 3: one end of a Unix socketpair carrying the protocol;
//   - fd 4: the shared page (page.go): the statement running and the
//     output not yet sent, which the kernel reads after a crash;
//   - stdout: the kernel's; stderr: a pipe the client reads, passing it on
//     to its log (or Options.Stderr) and keeping the last 4 MiB, where the
//     Go runtime's crash report is found.
//
// When the worker dies the Client kills its process group (no process a
// cell started outlives it), examines the death (crash.go), starts a new
// worker at once, and fails the running cell with Go's words for it; the
// traceback says the state is gone and which cells (execution counts, from
// cell.ExecutionCount) had defined it, and the cell %rerun (RerunMagic)
// runs those cells again. A death while no cell runs is said on the stderr
// of the last cell. Close (kernel shutdown and restart) kills the process
// group. The worker ends its group when its connection closes or it gets
// SIGTERM, which Linux sends it when the kernel's process dies
// (Pdeathsig), so a killed kernel leaves no worker and no cell's child
// behind. SIGINT does not reach the worker from a terminal (its own group)
// and is caught if sent: cells are interrupted by message.
//
// Memory: see memory.go (limits from the machine's or cgroup's memory,
// GOPHERNOTE_MEMORY_LIMIT; freed memory returned to the system when idle).
//
// # Protocol
//
// Messages go both ways over the socket, each a frame (proto.go): the
// length of a JSON header and the number of binary buffers (two
// big-endian uint32), the header, then each buffer as its length and
// bytes. The header is a Msg:
//
//	{"k": KIND, "id": N, "ref": R, "t": TYPE, "b": BODY, "err": TEXT}
//
// KIND is "req" (a request; id numbers it in its sender's numbering),
// "res" (the reply to the peer's request id: body, or err when the request
// itself failed — no handler, a body that does not decode; a cell's error
// is a result, in the body), "ev" (a one-way event) or "cancel" (cancel
// the context of my request id: the peer still replies). ref, on a request
// or an event, is the peer's request it belongs to: a cell's output events
// name the execute request whose sink receives them (0: the idle sink,
// for output of goroutines after their cell). Either side serves requests
// concurrently, each on its own goroutine; events and replies are handled
// in the order they were sent, on the reader. So a cell's events arrive
// before its reply, and complete, inspect, comm_info or an interrupt are
// answered while a cell runs.
//
// Requests, client to worker (bodies in types.go):
//
//	start       {engine: EngineOptions, idle}      -> {pid, memory_limit, address_room, limit_source}
//	execute     {code, comms}                      -> {value: bundle, error: {ename, evalue, traceback}}
//	comm        {type, id, target, data, metadata, comms} + buffers -> {error}
//	comms       {}                                 -> {comms: {id: target}}
//	complete    {code, cursor}                     -> {items: [{text, type, signature}], start, end}
//	inspect     {code, cursor, detail}             -> {data, found}
//	is_complete {code}                             -> {status, indent}
//	stats       {}                                 -> {rss, heap_inuse, released}
//
// Requests, worker to client (ref: the execute or comm request):
//
//	input       {prompt, password}                 -> {value, error}
//
// Events, worker to client (ref: the request whose sink gets them):
//
//	stream      {name} + one buffer: the text, byte for byte (JSON would make bytes that are not UTF-8 U+FFFD)
//	display     {bundle: {data, metadata, id}, update}   (display data, updates by display id, progress bars)
//	clear       {wait}
//	comm        {type, id, target, data, metadata} + buffers   (comm_open, comm_msg, comm_close from widgets)
//
// "comms" in execute and comm tells the worker that the request's sink
// holds widgets (a cell.CommSink); "idle" in start that the client has an
// idle sink. Interrupting a cell is cancelling its request. Display data
// travels as JSON, each value encoded on its own (strings come back as
// strings; other values stay encoded, so that they reach the front end as
// the cell made them).
//
// Adding a request: from another package, register its handler in the
// worker with Handle (from an init function of a package the worker's
// program links), send it from the kernel with Client.Call, and take the
// events it sends (r.Conn.Event) through Options.Events — extend.go. A
// request the protocol itself grows instead gets a handler in the
// server's table (server.go) or the client's (proc.go handlers), its body
// types in types.go and a Client method. Requests run concurrently with a
// running cell (a debugger answers while a cell is stopped at a
// breakpoint); one that needs the engine's state consistently takes what
// the engine offers for that (its methods lock as they need).
//
// Profiling: GOPHERNOTE_WORKER_CPUPROFILE=FILE makes the worker write a
// CPU profile of everything it ran to FILE when it ends (Client.Close
// lets it end by itself), e.g. to see where an interpreted program
// spends its time: GOPHERNOTE_WORKER_CPUPROFILE=/tmp/w.prof gophernote
// run prog.go; go tool pprof -top bin/gophernote /tmp/w.prof.
package worker
