package serve

import (
	"net/http"
	"strings"
	"testing"
)

// TestHostPolicy: which Host names a server answers, by the address it
// listens on.
func TestHostPolicy(t *testing.T) {
	for _, tc := range []struct {
		addr  string
		allow []string
		host  string
		want  bool
	}{
		{"127.0.0.1:8080", nil, "localhost:8080", true},
		{"127.0.0.1:8080", nil, "127.0.0.1:8080", true},
		{"127.0.0.1:8080", nil, "[::1]:8080", true},
		{"127.0.0.1:8080", nil, "LOCALHOST.:8080", true},
		{"127.0.0.1:8080", nil, "app.localhost", true},
		{"127.0.0.1:8080", nil, "attacker.example:8080", false},
		{"127.0.0.1:8080", nil, "localhost.attacker.example", false},
		{"127.0.0.1:8080", nil, "", false},
		{"127.0.0.1:8080", []string{"game.lan"}, "game.lan:8080", true},
		{"0.0.0.0:8080", nil, "192.168.1.20:8080", true},
		{"0.0.0.0:8080", nil, "evil.example", false},
		{"192.168.1.20:8080", nil, "evil.example", false},
		{"192.168.1.20:8080", []string{"*"}, "evil.example", true},
		{"203.0.113.5:80", nil, "game.example.com", true},
		{"203.0.113.5:80", []string{"game.example.com"}, "other.example", false},
		{"game.example.com:80", nil, "game.example.com", true},
		{"game.example.com:80", nil, "other.example", false},
	} {
		if got := newHostPolicy(tc.addr, tc.allow).allows(tc.host); got != tc.want {
			t.Errorf("listening on %s with %v: Host %q answered %v, want %v", tc.addr, tc.allow, tc.host, got, tc.want)
		}
	}
}

// TestCrossSite: which requests come from a page of another site.
func TestCrossSite(t *testing.T) {
	for _, tc := range []struct {
		host, origin, site string
		cross              bool
	}{
		{"localhost:8080", "", "", false}, // a bot, curl
		{"localhost:8080", "http://localhost:8080", "same-origin", false},
		{"localhost:8080", "", "none", false}, // typed in the address bar
		{"localhost:8080", "http://localhost:3000", "same-site", true},
		{"localhost:8080", "http://attacker.example", "cross-site", true},
		{"localhost:8080", "http://attacker.example", "", true}, // an older browser
		{"localhost:8080", "null", "", true},
		{"localhost:8080", "", "cross-site", true},
		{"LOCALHOST:8080", "http://localhost:8080", "", false},
	} {
		r, _ := http.NewRequest("POST", "http://"+tc.host+"/api/rooms", strings.NewReader("{}"))
		if tc.origin != "" {
			r.Header.Set("Origin", tc.origin)
		}
		if tc.site != "" {
			r.Header.Set("Sec-Fetch-Site", tc.site)
		}
		if got := crossSite(r) != ""; got != tc.cross {
			t.Errorf("Host %s Origin %q Sec-Fetch-Site %q: cross-site %v, want %v", tc.host, tc.origin, tc.site, got, tc.cross)
		}
	}
}

// FuzzGuard reads any Host, Origin and Sec-Fetch-Site: nothing panics, a
// request whose Origin is another host is never taken as same-site, and a
// Host that is a name other than localhost's, this machine's or one
// allowed is never answered on loopback.
func FuzzGuard(f *testing.F) {
	f.Add("localhost:8080", "http://localhost:8080", "same-origin")
	f.Add("attacker.example", "http://attacker.example", "cross-site")
	f.Add("[::1]:80", "null", "")
	f.Add("xn--80ak6aa92e.com", "https://[::1", "none")
	p := newHostPolicy("127.0.0.1:8080", []string{"game.lan"})
	f.Fuzz(func(t *testing.T, host, origin, site string) {
		r := &http.Request{Method: "POST", Host: host, Header: http.Header{}}
		r.Header.Set("Origin", origin)
		r.Header.Set("Sec-Fetch-Site", site)
		why := crossSite(r)
		if origin != "" && !strings.Contains(strings.ToLower(origin), strings.ToLower(host)) && why == "" {
			t.Fatalf("Origin %q to Host %q taken as same-site", origin, host)
		}
		if p.allows(host) {
			n := normHost(host)
			if !p.names[n] && n != "localhost" && !strings.HasSuffix(n, ".localhost") && !isIP(n) {
				t.Fatalf("Host %q (%q) answered", host, n)
			}
		}
	})
}
