package runner

import (
	"io"
	"os"
	"testing"

	"github.com/gophernote/gophernote/kernel/worker"
)

// The test binary is its own worker process: testConfig has the runner
// start it again with envTestWorker set, and TestMain serves instead of
// testing.
const envTestWorker = "GOPHERNOTE_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(envTestWorker) == "1" {
		os.Exit(worker.Main())
	}
	os.Exit(m.Run())
}

// testDir is the package folder, where the tests start.
var testDir, _ = os.Getwd()

// testConfig runs the runner with this test binary as its worker.
func testConfig(stdout, stderr io.Writer) Config {
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	return Config{Stdout: stdout, Stderr: stderr, Worker: []string{exe}, WorkerEnv: []string{envTestWorker + "=1"}}
}
