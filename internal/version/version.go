// Package version holds the version of Shapan that a program was built as.
//
// A release build stamps it with the linker (scripts/dist.sh does):
//
//	go build -ldflags "-X github.com/shapan/shapan/internal/version.Version=v0.2.0" ./cmd/shapan
//
// A plain `go build` or `go run` leaves it empty, and String then names the
// revision the go command recorded, when it recorded one.
package version

import (
	"runtime/debug"
	"strings"
)

// Version is the release version (the output of `git describe`), set with
// -ldflags -X at build time; empty in a development build.
var Version = ""

// String describes the build on one line: the program's name, the version
// (or "development build" and the revision when it was not stamped) and
// the Go version it was built with.
func String(program string) string {
	info, ok := debug.ReadBuildInfo()
	goVersion := ""
	if ok {
		goVersion = ", " + info.GoVersion
	}
	if Version != "" {
		return program + " " + Version + goVersion
	}
	return program + " development build" + revision(info, ok) + goVersion
}

// Short is the version alone: Version, or "development build".
func Short() string {
	if Version != "" {
		return Version
	}
	return "development build"
}

// revision names the version control revision the go command recorded
// in a development build, or says that it recorded none.
func revision(info *debug.BuildInfo, ok bool) string {
	if !ok {
		return " (no build information)"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	rev := settings["vcs.revision"]
	if rev == "" {
		return ", revision unknown (built without version control information)"
	}
	var b strings.Builder
	b.WriteString(", revision " + rev)
	if t := settings["vcs.time"]; t != "" {
		b.WriteString(" (" + t + ")")
	}
	if settings["vcs.modified"] == "true" {
		b.WriteString(" with local changes")
	}
	return b.String()
}
