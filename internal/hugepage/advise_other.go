//go:build !linux

package hugepage

import "unsafe"

// advise does nothing where huge pages are not asked for this way.
func advise(unsafe.Pointer, uintptr) {}
