# Shapan — on a new machine run scripts/deps.sh once (it installs make
# itself), then `make run` or `make test`; both check for missing system
# packages first.

GO ?= go
# staticcheck, pinned; `go run` builds it once and keeps it in the build cache.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: arch fmt run test test-e2e test-long test-race test-race-gui deps build vet lint oldest-go fuzz bench screenshots dist dist-test

# The studio on the sample scenarios embedded in it.
run: deps
	$(GO) run ./cmd/studio --sample

# Every test binary may take TEST_TIMEOUT (go test's own default is 10
# minutes): a package's tests take seconds of CPU, but a loaded machine
# stretches their wall time many times over.
TEST_TIMEOUT ?= 20m
# Test binaries are linked without DWARF (-w): a test's stack traces do
# not need it, and leaving it out saves 0.5–2 s of CPU on each of the
# hundred binaries' links.
TEST_LDFLAGS ?= -w
ALL_PKGS = $(shell $(GO) list ./...)
# The packages that draw with Fyne (the studio, its views, its real-window
# tests): the race detector makes their text shaping and image comparisons
# several times slower; `make test-race-gui` runs them with it.
GUI_PKGS = $(shell $(GO) list -f '{{.ImportPath}}{{range .Deps}}{{if eq . "fyne.io/fyne/v2"}} fyne{{end}}{{end}}' ./... | sed -n 's/ fyne$$//p')
# The packages `make test` runs under the race detector: every package
# that does not draw with Fyne. The detector makes code 5–10 times
# slower, so their statistical samples and whole games are smaller under
# it (longtest.Sized; docs/TESTING.md).
RACE_PKGS = $(filter-out $(GUI_PKGS),$(ALL_PKGS))

# Every test, each package's in seconds of CPU: the statistical samples,
# whole games and big inputs that need minutes are in test-long. go test
# runs go vet's high-confidence analyzers on each package as its tests
# compile it (go test's default); `make lint` runs all of them and
# staticcheck. -trimpath keeps the checkout's folder out of what is
# compiled, so a second clone of the same sources (a worktree, CI's
# cache) reuses the compiled packages instead of compiling them again.
test: deps fmt
	CGO_ENABLED=0 $(GO) build -trimpath -o /dev/null ./cmd/shapan
	$(GO) test -trimpath -ldflags=$(TEST_LDFLAGS) -race -timeout $(TEST_TIMEOUT) $(RACE_PKGS)
	$(GO) test -trimpath -ldflags=$(TEST_LDFLAGS) -timeout $(TEST_TIMEOUT) $(filter-out $(RACE_PKGS),$(ALL_PKGS))

# The packages with end-to-end tests (longtest.EndToEnd): the studio in
# real X windows under Xvfb, Chromium on the server's pages.
E2E_PKGS = $(shell $(GO) list $(sort $(dir $(shell grep -rl --include='*_test.go' 'longtest\.EndToEnd' .))))
E2E_RACE = $(filter $(RACE_PKGS),$(E2E_PKGS))
E2E_GUI = $(filter-out $(RACE_PKGS),$(E2E_PKGS))

# The end-to-end tests (SHAPAN_E2E=1) with the rest of their packages'
# tests: a few minutes of CPU, most of it the programs they start. CI runs
# it after make test.
test-e2e: deps
	$(if $(E2E_RACE),SHAPAN_E2E=1 $(GO) test -trimpath -ldflags=$(TEST_LDFLAGS) -race -timeout $(TEST_TIMEOUT) $(E2E_RACE))
	$(if $(E2E_GUI),SHAPAN_E2E=1 $(GO) test -trimpath -ldflags=$(TEST_LDFLAGS) -timeout $(TEST_TIMEOUT) $(E2E_GUI))

# The long runs too (SHAPAN_LONG=1): whole computer games on the big
# samples, the balance searches' full samples, whole browser games. An
# hour or more of CPU; run by hand.
test-long: deps
	SHAPAN_LONG=1 $(GO) test -timeout 180m ./...

# Every package that does not draw with Fyne under the race detector.
test-race: deps
	$(GO) test -race -timeout 60m $(RACE_PKGS)

# The studio's packages under the race detector (minutes of CPU).
test-race-gui: deps
	$(GO) test -race -timeout 60m $(GUI_PKGS)

deps:
	@scripts/deps.sh

# Fails when gofmt or go mod tidy would change a file.
fmt:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) mod tidy -diff

# go vet, every analyzer, over every package (make test runs go test's
# default ones inside go test; make lint runs this too).
vet: fmt
	$(GO) vet ./...

# go vet (every analyzer) and staticcheck over every package, with gofmt
# and go mod tidy. CI runs it beside make test: on a fresh machine
# staticcheck analyses every dependency, the standard library and Fyne
# included, minutes of CPU that are no test's.
lint: fmt
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Builds and vets everything with the oldest Go that go.mod's go directive
# allows (the go command fetches that toolchain from the module proxy).
oldest-go:
	GOTOOLCHAIN=go$$(sed -n 's/^go //p' go.mod) $(GO) vet ./...

build:
	CGO_ENABLED=0 $(GO) build -o bin/shapan ./cmd/shapan
	$(GO) build -o bin/studio ./cmd/studio

# Every release file in dist/: the .deb and .tar.xz for Linux, the Windows
# zip (studio and shapan.exe), shapan for linux/windows/darwin × amd64/arm64,
# SHA256SUMS and VERSION (scripts/dist.sh; the release workflow runs the
# same). The extra packages: mingw-w64 for the Windows studio's cgo,
# ImageMagick for the icons, xz and zip for the archives.
DIST_DEPS = gcc-mingw-w64-x86-64 imagemagick xz-utils zip
dist:
	@SHAPAN_DEPS_EXTRA="$(DIST_DEPS)" scripts/deps.sh
	scripts/dist.sh

# Uses what `make dist` wrote as a user would (as root: it installs and
# removes the .deb): scripts/dist-test.sh, with Wine for the Windows zip
# and qemu-user for the linux/arm64 command line. Minutes, so not part of
# `make test` nor of CI; the release workflow runs it after `make dist`.
DIST_TEST_DEPS = $(DIST_DEPS) xdotool x11-utils xdg-utils man-db file unzip fonts-dejavu-core wine64 qemu-user
dist-test:
	@SHAPAN_DEPS_EXTRA="$(DIST_TEST_DEPS)" scripts/deps.sh
	SHAPAN_DIST_REQUIRE_WINE=1 SHAPAN_DIST_REQUIRE_QEMU=1 scripts/dist-test.sh

# Screenshots of the studio for the README and docs/studio.md (needs Xvfb and ImageMagick) and
# of the server's page (needs chromium).
screenshots:
	scripts/screenshots.sh
	scripts/web-screenshots.sh

# Fuzz every reader for FUZZTIME each (default 10 minutes).
FUZZTIME ?= 10m
fuzz:
	scripts/fuzz.sh $(FUZZTIME)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# docs/ARCHITECTURE.md's diagram and family table, made from the code
# (internal/archtest fails when they are stale).
arch:
	$(GO) run ./scripts/archdiagram
