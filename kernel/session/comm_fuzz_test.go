package session

import (
	"testing"

	"github.com/gophernote/gophernote/kernel/wire"
)

// FuzzDecodeComm: decoding any comm message content (and metadata) never
// panics; a decoded message always has a comm_id, a data object, and a
// target for comm_open.
func FuzzDecodeComm(f *testing.F) {
	for _, s := range []string{
		`{"comm_id":"a","target_name":"jupyter.widget","data":{"state":{}}}`,
		`{"comm_id":"a","data":{"method":"update","state":{"value":1},"buffer_paths":[["value"]]}}`,
		`{"comm_id":"","data":null}`,
		`{"comm_id":5}`,
		`{"data":[1]}`,
		`{}`,
	} {
		for _, typ := range []string{"comm_open", "comm_msg", "comm_close"} {
			f.Add(typ, s, `{"version":"2.1.0"}`)
		}
	}
	f.Fuzz(func(t *testing.T, typ, content, metadata string) {
		m := &wire.Message{Header: wire.Header{MsgType: typ}, Content: []byte(content), Metadata: []byte(metadata)}
		c, err := decodeComm(m)
		if err != nil {
			return
		}
		if c.ID == "" || c.Data == nil || (typ == "comm_open" && c.Target == "") {
			t.Fatalf("decoded %+v from %q", c, content)
		}
	})
}
