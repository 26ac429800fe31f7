// Package hugepage allocates the large slices of big documents (a level's
// terrain grid, a file read whole) so that the kernel can back them with
// huge pages. On a virtual machine the first touch of each 4 KiB page is a
// fault that costs several microseconds; an 18 MB terrain grid is 4,400 of
// them, more CPU time than reading its values. The Go runtime leaves huge
// pages to the kernel's default, which on most distributions is "only
// where asked" (transparent_hugepage=madvise), so this package asks.
package hugepage

import "unsafe"

// threshold is the size from which a slice is worth advising: below it
// the slice rarely spans a whole 2 MiB huge page.
const threshold = 4 << 20

// Make returns make([]T, length, capacity). When the slice takes at least
// 4 MiB it asks the kernel, before the memory is first touched, to back it
// with huge pages; the advice is only a hint, and where the system has
// none (other systems, huge pages disabled) Make is a plain make.
func Make[T any](length, capacity int) []T {
	s := make([]T, length, capacity)
	if capacity == 0 {
		return s
	}
	var zero T
	if size := uintptr(capacity) * unsafe.Sizeof(zero); size >= threshold {
		advise(unsafe.Pointer(unsafe.SliceData(s)), size)
	}
	return s
}
