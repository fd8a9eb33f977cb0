package chinchilla

import "math/rand/v2"

// splitmix64 is the SplitMix64 finaliser (Steele, Lea and Flood 2014),
// used to decorrelate seeds: PCG states that differ by a small integer
// give visibly correlated first outputs (measured here: IsoFLOP noise with
// PCG(seed, i) alternated in sign across budgets).
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// streamRNG is an independent generator for item i of a seeded run.
func streamRNG(seed, i uint64) *rand.Rand {
	return rand.New(rand.NewPCG(splitmix64(seed), splitmix64(splitmix64(seed^0x5851f42d4c957f2d)+i)))
}
