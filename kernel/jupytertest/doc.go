// Package jupytertest holds the tests that drive the gophernote kernel
// through real Python Jupyter clients (Debian's jupyter_client,
// jupyter_kernel_test and nbclient, run by /usr/bin/python3), and the
// kernel latency benchmark against ipykernel (GOPHERNOTE_BENCH=1).
//
// Each test run builds the gophernote binary, installs its kernelspec
// under a temporary prefix and points JUPYTER_PATH at it, so nothing
// outside the temporary directory is touched.
package jupytertest
