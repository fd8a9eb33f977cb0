"""Serve the gophernote JupyterLab test front end.

A jupyterlab_server LabServerApp (Debian's jupyterlab_server 2.16 on
jupyter_server 1.23): /gnlab/tree/PATH is the page of the notebook PATH
(relative to --notebook-dir), built from templates/index.html; the bundle
(build/, made by `npm run build`) is served from /static/gophernote_lab/.
Everything else (contents, kernels, kernelspecs, sessions, the kernel
websocket) is jupyter_server's REST API.

Usage: python3 server.py --port=N --ServerApp.token=T --notebook-dir=DIR
"""

import os

from jupyterlab_server import LabServerApp

HERE = os.path.dirname(os.path.abspath(__file__))


class GophernoteLab(LabServerApp):
    name = "gophernote_lab"
    extension_url = "/gnlab"
    default_url = "/gnlab"
    app_url = "/gnlab"
    app_name = "gophernote JupyterLab test"
    load_other_extensions = False
    static_dir = os.path.join(HERE, "build")
    templates_dir = os.path.join(HERE, "templates")


def _jupyter_server_extension_points():
    # Launched as a script the extension's module is __main__: jupyter_server
    # looks for this function there.
    return [{"module": __name__, "app": GophernoteLab}]


if __name__ == "__main__":
    GophernoteLab.launch_instance()
