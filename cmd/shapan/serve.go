package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/internal/diagout"
	"github.com/shapan/shapan/serve"
	"github.com/shapan/shapan/validate"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "shapan serve [--addr 127.0.0.1:8080] [--data DIR] [--step 2s] [DOCUMENT...]",
		summary: "Serves games over the network, in rooms that a host creates on the page at http://ADDR/ from a DOCUMENT (or\n" +
			"from a document uploaded there) of a kind that can be played: " + kindTitles(family.Playable) + ".\n" +
			"Every seat is a person, with a secret link, or the computer, and spectators have a link; the page draws the\n" +
			"board and offers every move. The first Planet-Conquer map among the DOCUMENTs is played in 100 rooms\n" +
			"(0–99) that speak the original game's own protocol at http://ADDR/cmd, so the 2012 contest bots play on it\n" +
			"unmodified; --step is the rounds' interval there (default 2s) and --computers N seats N computer players in\n" +
			"every game beside the first player who joins; the last --keep-games finished games of those rooms are kept as\n" +
			"traces that 'shapan replay' plays. Every join and order is on disk in --data (default\n" +
			"$XDG_STATE_HOME/shapan/serve) before it is answered, and a restarted server resumes every room; a room whose\n" +
			"log is damaged is set aside in the folder's quarantine/ and named, and the others start. Rooms are closed when\n" +
			"their game has been over for --finished-ttl or nobody answered for --room-ttl; their games are kept as records\n" +
			"(GET /api/games) that 'shapan replay' plays. The server listens on the loopback address unless --addr names\n" +
			"another, and then says that it is reachable from the network; it answers only the host names it serves\n" +
			"(--allow-host adds some), and no page of another site may create rooms or answer in them.\n" +
			"Every document must pass 'shapan check'. docs/PROTOCOL.md describes the protocols.",
		run: runServe,
	})
}

// serveFlags are the settings of shapan serve.
type serveFlags struct {
	addr, data           string
	step                 time.Duration
	seed                 int64
	computers, keepGames int
	maxBody              int64
	rate                 float64
	readT, writeT, idle  time.Duration
	maxRooms, maxStreams int
	allowHosts           string
	createRate           float64
	roomTTL, finishedTTL time.Duration
	keepRecords          int
}

