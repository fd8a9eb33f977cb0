"""Execute a notebook through a real Jupyter kernel with nbclient.

Usage: run_nbclient.py IN.ipynb OUT.ipynb KERNEL_NAME TIMEOUT_SECONDS
The kernelspec must be discoverable (JUPYTER_PATH). Exits non-zero when a
cell errors; the partially executed notebook is still written.
"""
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def main():
    src, dst, kernel, timeout = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    nb = nbformat.read(src, as_version=4)
    client = NotebookClient(nb, kernel_name=kernel, timeout=timeout,
                            resources={"metadata": {"path": "."}})
    status = 0
    try:
        client.execute()
    except CellExecutionError as err:
        print(str(err)[:4000], file=sys.stderr)
        status = 1
    nbformat.write(nb, dst)
    sys.exit(status)


if __name__ == "__main__":
    main()
