package serve

import (
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// The guards every request passes before its route: the Host names the
// server answers (a page of another site cannot reach a server on this
// machine or the LAN by rebinding its own name to it), and no page of
// another site may change anything (create a room, answer, join a
// Planet-Conquer room) in the name of the browser that shows it.

// hostPolicy is the set of Host names a server answers.
type hostPolicy struct {
	// any answers every name (a server on a public address given no
	// --allow-host).
	any   bool
	names map[string]bool
}

// newHostPolicy returns the names a server listening on addr answers:
// when addr is a loopback, private, link-local or unspecified address
// (or localhost), the loopback names, this machine's name, any IP
// address written as one, and allow; on another address, every name
// unless allow names some. "*" in allow answers every name.
func newHostPolicy(addr string, allow []string) hostPolicy {
	p := hostPolicy{names: map[string]bool{"localhost": true}}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	for _, a := range allow {
		a = normHost(a)
		if a == "*" {
			p.any = true
		}
		p.names[a] = true
	}
	if n, err := os.Hostname(); err == nil && n != "" {
		n = normHost(n)
		p.names[n], p.names[n+".local"], p.names[n+".lan"] = true, true, true
	}
	ip := net.ParseIP(host)
	switch {
	case host == "" || host == "localhost":
	case ip == nil:
		p.names[normHost(host)] = true // the name the server was told to listen on
	case ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsUnspecified():
	default:
		p.any = p.any || len(allow) == 0
	}
	return p
}

// normHost is a Host name without its port and trailing dot, in lower
// case.
func normHost(h string) string {
	if hh, _, err := net.SplitHostPort(h); err == nil {
		h = hh
	}
	return strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
}

// allows reports whether the policy answers a request with Host h.
func (p hostPolicy) allows(h string) bool {
	if p.any {
		return true
	}
	n := normHost(h)
	if n == "" {
		return false
	}
	if isIP(n) || p.names[n] || strings.HasSuffix(n, ".localhost") {
		return true
	}
	return false
}

// list names the answered names, for a refusal.
func (p hostPolicy) list() string {
	var out []string
	for n := range p.names {
		out = append(out, n)
	}
	sort.Strings(out)
	return strings.Join(append(out, "any IP address"), ", ")
}

// crossSite reports why a request comes from a page of another site, or
// "" when it does not: a browser says so in Sec-Fetch-Site, or in an
// Origin that is not the server's own. A request with neither (a bot,
// curl, a program) is not cross-site.
func crossSite(r *http.Request) string {
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return "Sec-Fetch-Site: " + site
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return ""
	}
	u, err := url.Parse(o)
	if o == "null" || err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
		return "Origin: " + o
	}
	return ""
}

// changes reports whether a request may change something: every method
// but GET, HEAD and OPTIONS.
func changes(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// guard wraps the server's routes with the Host and cross-site checks.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hosts.allows(r.Host) {
			writeError(w, refuse(http.StatusMisdirectedRequest, CodeWrongHost,
				"this server answers the host names %s, not %q; start it with --allow-host NAME to answer another", s.hosts.list(), normHost(r.Host)))
			return
		}
		if changes(r) {
			if why := crossSite(r); why != "" {
				writeError(w, refuse(http.StatusForbidden, CodeCrossSite, "a page of another site cannot change anything here (%s)", why))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// jsonBody refuses a body that is not declared JSON.
func jsonBody(r *http.Request) error {
	ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || ct != "application/json" {
		return refuse(http.StatusUnsupportedMediaType, CodeBadContentType, "the body must be JSON, sent with Content-Type: application/json (not %q)", r.Header.Get("Content-Type"))
	}
	return nil
}

// clientLimits are rate limits by client address, forgetting the
// clients idle for a while so that they stay few.
type clientLimits struct {
	mu     sync.Mutex
	every  rate.Limit
	burst  int
	m      map[string]*clientLimit
	swept  time.Time
	maxLen int
}

type clientLimit struct {
	l    *rate.Limiter
	seen time.Time
}

func newClientLimits(perSecond float64, burst int) *clientLimits {
	return &clientLimits{every: rate.Limit(perSecond), burst: max(1, burst), m: map[string]*clientLimit{}, maxLen: 10000}
}

// allow takes one request of the client of r from its budget.
func (c *clientLimits) allow(r *http.Request) bool {
	ip := clientIP(r)
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.maxLen || now.Sub(c.swept) > time.Minute {
		c.sweep(now)
	}
	cl := c.m[ip]
	if cl == nil {
		cl = &clientLimit{l: rate.NewLimiter(c.every, c.burst)}
		c.m[ip] = cl
	}
	cl.seen = now
	return cl.l.AllowN(now, 1)
}

// sweep forgets the clients whose budget is whole again (idle long
// enough); when too many are left, the oldest half goes.
func (c *clientLimits) sweep(now time.Time) {
	c.swept = now
	for ip, cl := range c.m {
		if cl.l.TokensAt(now) >= float64(c.burst) {
			delete(c.m, ip)
		}
	}
	if len(c.m) < c.maxLen {
		return
	}
	seen := make([]time.Time, 0, len(c.m))
	for _, cl := range c.m {
		seen = append(seen, cl.seen)
	}
	sort.Slice(seen, func(i, j int) bool { return seen[i].Before(seen[j]) })
	cut := seen[len(seen)/2]
	for ip, cl := range c.m {
		if cl.seen.Before(cut) {
			delete(c.m, ip)
		}
	}
}

// clientIP is the address a request came from (without its port).
func clientIP(r *http.Request) string {
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return h
	}
	return r.RemoteAddr
}

// isIP reports whether s is an IP address.
func isIP(s string) bool { return net.ParseIP(s) != nil }