func runServe(args []string, out, errOut io.Writer) int {
	c := commands["serve"]
	fs := newFlagSet(c, errOut)
	var f serveFlags
	fs.StringVar(&f.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port)")
	fs.StringVar(&f.data, "data", defaultDataDir(), "folder that keeps the rooms")
	fs.DurationVar(&f.step, "step", 2*time.Second, "Planet-Conquer rooms: interval between two rounds")
	fs.Int64Var(&f.seed, "seed", time.Now().UnixNano(), "Planet-Conquer rooms: seed of the start shuffles (kept in --data at the first start)")
	fs.IntVar(&f.computers, "computers", 0, "Planet-Conquer rooms: computer players joining every game after its first player")
	fs.IntVar(&f.keepGames, "keep-games", 200, "Planet-Conquer rooms: finished games kept as traces in --data")
	fs.Int64Var(&f.maxBody, "max-body", 1<<20, "largest request body, in bytes")
	fs.Float64Var(&f.rate, "rate", 20, "most answers a second from one player's token (bursts of twice as many)")
	fs.IntVar(&f.maxRooms, "max-rooms", 1000, "most rooms the server holds")
	fs.IntVar(&f.maxStreams, "max-spectators", 100, "most event streams (players and spectators) open on one room")
	fs.StringVar(&f.allowHosts, "allow-host", "", "host names the server answers beside localhost, this machine's name and IP addresses (comma-separated; * answers any)")
	fs.Float64Var(&f.createRate, "create-rate", 1, "most rooms a second created from one address (bursts of 10)")
	fs.DurationVar(&f.roomTTL, "room-ttl", 24*time.Hour, "a room nobody answered in for this long is closed (its game kept as a record)")
	fs.DurationVar(&f.finishedTTL, "finished-ttl", 10*time.Minute, "a room whose game is over is closed this long after its last answer (its game kept as a record)")
	fs.IntVar(&f.keepRecords, "keep-records", 1000, "the records of closed rooms kept in --data (the oldest go first)")
	fs.DurationVar(&f.readT, "read-timeout", 10*time.Second, "time to read a request")
	fs.DurationVar(&f.writeT, "write-timeout", 10*time.Second, "time to write a reply (event streams excepted)")
	fs.DurationVar(&f.idle, "idle-timeout", 120*time.Second, "time an idle keep-alive connection stays open")
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	if f.step <= 0 {
		return usageError(c, errOut, "--step must be positive")
	}
	loopback, err := serve.IsLoopback(f.addr)
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	opts := serve.Options{Dir: f.data, ReadTimeout: f.readT, WriteTimeout: f.writeT, IdleTimeout: f.idle,
		MaxRooms: f.maxRooms, MaxStreams: f.maxStreams, Rate: f.rate, MaxBody: f.maxBody,
		Addr: f.addr, CreateRate: f.createRate, RoomTTL: f.roomTTL, FinishedTTL: f.finishedTTL, KeepRecords: f.keepRecords}
	for _, h := range strings.Split(f.allowHosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			opts.AllowHosts = append(opts.AllowHosts, h)
		}
	}
	if f.data == "" {
		return usageError(c, errOut, "--data must name a folder: the rooms are kept there")
	}
	for _, file := range files {
		doc, status := readServed(file, errOut)
		if status != exitOK {
			return status
		}
		opts.Documents = append(opts.Documents, &serve.Document{Name: filepath.Base(file), Doc: doc})
		if opts.Protocol != nil {
			continue
		}
		po := family.ProtocolOptions{Step: f.step, Seed: f.seed, Computers: f.computers, KeepGames: f.keepGames, MaxBody: f.maxBody, Rate: f.rate}
		if p, what := family.ServedProtocol(doc, po); p != nil {
			opts.Protocol = p
			fmt.Fprintf(out, "%s on %s, a round every %s\n", what, file, f.step)
		}
	}
	srv, err := serve.New(opts)
	if err != nil {
		fmt.Fprintf(errOut, "shapan serve: %v\n", err)
		return exitUsage
	}
	defer srv.Close()
	fmt.Fprintf(out, "rooms and finished games are kept in %s\n", f.data)
	for _, d := range srv.Damaged() {
		fmt.Fprintf(errOut, "shapan serve: room %s is damaged and set aside, untouched, in %s: %s\n", d.Room, d.File, d.Reason)
	}
	return listen(srv, f.addr, loopback, out, errOut)
}

// readServed reads a document and refuses one with errors.
func readServed(file string, errOut io.Writer) (*formats.Document, int) {
	doc, err := formats.Read(file, formats.Options{})
	if err != nil {
		return nil, report(errOut, file, err)
	}
	var errs diag.List
	for _, d := range validate.Check(doc) {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		for _, d := range errs {
			fmt.Fprintln(errOut, diagout.Line(d))
		}
		fmt.Fprintf(errOut, "shapan serve: %s has errors; it cannot be served\n", file)
		return nil, exitInvalid
	}
	return doc, exitOK
}

// listen serves until SIGINT or SIGTERM.
func listen(srv *serve.Server, addr string, loopback bool, out, errOut io.Writer) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(errOut, "shapan serve: %v\n", err)
		return exitUsage
	}
	hs := srv.HTTPServer()
	fmt.Fprintf(out, "serving at http://%s/\n", ln.Addr())
	if !loopback {
		fmt.Fprintf(out, "the server is reachable from the network at %s: anybody who can reach it can watch every room\n", ln.Addr())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(errOut, "shapan serve: %v\n", err)
			return exitUsage
		}
	case <-ctx.Done():
		fmt.Fprintln(out, "stopping")
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}
	return exitOK
}

// defaultDataDir is $XDG_STATE_HOME/shapan/serve, or
// ~/.local/state/shapan/serve.
func defaultDataDir() string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "shapan", "serve")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "state", "shapan", "serve")
	}
	return "shapan-serve"
}
