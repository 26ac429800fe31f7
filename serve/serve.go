// Package serve is `shapan serve`: games played over the network. It
// answers Planet-Conquer's own protocol at /cmd (package pcserver) and
// hosts rooms of every playable family for browsers and bots, with the
// browser client embedded.
package serve

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/shapan/shapan/serve/pcserver"
)

// Options configure a server.
type Options struct {
	// PC configures the Planet-Conquer rooms (nil: none).
	PC *pcserver.Options
	// Dir keeps everything that must survive a restart ("": nothing).
	Dir string
	// Timeouts of a connection: reading a request (headers and body),
	// writing a reply (event streams are exempt), and an idle keep-alive
	// connection. Zero: 10 s, 10 s, 120 s.
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
}

// Server is the network server.
type Server struct {
	opts Options
	pc   *pcserver.Server
	mux  *http.ServeMux
}

// New opens a server: the rooms kept in Dir are restored.
func New(opts Options) (*Server, error) {
	if opts.ReadTimeout <= 0 {
		opts.ReadTimeout = 10 * time.Second
	}
	if opts.WriteTimeout <= 0 {
		opts.WriteTimeout = 10 * time.Second
	}
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = 120 * time.Second
	}
	s := &Server{opts: opts, mux: http.NewServeMux()}
	if opts.PC != nil {
		pc := *opts.PC
		if pc.Dir == "" && opts.Dir != "" {
			pc.Dir = opts.Dir + "/planet-conquer"
		}
		srv, err := pcserver.New(pc)
		if err != nil {
			return nil, err
		}
		s.pc = srv
		s.mux.Handle("/cmd", srv)
	}
	return s, nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.mux }

// HTTPServer returns an http.Server for the handler with the timeouts.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s.mux, ReadHeaderTimeout: s.opts.ReadTimeout, ReadTimeout: s.opts.ReadTimeout,
		WriteTimeout: s.opts.WriteTimeout, IdleTimeout: s.opts.IdleTimeout, MaxHeaderBytes: 64 << 10}
}

// Close stops the clocks and closes the stores.
func (s *Server) Close() error {
	var errs []error
	if s.pc != nil {
		errs = append(errs, s.pc.Close())
	}
	return errors.Join(errs...)
}

// IsLoopback reports whether a listening address (host:port) is reachable
// from this machine only.
func IsLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("the address %q is not host:port: %w", addr, err)
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}
