// fmt prints a map's keys in the order of their values (not of the text
// their String methods give) and calls the String or Error method of each
// key and value; the interpreter's fmt printed the underlying numbers.
package main

import (
	"fmt"
	"log"
	"math"
	"os"
)

type Suit int

const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

func (s Suit) String() string { return [...]string{"♠", "♥", "♦", "♣"}[s] }

type Name string

func (n Name) String() string { return "<" + string(n) + ">" }

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°", float64(t)) }

type P struct{ X, Y int }

func (p *P) String() string {
	if p == nil {
		return "nilP"
	}
	return fmt.Sprint("P", p.X)
}

type E struct{ c int }

func (e E) Error() string { return fmt.Sprint("E", e.c) }

func main() {
	counts := map[Suit]int{Clubs: 3, Spades: 1, Hearts: 13, Diamonds: 0}
	fmt.Println(counts)
	bySuit := map[string]Suit{"z": Clubs, "a": Hearts, "m": Spades, "B": Diamonds}
	fmt.Println(bySuit, len(bySuit))
	fmt.Printf("%v|%s|%d|%5v|%-3v|%q\n", counts, bySuit, counts, bySuit, counts, map[Name]Name{"b": "x", "a": "y"})
	temps := map[float64]Temp{2.5: 20, -1: 3.25, math.Inf(1): 0, 0: -4}
	fmt.Println(temps)
	ps := map[int]*P{2: {2, 0}, 1: nil, 3: {3, 3}}
	fmt.Println(ps)
	nested := map[string][]Suit{"hand": {Hearts, Clubs}, "empty": nil}
	fmt.Println(nested, []map[Suit]bool{{Clubs: true, Spades: false}})
	var none map[Suit]int
	fmt.Println(none, map[uint8]E{7: {1}, 2: {2}}, map[int8]Suit{-3: Spades, 2: Hearts})
	errs := map[string]E{"x": {1}}
	err := fmt.Errorf("failed: %v", errs)
	fmt.Println(err)
	fmt.Println(fmt.Sprint(map[Suit][]map[string]Suit{Clubs: {{"k": Hearts}}}))
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Printf("%v", map[Suit]Name{Hearts: "h"})
}
