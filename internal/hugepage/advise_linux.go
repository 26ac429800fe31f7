package hugepage

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// advise marks the whole pages of [p, p+size) with MADV_HUGEPAGE. The
// error is ignored: a kernel without transparent huge pages refuses the
// advice and the memory works as before.
func advise(p unsafe.Pointer, size uintptr) {
	page := uintptr(unix.Getpagesize())
	skip := (page - uintptr(p)%page) % page
	if size <= skip+page {
		return
	}
	n := (size - skip) &^ (page - 1)
	_ = unix.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, skip)), n), unix.MADV_HUGEPAGE)
}
