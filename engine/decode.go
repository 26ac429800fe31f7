package engine

import (
	"encoding/json"
	"errors"
)

// Answer decoding shared by the families' rules. Every decoder refuses
// null and values of the wrong JSON type, so that a Check and the rules
// read an answer the same way.

// DecodeInt reads an integer answer.
func DecodeInt(a Answer) (int, error) { return decodeValue[int](a, "the answer must be an integer") }

// DecodeBool reads a boolean answer.
func DecodeBool(a Answer) (bool, error) {
	return decodeValue[bool](a, "the answer must be true or false")
}

// DecodeString reads a string answer.
func DecodeString(a Answer) (string, error) {
	return decodeValue[string](a, "the answer must be a string")
}

// DecodeInts reads a list of integers.
func DecodeInts(a Answer) ([]int, error) {
	ps, err := decodeValue[[]*int](a, "the answer must be a list of integers")
	if err != nil {
		return nil, err
	}
	return Ints(ps)
}

// Ints returns the integers of a decoded list, refusing a null among them.
func Ints(ps []*int) ([]int, error) {
	out := make([]int, len(ps))
	for i, p := range ps {
		if p == nil {
			return nil, errors.New("the answer must be a list of integers")
		}
		out[i] = *p
	}
	return out, nil
}

// decodeValue reads a non-null JSON value of type T; msg is the error.
func decodeValue[T any](a Answer, msg string) (T, error) {
	var p *T
	if err := json.Unmarshal(a, &p); err != nil || p == nil {
		var zero T
		return zero, errors.New(msg)
	}
	return *p, nil
}
