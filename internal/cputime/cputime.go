// Package cputime reads the processor time the process has used, for
// benchmarks run on a shared machine: there the wall time of an operation
// grows with the other processes' load, its processor time far less.
package cputime
