package longtest

import "testing"

func TestEnabledFollowsTheVariable(t *testing.T) {
	for _, c := range []struct {
		value string
		want  bool
	}{{"", false}, {"0", false}, {"1", true}, {"yes", true}} {
		t.Setenv("SHAPAN_LONG", c.value)
		if got := Enabled(); got != c.want {
			t.Errorf("SHAPAN_LONG=%q: Enabled() = %v", c.value, got)
		}
		if got, want := Pick(1, 2), map[bool]int{false: 1, true: 2}[c.want]; got != want {
			t.Errorf("SHAPAN_LONG=%q: Pick(1, 2) = %d", c.value, got)
		}
	}
}

func TestSkipSkipsUnlessLong(t *testing.T) {
	t.Setenv("SHAPAN_LONG", "")
	ran := false
	t.Run("short", func(t *testing.T) {
		Skip(t, "something long")
		ran = true
	})
	if ran {
		t.Error("Skip did not skip without SHAPAN_LONG")
	}
	t.Setenv("SHAPAN_LONG", "1")
	t.Run("long", func(t *testing.T) {
		Skip(t, "something long")
		ran = true
	})
	if !ran {
		t.Error("Skip skipped with SHAPAN_LONG=1")
	}
}

func TestSizedFollowsTheVariableAndTheRaceDetector(t *testing.T) {
	t.Setenv("SHAPAN_LONG", "1")
	if got := Sized(1, 2, 3); got != 3 {
		t.Errorf("SHAPAN_LONG=1: Sized(1, 2, 3) = %d", got)
	}
	t.Setenv("SHAPAN_LONG", "")
	want := 1
	if Race {
		want = 2
	}
	if got := Sized(1, 2, 3); got != want {
		t.Errorf("race detector %v: Sized(1, 2, 3) = %d", Race, got)
	}
}

func TestEndToEndFollowsItsVariableAndTheLongRuns(t *testing.T) {
	for _, c := range []struct {
		e2e, long string
		want      bool
	}{{"", "", false}, {"0", "", false}, {"1", "", true}, {"", "1", true}} {
		t.Setenv("SHAPAN_E2E", c.e2e)
		t.Setenv("SHAPAN_LONG", c.long)
		if got := EndToEndEnabled(); got != c.want {
			t.Errorf("SHAPAN_E2E=%q SHAPAN_LONG=%q: EndToEndEnabled() = %v", c.e2e, c.long, got)
		}
		ran := false
		t.Run("e2e", func(t *testing.T) {
			EndToEnd(t, "a real window")
			ran = true
		})
		if ran != c.want {
			t.Errorf("SHAPAN_E2E=%q SHAPAN_LONG=%q: the test ran %v", c.e2e, c.long, ran)
		}
	}
}
