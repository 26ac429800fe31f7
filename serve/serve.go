// Package serve is `shapan serve`: games played over the network. It
// answers Planet-Conquer's own protocol at /cmd (package pcserver) and
// hosts rooms of every playable family for browsers and bots, with the
// browser client embedded.
package serve

import (
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"runtime"
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
	// Documents are offered for new rooms (the command line's).
	Documents []*Document
	// MaxRooms bounds the rooms (default 1000); MaxStreams the event
	// streams open on one room (default 100).
	MaxRooms, MaxStreams int
	// Rate bounds the requests a second of one token (default 20, in
	// bursts of twice as many); MaxBody a request body (default 1 MiB).
	Rate    float64
	MaxBody int64
	// ComputerWorkers is how many goroutines play the rooms' computer
	// seats (default: half the processors, at least one), fewer than the
	// processors so that people's requests are served while computers
	// think.
	ComputerWorkers int
	// Logf reports what the server does (nil: the log package).
	Logf func(format string, args ...any)
}

// Server is the network server.
type Server struct {
	opts Options
	pc   *pcserver.Server
	hub  *hub
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
	if opts.MaxRooms <= 0 {
		opts.MaxRooms = 1000
	}
	if opts.MaxStreams <= 0 {
		opts.MaxStreams = 100
	}
	if opts.Rate <= 0 {
		opts.Rate = 20
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = 1 << 20
	}
	if opts.ComputerWorkers <= 0 {
		opts.ComputerWorkers = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if opts.Logf == nil {
		opts.Logf = log.Printf
	}
	s := &Server{opts: opts, mux: http.NewServeMux()}
	if opts.PC != nil {
		pc := *opts.PC
		if pc.Dir == "" && opts.Dir != "" {
			pc.Dir = opts.Dir + "/planet-conquer"
		}
		if pc.Logf == nil {
			pc.Logf = opts.Logf
		}
		srv, err := pcserver.New(pc)
		if err != nil {
			return nil, err
		}
		s.pc = srv
		s.mux.Handle("/cmd", srv)
	}
	h, err := newHub(&s.opts)
	if err != nil {
		s.Close()
		return nil, err
	}
	s.hub = h
	s.routes()
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
	if s.hub != nil {
		s.hub.close()
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
