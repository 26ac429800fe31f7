package uilocale

import (
	"reflect"
	"testing"
)

func TestFix(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want map[string]string
	}{
		{"Debian's default", map[string]string{"LANG": "C.UTF-8"}, map[string]string{"LANG": "en_US.UTF-8"}},
		{"nothing set", map[string]string{}, map[string]string{"LANG": "en_US.UTF-8"}},
		{"POSIX everywhere", map[string]string{"LC_ALL": "POSIX", "LC_MESSAGES": "C", "LANG": ""},
			map[string]string{"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LANG": "en_US.UTF-8"}},
		{"a real locale is kept", map[string]string{"LANG": "zh_CN.UTF-8", "LC_ALL": ""},
			map[string]string{"LANG": "zh_CN.UTF-8", "LC_ALL": ""}},
		{"C messages under a real LANG", map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "C"},
			map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}},
	} {
		env := map[string]string{}
		for k, v := range tc.env {
			env[k] = v
		}
		Fix(func(k string) (string, bool) { v, ok := env[k]; return v, ok },
			func(k, v string) error { env[k] = v; return nil })
		if !reflect.DeepEqual(env, tc.want) {
			t.Errorf("%s: %v became %v, want %v", tc.name, tc.env, env, tc.want)
		}
	}
}
