package display

import (
	"context"
	"sync"
	"testing"
)

func TestContextOutsideCell(t *testing.T) {
	c := Context()
	if c == nil {
		t.Fatal("Context() = nil outside a cell")
	}
	if c != context.Background() {
		t.Errorf("Context() = %v outside a cell, want context.Background()", c)
	}
	if c.Done() != nil || c.Err() != nil {
		t.Errorf("Context() outside a cell can be cancelled: Done %v, Err %v", c.Done(), c.Err())
	}
	restore := SetContext(nil)
	if Context() != context.Background() {
		t.Error("SetContext(nil): Context() is not context.Background()")
	}
	restore()
}

func TestSetContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	restore := SetContext(ctx)
	if Context() != ctx {
		t.Fatal("Context() is not the installed context")
	}
	// concurrent readers (cells' goroutines) while the cell is cancelled
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-Context().Done()
		}()
	}
	cancel()
	wg.Wait()
	if Context().Err() != context.Canceled {
		t.Errorf("Err = %v, want context.Canceled", Context().Err())
	}
	restore()
	if Context() != context.Background() {
		t.Error("restore did not bring back context.Background()")
	}
}
