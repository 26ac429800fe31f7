package hugepage

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestLargeSlicesAreAdvised: on Linux with transparent huge pages, the
// memory of a large slice lies in a mapping marked for huge pages ("hg"
// in /proc/self/smaps).
func TestLargeSlicesAreAdvised(t *testing.T) {
	if mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("this kernel has no transparent huge pages")
	}
	large := Make[byte](3*threshold, 3*threshold)
	if !flagged(t, uintptr(unsafe.Pointer(&large[threshold])), "hg") {
		t.Error("the middle of a 12 MiB slice is not marked for huge pages")
	}
	runtime.KeepAlive(large)
	// A mapping nobody advised is not marked: the check tells them apart.
	// (Heap memory of a plain make may be memory Make advised earlier.)
	plain, err := unix.Mmap(-1, 0, 3*threshold, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(plain)
	if flagged(t, uintptr(unsafe.Pointer(&plain[threshold])), "hg") {
		t.Error("a mapping nobody advised is marked for huge pages: the test cannot tell advised memory")
	}
}

// flagged reports whether the mapping holding address addr has flag in
// its VmFlags.
func flagged(t *testing.T, addr uintptr, flag string) bool {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps:", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := addressRange(line); ok {
			in = lo <= addr && addr < hi
			continue
		}
		if rest, ok := strings.CutPrefix(line, "VmFlags:"); ok && in {
			return strings.Contains(" "+rest+" ", " "+flag+" ")
		}
	}
	t.Fatalf("no mapping in /proc/self/smaps holds %#x", addr)
	return false
}

// addressRange reads the "lo-hi perms ..." header line of a mapping.
func addressRange(line string) (lo, hi uintptr, ok bool) {
	field, _, _ := strings.Cut(line, " ")
	a, b, found := strings.Cut(field, "-")
	if !found {
		return 0, 0, false
	}
	l, err1 := strconv.ParseUint(a, 16, 64)
	h, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(l), uintptr(h), true
}
