package debugger

// Murmur2 is MurmurHash2 (Austin Appleby's 32-bit hash) of data with
// seed, as JupyterLab's debugger computes it (@jupyterlab/debugger's
// hash.ts, over the code's UTF-8 bytes): JupyterLab names a cell's code
// prefix + Murmur2(code, seed) + suffix and matches a stopped frame's
// source path to its cell by that name, so the kernel must compute the
// same number. Hand-written: the Go module proxy offers murmur3 and
// murmur2-64 packages, not this 32-bit variant with JupyterLab's tail
// handling; TestMurmur2 checks it against JupyterLab's own code run
// under node.
func Murmur2(data []byte, seed uint32) uint32 {
	const m = 0x5bd1e995
	h := seed ^ uint32(len(data))
	i := 0
	for ; len(data)-i >= 4; i += 4 {
		k := uint32(data[i]) | uint32(data[i+1])<<8 | uint32(data[i+2])<<16 | uint32(data[i+3])<<24
		k *= m
		k ^= k >> 24
		k *= m
		h = h*m ^ k
	}
	switch len(data) - i {
	case 3:
		h ^= uint32(data[i+2]) << 16
		fallthrough
	case 2:
		h ^= uint32(data[i+1]) << 8
		fallthrough
	case 1:
		h ^= uint32(data[i])
		h *= m
	}
	h ^= h >> 13
	h *= m
	h ^= h >> 15
	return h
}
