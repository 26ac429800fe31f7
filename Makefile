# Shapan — the two commands a new machine needs are `make run` and
# `make test`; both install missing system packages first (scripts/deps.sh).

GO ?= go

.PHONY: run test deps build vet fuzz bench screenshots

# The studio on the sample scenarios embedded in it.
run: deps
	$(GO) run ./cmd/studio --sample

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
	$(GO) build -o bin/studio ./cmd/studio

# Screenshots of the studio for the README (needs Xvfb and ImageMagick).
screenshots:
	scripts/screenshots.sh

# Fuzz every reader for FUZZTIME each (default 10 minutes).
FUZZTIME ?= 10m
fuzz:
	scripts/fuzz.sh $(FUZZTIME)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
