package cell

// Comm is one message of the Jupyter comm protocol (comm_open, comm_msg or
// comm_close), in either direction. Interactive widgets are built on it.
type Comm struct {
	// Type is "comm_open", "comm_msg" or "comm_close".
	Type string
	// ID is the comm_id.
	ID string
	// Target is the target_name of a comm_open ("" otherwise).
	Target string
	// Data is the content's data object (never nil once decoded).
	Data map[string]any
	// Metadata is the message's metadata object (the widget protocol puts
	// {"version": "2.1.0"} on comm_open); nil when empty.
	Metadata map[string]any
	// Buffers are the binary buffers that travel after the JSON parts.
	Buffers [][]byte
}

// CommSink is implemented by the Sinks of a front end that speaks the comm
// protocol (the Jupyter session's). SendComm publishes c on iopub, parented
// to the request the sink belongs to. A Sink without it (`gophernote run`)
// has no front end to hold widgets, which then render statically.
type CommSink interface {
	Sink
	SendComm(c Comm) error
}
