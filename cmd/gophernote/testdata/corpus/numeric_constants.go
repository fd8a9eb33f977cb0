// Constant expressions as a user computing with them writes them: untyped
// divisions given a float type by a declaration (var r float64 = 3 / 2 is
// 1 in Go; the interpreter computed 1.5), constants beyond 64 bits, the
// untyped left operand of a shift, iota with implicit repetition, typed
// constants of package types, -0.0 and switch cases written as floats.
package main

import (
	"fmt"
	"math"
	"time"
)

type Flags uint16

const (
	Verbose Flags = 1 << iota
	Debug
	Trace
)

type Unit int

const (
	_  = iota
	KB = 1 << (10 * iota)
	MB
	GB
	TB
	PB
	EB
	ZB // 1 << 70: beyond int64, fine as a constant
	YB
)

const (
	alpha       = 0.34
	beta        = 0.28
	ratio       = beta / (alpha + beta)
	tokensPerGB = GB / 4
	third       = 1.0 / 3
	mask        = 1<<64 - 1
)

var fraction float64 = 1 / 4 // integer division: 0

func bucket(x uint64) int {
	switch x {
	case 1e3:
		return 3
	case 1e6:
		return 6
	case 1e19:
		return 19
	}
	return -1
}

func setBit(word uint32, bit uint) uint32 { return word | 1<<(bit&31) }

func main() {
	var half float64 = 3 / 2
	var share float32 = 2 / 3.0
	fmt.Println(half, share, fraction, ratio, float32(ratio))
	fmt.Println(KB, MB, GB, TB, EB, ZB/YB, YB/ZB, uint64(mask))
	fmt.Println(tokensPerGB, third*3 == 1, math.MaxUint32, uint64(math.MaxUint64))
	f := Verbose | Trace
	fmt.Printf("%T %v %v %v\n", f, f, f&Debug != 0, f&Trace != 0)
	fmt.Println(time.Duration(1.5*float64(time.Second)), time.Second*3/2, time.Hour/time.Minute)
	fmt.Println(bucket(1000), bucket(1000001), bucket(10000000000000000000), bucket(9999999999999999999))
	fmt.Println(setBit(0, 33), setBit(1, 31))
	const zero = 0.0
	x := -zero
	fmt.Println(x, math.Signbit(x), 1/x, math.Signbit(-1e-10000))
	fmt.Println(math.Sin(0.6*math.Pi)+3, math.Exp(-alpha*math.Ln2))
}
