package pcserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"sort"
	"strings"
)

// request is one decoded request (spec 12.1): its fields as JSON values —
// every form field a JSON string, the fields of a data request as they
// were typed.
type request struct {
	fields map[string]json.RawMessage
}

// get returns a field and whether it is present.
func (q request) get(name string) (json.RawMessage, bool) {
	v, ok := q.fields[name]
	return v, ok
}

// MarshalJSON writes the request object, keys sorted.
func (q request) MarshalJSON() ([]byte, error) {
	keys := make([]string, 0, len(q.fields))
	for k := range q.fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteString(": ")
		b.Write(q.fields[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// errTooLarge refuses a body beyond the server's limit.
var errTooLarge = errors.New("request body too large")

// formFields reads the form fields of r: the query string's first, then
// the body's when it is form-encoded or multipart; empty values are
// dropped and, for a name given several times, the first value counts.
// Invalid UTF-8 is replaced (the original answered HTTP 500).
func formFields(r *http.Request, maxBody int64) (map[string]string, error) {
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBody))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, errTooLarge
		}
		return nil, err
	}
	fields := map[string]string{}
	add := func(vals url.Values) {
		for k, vs := range vals {
			for _, v := range vs {
				if v == "" {
					continue
				}
				if _, seen := fields[k]; !seen {
					fields[strings.ToValidUTF8(k, "\uFFFD")] = strings.ToValidUTF8(v, "\uFFFD")
				}
				break
			}
		}
	}
	q, _ := url.ParseQuery(r.URL.RawQuery)
	add(q)
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/x-www-form-urlencoded":
		b, _ := url.ParseQuery(string(body))
		add(b)
	case "multipart/form-data":
		add(multipartFields(body, params["boundary"]))
	}
	return fields, nil
}

// multipartFields reads the plain fields of a multipart body (files are
// not fields, as in the original's framework).
func multipartFields(body []byte, boundary string) url.Values {
	out := url.Values{}
	if boundary == "" {
		return out
	}
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		p, err := mr.NextPart()
		if err != nil {
			return out
		}
		if p.FileName() != "" || p.FormName() == "" {
			continue
		}
		v, err := io.ReadAll(p)
		if err != nil {
			return out
		}
		out.Add(p.FormName(), string(v))
	}
}

// decodeError is the reply to a data field that is not a JSON object
// (spec 12.2 step 1).
type decodeError struct{ reply reply }

// decode turns form fields into a request: a data field, when present,
// is the whole request as JSON text.
func decode(fields map[string]string) (request, *decodeError) {
	data, ok := fields["data"]
	if !ok {
		q := request{fields: make(map[string]json.RawMessage, len(fields))}
		for k, v := range fields {
			q.fields[k] = jsonString(v)
		}
		return q, nil
	}
	var v json.RawMessage
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		return request{}, &decodeError{reply{"status": "No JSON object could be decoded", "data": data}}
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(v, &obj); err != nil || obj == nil {
		return request{}, &decodeError{reply{"status": "'" + pyTypeName(v) + "' object has no attribute 'has_key'", "data": v}}
	}
	return request{fields: obj}, nil
}

// jsonString returns s as a JSON string.
func jsonString(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}
