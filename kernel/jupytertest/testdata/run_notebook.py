"""Execute a notebook with nbclient through the gophernote kernel and print
its code cells' outputs as JSON (one list per cell)."""

import json
import sys

import nbclient
import nbformat


def main(path):
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(nb, kernel_name="gophernote", timeout=120)
    client.execute()
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            cells.append({"execution_count": cell.execution_count, "outputs": cell.outputs})
    print(json.dumps(cells))


if __name__ == "__main__":
    main(sys.argv[1])
