// Package hubtest holds `make test-hub`: JupyterHub (Debian's jupyterhub
// with its configurable-http-proxy) serving 20 local users on one machine,
// each running notebook 04 and notebook 08's widgets at the same time
// through the hub's proxy, as a browser would (REST and the kernel
// websocket). The test runs only when GOPHERNOTE_HUB_TEST=1 (the make
// target sets it): it takes minutes and every core.
package hubtest
