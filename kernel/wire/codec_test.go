package wire

import (
	"bytes"
	"errors"
	"testing"
	"time"
)

// Vector computed independently with Python's hmac module:
//
//	hmac.new(key, digestmod=hashlib.sha256) updated with the four parts below
//	-> e04d4793...65c3
const (
	vecKey    = "a0436f6c-1916-498b-8eb9-e81ab9368e84"
	vecHeader = `{"msg_id":"1","session":"s","username":"u","date":"2024-01-01T00:00:00.000000Z","msg_type":"kernel_info_request","version":"5.3"}`
	vecSig    = "e04d47934620dd625bb4af58a1de2d36f4cceecab5e5317e301f6cd2b91565c3"
)

func mustSigner(t testing.TB, key string) *Signer {
	t.Helper()
	s, err := NewSigner("hmac-sha256", []byte(key))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func vectorFrames(ids ...string) [][]byte {
	var fs [][]byte
	for _, id := range ids {
		fs = append(fs, []byte(id))
	}
	return append(fs, []byte(Delimiter), []byte(vecSig), []byte(vecHeader), []byte("{}"), []byte("{}"), []byte("{}"))
}

func TestSignVector(t *testing.T) {
	s := mustSigner(t, vecKey)
	got := s.Sign([]byte(vecHeader), []byte("{}"), []byte("{}"), []byte("{}"))
	if got != vecSig {
		t.Fatalf("Sign = %s, want %s (Python hmac)", got, vecSig)
	}
}

func TestDecodeVector(t *testing.T) {
	s := mustSigner(t, vecKey)
	m, err := s.Decode(vectorFrames("client-a", "client-b"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Header.MsgType != "kernel_info_request" || m.Header.MsgID != "1" || m.Header.Session != "s" {
		t.Errorf("header = %+v", m.Header)
	}
	if len(m.Identities) != 2 || string(m.Identities[0]) != "client-a" || string(m.Identities[1]) != "client-b" {
		t.Errorf("identities = %q", m.Identities)
	}
}

func TestRoundTrip(t *testing.T) {
	s := mustSigner(t, "secret")
	parent, err := s.Decode(vectorFramesSigned(t, s, "peer"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := New("sess", "execute_reply", map[string]any{"status": "ok", "execution_count": 3}, parent)
	if err != nil {
		t.Fatal(err)
	}
	m.Buffers = [][]byte{{0, 1, 2}, {}}
	frames := s.Encode(m)
	if string(frames[0]) != "peer" || string(frames[1]) != Delimiter {
		t.Fatalf("frames start %q", frames[:2])
	}
	got, err := s.Decode(frames)
	if err != nil {
		t.Fatal(err)
	}
	if got.Header != m.Header {
		t.Errorf("header %+v != %+v", got.Header, m.Header)
	}
	if !bytes.Equal(got.ParentHeader, []byte(vecHeader)) {
		t.Errorf("parent header not echoed verbatim: %s", got.ParentHeader)
	}
	if got.ParentMsgID() != "1" {
		t.Errorf("ParentMsgID = %q", got.ParentMsgID())
	}
	var c struct {
		Status string `json:"status"`
		Count  int    `json:"execution_count"`
	}
	if err := got.DecodeContent(&c); err != nil || c.Status != "ok" || c.Count != 3 {
		t.Errorf("content %+v err %v", c, err)
	}
	if len(got.Buffers) != 2 || !bytes.Equal(got.Buffers[0], []byte{0, 1, 2}) || len(got.Buffers[1]) != 0 {
		t.Errorf("buffers = %v", got.Buffers)
	}
	if len(got.Identities) != 1 || string(got.Identities[0]) != "peer" {
		t.Errorf("identities = %q", got.Identities)
	}
}

// vectorFramesSigned re-signs the vector message under s.
func vectorFramesSigned(t *testing.T, s *Signer, ids ...string) [][]byte {
	t.Helper()
	fs := vectorFrames(ids...)
	n := len(ids)
	fs[n+1] = []byte(s.Sign(fs[n+2], fs[n+3], fs[n+4], fs[n+5]))
	return fs
}

func TestBadSignature(t *testing.T) {
	s := mustSigner(t, vecKey)
	cases := map[string]func(fs [][]byte){
		"flipped digit":  func(fs [][]byte) { fs[1] = []byte("f" + vecSig[1:]) },
		"missing":        func(fs [][]byte) { fs[1] = nil },
		"not hex":        func(fs [][]byte) { fs[1] = []byte("zz") },
		"truncated":      func(fs [][]byte) { fs[1] = []byte(vecSig[:32]) },
		"content edited": func(fs [][]byte) { fs[5] = []byte(`{"a":1}`) },
		"header edited":  func(fs [][]byte) { fs[2] = bytes.Replace(fs[2], []byte(`"1"`), []byte(`"2"`), 1) },
	}
	for name, edit := range cases {
		fs := vectorFrames()
		edit(fs)
		if _, err := s.Decode(fs); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s: err = %v, want ErrBadSignature", name, err)
		}
	}
	// A different key rejects the vector too.
	if _, err := mustSigner(t, "other").Decode(vectorFrames()); !errors.Is(err, ErrBadSignature) {
		t.Errorf("wrong key: err = %v", err)
	}
}

func TestNoKeyNoSigning(t *testing.T) {
	s, err := NewSigner("hmac-sha256", nil)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := New("s", "status", map[string]string{"execution_state": "idle"}, nil)
	fs := s.Encode(m)
	if len(fs[1]) != 0 {
		t.Errorf("signature frame = %q, want empty", fs[1])
	}
	// Any signature is accepted without a key.
	fs[1] = []byte("junk")
	if _, err := s.Decode(fs); err != nil {
		t.Errorf("unsigned decode: %v", err)
	}
}

func TestNewSignerSchemes(t *testing.T) {
	if _, err := NewSigner("hmac-md5", []byte("k")); err == nil {
		t.Error("hmac-md5 accepted")
	}
	if _, err := NewSigner("", []byte("k")); err == nil {
		t.Error("empty scheme with key accepted")
	}
	if s, err := NewSigner("", nil); err != nil || s.Enabled() {
		t.Errorf("empty scheme, empty key: %v %v", s, err)
	}
}

func TestMalformed(t *testing.T) {
	s, _ := NewSigner("", nil)
	d := []byte(Delimiter)
	o := []byte("{}")
	cases := map[string][][]byte{
		"empty":          nil,
		"no delimiter":   {[]byte("id"), o, o, o, o},
		"too few":        {d, nil, o, o, o},
		"header array":   {d, nil, []byte("[]"), o, o, o},
		"bad json":       {d, nil, []byte(`{"msg_type":`), o, o, o},
		"content string": {d, nil, []byte(`{"msg_type":"x"}`), o, o, []byte(`"x"`)},
		"no msg_type":    {d, nil, o, o, o, o},
		"typed wrong":    {d, nil, []byte(`{"msg_type":5}`), o, o, o},
		"trailing junk":  {d, nil, []byte(`{"msg_type":"x"} {}`), o, o, o},
	}
	for name, fs := range cases {
		if m, err := s.Decode(fs); err == nil {
			t.Errorf("%s: decoded %+v, want error", name, m)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(vecHeader), []byte("{}"), []byte(`{"code":"1"}`), []byte(vecSig), uint8(1))
	f.Add([]byte(`{"msg_type":"x"}`), []byte("[]"), []byte("{"), []byte(""), uint8(0))
	f.Add([]byte(""), []byte(""), []byte(""), []byte(Delimiter), uint8(7))
	signed := mustSigner(f, vecKey)
	unsigned, _ := NewSigner("", nil)
	f.Fuzz(func(t *testing.T, header, parent, content, sig []byte, shape uint8) {
		// shape picks how many frames and where the delimiter sits.
		fs := [][]byte{[]byte("id")}
		if shape&1 == 1 {
			fs = append(fs, []byte(Delimiter))
		}
		fs = append(fs, sig, header, parent, []byte("{}"), content)
		fs = fs[:len(fs)-int(shape>>1)%len(fs)]
		for _, s := range []*Signer{signed, unsigned} {
			m, err := s.Decode(fs)
			if err == nil {
				// What decodes must re-encode and decode again.
				if _, err := unsigned.Decode(unsigned.Encode(m)); err != nil {
					t.Fatalf("re-decode of %q: %v", fs, err)
				}
			}
		}
	})
}

func TestParseDate(t *testing.T) {
	want := time.Date(2024, 5, 1, 12, 0, 0, 123456000, time.UTC)
	for _, s := range []string{
		"2024-05-01T12:00:00.123456Z",      // jupyter_client
		"2024-05-01T12:00:00.123456+00:00", // isoformat() of an aware datetime
		"2024-05-01T14:00:00.123456+02:00",
		"2024-05-01T12:00:00.123456", // old clients: naive, UTC
	} {
		got, ok := ParseDate(s)
		if !ok || !got.Equal(want) {
			t.Errorf("ParseDate(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	if got, ok := ParseDate("2024-05-01T12:00:00.123Z"); !ok || !got.Equal(want.Truncate(time.Millisecond)) { // JupyterLab
		t.Errorf("millisecond date: %v %v", got, ok)
	}
	for _, s := range []string{"", "yesterday", "2024-05-01"} {
		if _, ok := ParseDate(s); ok {
			t.Errorf("ParseDate(%q) ok", s)
		}
	}
	if got, ok := ParseDate(Now()); !ok || time.Since(got) > time.Minute || time.Since(got) < 0 {
		t.Errorf("ParseDate(Now()) = %v, %v", got, ok)
	}
}
