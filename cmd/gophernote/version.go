package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is gophernote's release version.
const version = "0.1.0"

// versions reports gophernote's version (with the VCS revision when the
// binary was built with one), the Go version and the linked yaegi version.
func versions() (gophernote, goVersion, yaegi string) {
	gophernote, goVersion, yaegi = version, runtime.Version(), "not linked"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return
	}
	goVersion = bi.GoVersion
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			gophernote += "+" + s.Value[:12]
		}
	}
	for _, d := range bi.Deps {
		if d.Path == "github.com/traefik/yaegi" {
			yaegi = d.Version
			if d.Replace != nil {
				yaegi += " => " + d.Replace.Path + " " + d.Replace.Version
			}
		}
	}
	return
}

func versionCmd(stdout io.Writer) int {
	g, gv, y := versions()
	fmt.Fprintf(stdout, "gophernote %s\ngo %s\nyaegi %s\n", g, gv, y)
	return 0
}

func banner() string {
	g, gv, y := versions()
	return fmt.Sprintf("gophernote %s: Go (%s) interpreted by yaegi %s", g, gv, y)
}
