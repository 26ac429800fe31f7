// Package cputime reads the CPU time of the running process and of the
// calling thread, which benchmarks and `shapan sim` report beside the
// wall time: on a shared machine the wall time is mostly waiting for a
// core. Where a time is not read (Process off Unix, Thread off Linux) it
// is 0.
package cputime
