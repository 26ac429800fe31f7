# Shapan — the two commands a new machine needs are `make run` and
# `make test`; both install missing system packages first (scripts/deps.sh).

GO ?= go
SAMPLE ?= samples/mbg/赤壁.map

.PHONY: run test deps build vet fuzz bench

run: deps
	$(GO) run ./cmd/shapan convert $(SAMPLE) - --to yaml

test: deps vet
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/shapan
	$(GO) test ./...

deps:
	@scripts/deps.sh

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...

build:
	CGO_ENABLED=0 $(GO) build -o bin/shapan ./cmd/shapan

# Fuzz every reader for FUZZTIME each (default 10 minutes).
FUZZTIME ?= 10m
fuzz:
	scripts/fuzz.sh $(FUZZTIME)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
