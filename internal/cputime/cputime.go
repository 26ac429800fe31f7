// Package cputime reads the CPU time of the running process, which
// benchmarks report beside the wall time: on a shared machine the wall
// time is mostly waiting for a core.
package cputime
