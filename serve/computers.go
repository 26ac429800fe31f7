package serve

import (
	"sync"
	"sync/atomic"
	"time"
)

// computers plays the computer seats of every room on a few workers, fewer
// than the CPUs, so that people's requests find a processor free while the
// computers think. A worker takes the room that waited longest, answers
// its computers' decisions for a short slice of time — locking the room
// for one decision at a time, so the room's own requests pass in between
// — and puts it back at the end of the line if more remain. Before every
// decision it gives way to the people's answers being applied (for at
// most a slice), so a person's answer is never queued behind computers.
type computers struct {
	mu     sync.Mutex
	wake   *sync.Cond
	line   []*Room
	closed bool
	// people counts the people's answers being applied now; idle is
	// closed (and replaced) when it falls to zero.
	people atomic.Int64
	idleMu sync.Mutex
	idle   chan struct{}
	logf   func(format string, args ...any)
	wg     sync.WaitGroup
}

// slice is how long a worker plays one room before the next room's turn,
// and the longest it gives way to people.
const slice = 2 * time.Millisecond

func newComputers(workers int, logf func(string, ...any)) *computers {
	c := &computers{logf: logf, idle: make(chan struct{})}
	c.wake = sync.NewCond(&c.mu)
	for range workers {
		c.wg.Go(c.work)
	}
	return c
}

// add puts a room at the end of the line (the caller set its queued flag).
func (c *computers) add(r *Room) {
	c.mu.Lock()
	c.line = append(c.line, r)
	c.mu.Unlock()
	c.wake.Signal()
}

// next waits for a room; false when the workers stop.
func (c *computers) next() (*Room, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.line) == 0 && !c.closed {
		c.wake.Wait()
	}
	if c.closed {
		return nil, false
	}
	r := c.line[0]
	c.line[0] = nil
	c.line = c.line[1:]
	return r, true
}

func (c *computers) work() {
	for {
		r, ok := c.next()
		if !ok {
			return
		}
		more := true
		for end := time.Now().Add(slice); more && time.Now().Before(end); {
			c.giveWay()
			more = r.playComputer(c.logf)
		}
		if more {
			c.add(r)
		}
	}
}

// personBegins and personEnds bracket the application of a person's
// answer.
func (c *computers) personBegins() { c.people.Add(1) }

func (c *computers) personEnds() {
	if c.people.Add(-1) == 0 {
		c.idleMu.Lock()
		close(c.idle)
		c.idle = make(chan struct{})
		c.idleMu.Unlock()
	}
}

// giveWay waits while people's answers are being applied, for at most a
// slice.
func (c *computers) giveWay() {
	if c.people.Load() == 0 {
		return
	}
	c.idleMu.Lock()
	idle := c.idle
	c.idleMu.Unlock()
	if c.people.Load() == 0 {
		return
	}
	t := time.NewTimer(slice)
	defer t.Stop()
	select {
	case <-idle:
	case <-t.C:
	}
}

// stop ends the workers once their decisions in hand are answered.
func (c *computers) stop() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.wake.Broadcast()
	c.wg.Wait()
}
