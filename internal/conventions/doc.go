// Package conventions holds the repository's own tests: the Go conventions
// CI enforces (gofmt, go mod tidy, the go directive at the oldest Go the
// modules allow) and the set-up script a new machine runs (scripts/deps.sh).
// It has no code of its own.
package conventions
