package conventions

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallOutsideTheRepository builds shapan as `go install` does for a
// user, from a copy of the committed sources in another folder
// (GOFLAGS=-mod=mod, no ../shared beside it, cgo off), and uses the program
// from an empty folder: the samples come out of the binary, and check and
// sim run on them. The copy holds only what git tracks, so a file the build
// needs but nobody committed fails here. It builds with -trimpath, as `make
// test` builds shapan just before, so the compiled packages come from the
// build cache and only the link is new.
func TestInstallOutsideTheRepository(t *testing.T) {
	if testing.Short() {
		t.Skip("builds shapan")
	}
	src := filepath.Join(t.TempDir(), "shapan-src")
	copySources(t, root(t), src)
	bin := t.TempDir()
	install := exec.Command("go", "install", "-trimpath", "./cmd/shapan")
	install.Dir = src
	install.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOBIN="+bin, "CGO_ENABLED=0")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install ./cmd/shapan in a copy: %v\n%s", err, out)
	}
	work := t.TempDir()
	shapan := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(filepath.Join(bin, "shapan"), args...)
		cmd.Dir = work
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + work} // no SHAPAN_SHARED, no repository
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("shapan %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	shapan("samples", "--write", "s")
	if out := shapan("check", "s/mbg/赤壁.yaml", "s/ftbt/长坂坡.yaml", "s/planets/九州.yaml", "s/battle/赤壁.yaml"); strings.Contains(out, "error") {
		t.Errorf("check of the written samples:\n%s", out)
	}
	if out := shapan("sim", "s/mbg/赤壁.yaml", "--games", "3", "--turns", "20", "--quiet"); !strings.Contains(out, "3 games") {
		t.Errorf("sim:\n%s", out)
	}
	shapan("schema", "--write", "schemas")
	if _, err := os.Stat(filepath.Join(work, "schemas", "shapan.schema.json")); err != nil {
		t.Error(err)
	}
}

// copySources copies the files git tracks in root into dst; outside a git
// checkout (a source archive) it copies every regular file but .git and bin.
func copySources(t *testing.T, root, dst string) {
	t.Helper()
	if out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output(); err == nil && len(out) > 0 {
		for _, rel := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
			copyFile(t, filepath.Join(root, rel), filepath.Join(dst, rel))
		}
		return
	}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() && (rel == ".git" || rel == "bin") {
			return filepath.SkipDir
		}
		if d.IsDir() || !d.Type().IsRegular() || rel == ".git" {
			return nil
		}
		copyFile(t, p, filepath.Join(dst, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyFile copies one regular file, making its folder; a tracked file that
// is gone from the work tree (deleted, not yet committed) is left out.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
