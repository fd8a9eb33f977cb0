package hubtest

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// users is 20; GOPHERNOTE_HUB_USERS overrides it (to try the test small).
var users = 20

// TestHub20: JupyterHub serves 20 users on this machine, each running
// notebook 04 and notebook 08 at the same time (two gophernote kernels per
// user, 40 in all, through the hub's proxy) and then moving notebook 08's
// β slider five times. All 20 finish; none loses output (notebook 04's
// outputs equal the committed notebook's, notebook 08's summary equals its
// committed one, every slider move shows the headline α = βγ/(β+γ)
// computed by the driver). Prints
// BENCH hub-20 start-p95=… widget-p95=… rss-per-kernel=….
func TestHub20(t *testing.T) {
	if os.Getenv("GOPHERNOTE_HUB_TEST") != "1" {
		t.Skip("run by make test-hub (GOPHERNOTE_HUB_TEST=1): 20 users and 40 kernels take every core for minutes")
	}
	for _, need := range []string{"/usr/bin/jupyterhub", "/usr/bin/configurable-http-proxy", "/usr/bin/jupyterhub-singleuser", "/usr/bin/python3"} {
		if _, err := os.Stat(need); err != nil {
			t.Fatalf("%s is required (Debian package jupyterhub; make deps installs it): %v", need, err)
		}
	}
	if n, err := strconv.Atoi(os.Getenv("GOPHERNOTE_HUB_USERS")); err == nil && n > 0 {
		users = n
	}
	root := t.TempDir()
	bin := filepath.Join(root, "gophernote")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/gophernote/gophernote/cmd/gophernote").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	prefix := filepath.Join(root, "prefix")
	if out, err := exec.Command(bin, "install", "--prefix", prefix).CombinedOutput(); err != nil {
		t.Fatalf("gophernote install: %v\n%s", err, out)
	}
	// The kernels read the datasets from the folder make deps-data filled,
	// as gophernote finds it from here ($GOPHERNOTE_DATA, ../shared/data,
	// this user's cache...): each hub user runs in a home of its own,
	// where it would find nothing.
	const table = "pythia_checkpoints/gsm8k_per_problem_counts.csv" // notebook 04's
	out, err := exec.Command(bin, "data", "path", table).Output()
	if err != nil {
		t.Fatalf("gophernote data path %s: %v (make deps-data fetches the datasets)", table, err)
	}
	data := strings.TrimSuffix(strings.TrimSpace(string(out)), "/"+table)
	ports := freePorts(t, 3)
	token := randHex(16)
	logPath := filepath.Join(root, "jupyterhub.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cfg, _ := filepath.Abs("testdata/jupyterhub_config.py")
	hub := exec.Command("/usr/bin/jupyterhub", "-f", cfg)
	hub.Dir = root
	hub.Stdout, hub.Stderr = logf, logf
	hub.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	hub.Env = append(os.Environ(),
		"HUB_ROOT="+root,
		"HUB_PORT="+strconv.Itoa(ports[0]), "HUB_API_PORT="+strconv.Itoa(ports[1]), "PROXY_API_PORT="+strconv.Itoa(ports[2]),
		"HUB_TOKEN="+token, "PROXY_TOKEN="+randHex(16),
		"KERNEL_JUPYTER_PATH="+filepath.Join(prefix, "share", "jupyter"),
		"GOPHERNOTE_DATA="+data,
		"JUPYTER_PLATFORM_DIRS=1", "PYTHONDONTWRITEBYTECODE=1",
	)
	if err := hub.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- hub.Wait() }()
	defer func() {
		// SIGTERM: the hub stops the servers it spawned and the proxy;
		// then anything left in its process group goes.
		syscall.Kill(-hub.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(60 * time.Second):
		}
		syscall.Kill(-hub.Process.Pid, syscall.SIGKILL)
		if t.Failed() {
			t.Logf("jupyterhub log (tail):\n%s", tail(logPath, 60))
		}
	}()
	base := fmt.Sprintf("http://127.0.0.1:%d", ports[0])
	waitUp(t, base+"/hub/api/", exited, logPath)

	nbdir, _ := filepath.Abs("../../notebooks")
	script, _ := filepath.Abs("testdata/hub_users.py")
	cmd := exec.Command("/usr/bin/python3", script, base, token, strconv.Itoa(users), nbdir, bin)
	cmd.Dir = root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if s := strings.TrimSpace(stderr.String()); s != "" {
		t.Logf("hub_users.py stderr:\n%s", s)
	}
	if err != nil {
		t.Fatalf("hub_users.py: %v\n%s", err, stdout.String())
	}
	var summary map[string]any
	finished := 0
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var r map[string]any
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("hub_users.py output %q: %v", sc.Text(), err)
		}
		if s, ok := r["summary"].(map[string]any); ok {
			summary = s
			continue
		}
		if checkUser(t, r) {
			finished++
		}
	}
	if finished != users || summary == nil {
		t.Fatalf("%d of %d users finished with all their output", finished, users)
	}
	t.Logf("summary: %v", summary)
	fmt.Printf("BENCH hub-%d start-p95=%.2fs widget-p95=%.3fs rss-per-kernel=%.0fMiB spawn-p95=%.2fs widget-median=%.3fs rss-per-kernel-max=%.0fMiB kernels=%v\n",
		users, summary["start_p95_s"], summary["widget_p95_s"], summary["rss_per_kernel_mean"].(float64)/(1<<20),
		summary["spawn_p95_s"], summary["widget_median_s"], summary["rss_per_kernel_max"].(float64)/(1<<20), summary["kernels_at_peak"])
}

// checkUser reports one user's failures and whether it finished cleanly.
func checkUser(t *testing.T, r map[string]any) bool {
	t.Helper()
	name := r["user"]
	if e, ok := r["error"]; ok {
		t.Errorf("user %v: %v", name, e)
		return false
	}
	ok := true
	for _, k := range []string{"status_04", "status_08"} {
		for i, s := range r[k].([]any) {
			if s != "ok" {
				t.Errorf("user %v: %s cell %d: %v", name, k[len(k)-2:], i, s)
				ok = false
			}
		}
	}
	if d := r["diff_04"].([]any); len(d) > 0 {
		t.Errorf("user %v: notebook 04 outputs differ from the committed notebook in cells %v: %v", name, d, r["diff_04_first"])
		ok = false
	}
	if r["summary_08_equal"] != true {
		t.Errorf("user %v: notebook 08's summary differs from the committed one", name)
		ok = false
	}
	if w := r["widget_wrong"].([]any); len(w) > 0 {
		t.Errorf("user %v: slider moves without the right headline: %v", name, w)
		ok = false
	}
	return ok
}

func waitUp(t *testing.T, url string, exited <-chan error, logPath string) {
	deadline := time.Now().Add(3 * time.Minute)
	for {
		select {
		case err := <-exited:
			t.Fatalf("jupyterhub exited: %v\n%s", err, tail(logPath, 40))
		default:
		}
		if r, err := http.Get(url); err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("jupyterhub not up at %s after 3 minutes:\n%s", url, tail(logPath, 40))
		}
		time.Sleep(200 * time.Millisecond) // polling a server that is starting
	}
}

func freePorts(t *testing.T, n int) []int {
	var ls []net.Listener
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

func randHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func tail(path string, lines int) string {
	b, _ := os.ReadFile(path)
	l := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(l) > lines {
		l = l[len(l)-lines:]
	}
	return strings.Join(l, "\n")
}
