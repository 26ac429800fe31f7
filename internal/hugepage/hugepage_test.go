package hugepage

import "testing"

// TestMakeIsAPlainSlice: the slices Make returns have the length and
// capacity asked for and start zeroed, small and large alike.
func TestMakeIsAPlainSlice(t *testing.T) {
	for _, n := range []int{0, 1, 1000, threshold / 8, threshold} {
		s := Make[int](n, n+7)
		if len(s) != n || cap(s) != n+7 {
			t.Fatalf("Make(%d, %d): len %d, cap %d", n, n+7, len(s), cap(s))
		}
		for i, v := range s[:n] {
			if v != 0 {
				t.Fatalf("Make(%d): element %d is %d", n, i, v)
			}
		}
	}
}
