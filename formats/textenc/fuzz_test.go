package textenc

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// FuzzDecode checks that decoding never panics, that its output is UTF-8,
// and that GBK text survives a round trip through Encode.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "abc", "三国", "\xb9\xd8\xd3\xf0", "\xff\xfe", "a\x80b"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, enc := range []Encoding{UTF8, GBK} {
			out, err := Decode("f", src, enc)
			if err != nil {
				continue
			}
			if !utf8.Valid(out) {
				t.Fatalf("%s: the decoded text is not UTF-8", enc)
			}
			if enc == GBK && !utf8.Valid(src) {
				back, err := Encode(out, GBK)
				if err != nil {
					t.Fatalf("GBK text does not encode back: %v", err)
				}
				if again, err := Decode("f", back, GBK); err != nil || !bytes.Equal(again, out) {
					t.Fatalf("GBK round trip changes the text: %q → %q", out, again)
				}
			}
		}
	})
}
