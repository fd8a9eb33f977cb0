# JupyterHub configuration of kernel/hubtest (make test-hub). Everything
# lives under $HUB_ROOT; ports come from the test.
#
# Users: DummyAuthenticator (no system accounts) and SimpleLocalProcessSpawner
# (each single-user server runs as the hub's own user, with its own home
# directory under $HUB_ROOT/home/NAME). Real system users would need root,
# useradd and PAM on the CI machine and leave accounts behind; they would
# add nothing the kernel can see: a kernel is a child of its user's server
# either way.
import os

root = os.environ["HUB_ROOT"]
c = get_config()  # noqa: F821 (defined by JupyterHub when it loads the file)

c.JupyterHub.bind_url = f"http://127.0.0.1:{os.environ['HUB_PORT']}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{os.environ['HUB_API_PORT']}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ['PROXY_API_PORT']}"
c.ConfigurableHTTPProxy.pid_file = os.path.join(root, "proxy.pid")
c.ConfigurableHTTPProxy.auth_token = os.environ["PROXY_TOKEN"]
# Debian's proxy finds its modules (commander, winston, ...) in
# /usr/share/nodejs, which Debian's own node searches but a node from
# elsewhere (this machine's nodejs 20 package) does not: name the folders.
os.environ["NODE_PATH"] = ":".join(p for p in ["/usr/share/nodejs", "/usr/lib/nodejs", os.environ.get("NODE_PATH")] if p)
c.JupyterHub.db_url = "sqlite:///" + os.path.join(root, "jupyterhub.sqlite")
c.JupyterHub.cookie_secret_file = os.path.join(root, "cookie_secret")
c.JupyterHub.pid_file = os.path.join(root, "hub.pid")
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True

c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(root, "home", "{username}")
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []
c.Spawner.environment = {
    "JUPYTER_PATH": os.environ["KERNEL_JUPYTER_PATH"],
    "GOPHERNOTE_DATA": os.environ.get("GOPHERNOTE_DATA", ""),
    "PYDEVD_DISABLE_FILE_VALIDATION": "1",
}
# 20 servers starting at once on 2 cores.
c.Spawner.start_timeout = 600
c.Spawner.http_timeout = 600
c.JupyterHub.concurrent_spawn_limit = 0
c.JupyterHub.active_server_limit = 0

# The test drives the hub through its REST API with a service token.
c.JupyterHub.services = [{"name": "hubtest", "api_token": os.environ["HUB_TOKEN"]}]
c.JupyterHub.load_roles = [{
    "name": "hubtest",
    "scopes": ["admin:users", "admin:servers", "access:servers", "read:users"],
    "services": ["hubtest"],
}]
