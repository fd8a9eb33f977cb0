package session

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// ConnectionInfo is the content of a Jupyter connection file: where to bind
// the five channels and how to sign messages.
type ConnectionInfo struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	SignatureScheme string `json:"signature_scheme"`
	Key             string `json:"key"`
	KernelName      string `json:"kernel_name,omitempty"`
}

// LoadConnectionFile reads and validates the connection file at path.
// Errors name the file and the offending field.
func LoadConnectionFile(path string) (ConnectionInfo, error) {
	var ci ConnectionInfo
	b, err := os.ReadFile(path)
	if err != nil {
		return ci, fmt.Errorf("connection file: %w", err)
	}
	if err := json.Unmarshal(b, &ci); err != nil {
		return ci, fmt.Errorf("connection file %s: invalid JSON: %v", path, err)
	}
	if err := ci.Validate(); err != nil {
		return ci, fmt.Errorf("connection file %s: %v", path, err)
	}
	return ci, nil
}

// Validate checks the transport, ip, ports and signature scheme.
func (ci *ConnectionInfo) Validate() error {
	if ci.Transport == "" {
		ci.Transport = "tcp"
	}
	if ci.Transport != "tcp" && ci.Transport != "ipc" {
		return fmt.Errorf("transport %q not supported (want tcp or ipc)", ci.Transport)
	}
	if ci.IP == "" {
		return fmt.Errorf("ip is missing")
	}
	ports := []struct {
		name string
		p    int
	}{
		{"shell_port", ci.ShellPort}, {"iopub_port", ci.IOPubPort}, {"stdin_port", ci.StdinPort},
		{"control_port", ci.ControlPort}, {"hb_port", ci.HBPort},
	}
	seen := map[int]string{}
	for _, p := range ports {
		if p.p <= 0 || p.p > 65535 {
			return fmt.Errorf("%s %d out of range 1..65535", p.name, p.p)
		}
		if other, dup := seen[p.p]; dup {
			return fmt.Errorf("%s and %s are both %d", other, p.name, p.p)
		}
		seen[p.p] = p.name
	}
	switch ci.SignatureScheme {
	case "hmac-sha256":
	case "":
		if ci.Key != "" {
			return fmt.Errorf("signature_scheme is missing but a key is set (want \"hmac-sha256\")")
		}
	default:
		return fmt.Errorf("signature_scheme %q not supported (want \"hmac-sha256\")", ci.SignatureScheme)
	}
	return nil
}

// Endpoint returns the ZeroMQ endpoint for port, as jupyter_client forms it.
func (ci *ConnectionInfo) Endpoint(port int) string {
	if ci.Transport == "ipc" {
		return fmt.Sprintf("ipc://%s-%d", ci.IP, port)
	}
	ip := ci.IP
	if strings.Contains(ip, ":") && !strings.HasPrefix(ip, "[") {
		ip = "[" + ip + "]"
	}
	return fmt.Sprintf("tcp://%s:%d", ip, port)
}

// dialEndpoint is the endpoint a local client uses to reach port (a
// wildcard bind address is reached through loopback).
func (ci *ConnectionInfo) dialEndpoint(port int) string {
	if ci.Transport == "tcp" && (ci.IP == "0.0.0.0" || ci.IP == "*") {
		c := *ci
		c.IP = "127.0.0.1"
		return c.Endpoint(port)
	}
	return ci.Endpoint(port)
}
