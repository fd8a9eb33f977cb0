package worker

import (
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
)

// The worker's memory.
//
// Limits. The worker limits itself to the memory it may use, L: the value
// of GOPHERNOTE_MEMORY_LIMIT when set ("off"; a size such as "4GiB",
// "512MiB", "2GB", "1500000000"; or a share of the memory available,
// "75%"), else all of the memory available — the cgroup's limit
// (cgroup v2 memory.max, v1 memory.limit_in_bytes) when it has one,
// else the machine's (MemTotal). It sets
//
//   - the Go runtime's soft memory limit to L (runtime/debug.SetMemoryLimit,
//     unless GOMEMLIMIT is set): the garbage collector works harder as
//     the heap nears L, so garbage does not take the worker there;
//   - its address-space limit (RLIMIT_AS) to L plus the address space it
//     had mapped when it started (the binary, the runtime's reservations)
//     plus room for thread stacks, min(8 GiB, L/2): an allocation past it
//     fails, and the Go runtime ends the worker with "fatal error: out of
//     memory" (which the kernel reports for the cell, starting a fresh
//     worker) instead of the system's OOM killer ending it — or another
//     process — without a word. The address space the Go heap has used is
//     never unmapped, so the limit bounds the heap's peak.
//
// Returning memory. After each cell or comm message, once the worker has
// been idle for idleDelay, it returns the memory its heap no longer uses
// to the system (debug.FreeOSMemory: a garbage collection, then every free
// page released), so that memory a cell allocated and dropped leaves the
// worker's RSS; while idle it checks every idleSweep whether goroutines of
// earlier cells freed enough to do so again.

const envMemoryLimit = "GOPHERNOTE_MEMORY_LIMIT"

// limits are the limits a worker set.
type limits struct {
	memory  int64  // SetMemoryLimit (0: none set)
	address int64  // RLIMIT_AS (0: none set)
	source  string // what L came from
}

// setLimits computes L and applies the limits (see above).
func setLimits() limits {
	l, source, err := memoryBudget(os.Getenv(envMemoryLimit))
	if err != nil {
		fmt.Fprintf(os.Stderr, "gophernote worker: %s: %v; no memory limit set\n", envMemoryLimit, err)
		return limits{source: "invalid " + envMemoryLimit}
	}
	if l <= 0 {
		return limits{source: source}
	}
	out := limits{source: source}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(l)
		out.memory = l
	}
	room := min(int64(8<<30), l/2)
	as := l + vmSize() + room
	if err := setAddressLimit(as); err != nil {
		fmt.Fprintf(os.Stderr, "gophernote worker: setting RLIMIT_AS: %v\n", err)
	} else {
		out.address = as
	}
	return out
}

// memoryBudget parses GOPHERNOTE_MEMORY_LIMIT's value (empty: all of the
// memory available) into bytes; 0 means no limit.
func memoryBudget(v string) (int64, string, error) {
	v = strings.TrimSpace(v)
	avail, from := availableMemory()
	switch {
	case v == "":
		return avail, from, nil
	case strings.EqualFold(v, "off") || v == "0":
		return 0, envMemoryLimit + "=" + v, nil
	case strings.HasSuffix(v, "%"):
		f, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
		if err != nil || f <= 0 || f > 100 {
			return 0, "", fmt.Errorf("%q: want a percentage in (0, 100]", v)
		}
		if avail <= 0 {
			return 0, "", fmt.Errorf("%q: the memory available is unknown", v)
		}
		return int64(float64(avail) * f / 100), fmt.Sprintf("%s of %s", v, from), nil
	}
	n, err := ParseSize(v)
	if err != nil {
		return 0, "", err
	}
	return n, envMemoryLimit + "=" + v, nil
}

// ParseSize parses a size in bytes: a number with an optional unit (B,
// KB, MB, GB, TB: powers of 1000; KiB, MiB, GiB, TiB or K, M, G, T:
// powers of 1024).
func ParseSize(s string) (int64, error) {
	units := []struct {
		suffix string
		mult   float64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1},
	}
	t := strings.TrimSpace(s)
	mult := 1.0
	for _, u := range units {
		if len(t) > len(u.suffix) && strings.EqualFold(t[len(t)-len(u.suffix):], u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || f*mult > math.MaxInt64/2 {
		return 0, fmt.Errorf("%q is not a size (want e.g. 4GiB, 512MiB, 75%%, off)", s)
	}
	return int64(f * mult), nil
}

// availableMemory is the cgroup's memory limit, else the machine's
// memory, and where it came from.
func availableMemory() (int64, string) {
	total := memTotal()
	if dir := cgroupDir(); dir != "" {
		if n, ok := readLimit(dir + "/memory.max"); ok && (total <= 0 || n < total) {
			return n, "the cgroup's memory.max"
		}
	}
	if dir := cgroupV1Dir(); dir != "" {
		if n, ok := readLimit(dir + "/memory.limit_in_bytes"); ok && (total <= 0 || n < total) {
			return n, "the cgroup's memory.limit_in_bytes"
		}
	}
	if total > 0 {
		return total, "the machine's memory (MemTotal)"
	}
	return 0, "no memory size known"
}

func readLimit(path string) (int64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	s := strings.TrimSpace(string(data))
	if s == "max" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0
}

// memTotal is /proc/meminfo's MemTotal in bytes, or 0.
func memTotal() int64 { return procField("/proc/meminfo", "MemTotal:") }

// vmSize is this process's mapped address space in bytes, or 0.
func vmSize() int64 { return procField("/proc/self/status", "VmSize:") }

// selfRSS is this process's resident set size in bytes, or 0.
func selfRSS() int64 { return procField("/proc/self/status", "VmRSS:") }

// procField reads a "Name:   123 kB" line of a /proc file.
func procField(path, name string) int64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, name); ok {
			f := strings.Fields(v)
			if len(f) == 0 {
				return 0
			}
			n, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil {
				return 0
			}
			if len(f) > 1 && f[1] == "kB" {
				n *= 1024
			}
			return n
		}
	}
	return 0
}

// setAddressLimit sets the soft RLIMIT_AS; the hard limit stays, so that
// a process a cell starts (which inherits the soft limit) may raise it.
func setAddressLimit(n int64) error {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil {
		return err
	}
	if r.Max != ^uint64(0) && uint64(n) > r.Max {
		n = int64(r.Max)
	}
	r.Cur = uint64(n)
	return syscall.Setrlimit(syscall.RLIMIT_AS, &r)
}

// sizeText shows a size in GiB or MiB ("none" for 0).
func sizeText(n int64) string {
	switch {
	case n <= 0:
		return "none"
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	default:
		return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
	}
}
