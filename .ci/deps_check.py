"""`make deps-check`: does `make deps` install everything the tests use?

Usage: deps_check.py DEBIAN_PACKAGE...   (the Makefile's DEBIAN_PACKAGES)

It reads the repository's tracked files for what the tests import or load:

  - Python modules: every import in a tracked .py file (stdlib and the
    script's own sibling modules aside), every module a Go test asks for
    with requirePython(t, ...), and every `-m MODULE` a Go file runs;
  - npm packages: every require('x') / import ... from 'x' in a tracked .js
    file, which must be a dependency in the package.json above it, and that
    package.json's folder must be one the Makefile runs `npm ci` in;
  - executables: exec.LookPath("x") in Go files, absolute /usr/bin paths in
    Go string literals;
  - nbextensions: lines `deps: nbextension NAME` in tracked test sources
    (the classic Notebook loads them by name, nothing imports them), which
    must be enabled in the notebook's nbconfig.

and checks each one on this machine: it must exist, and the Debian package
that ships it (dpkg -S) must be one make deps installs or one of their
dependencies (Depends/Pre-Depends, recursively: deps installs with
--no-install-recommends). Go, git, npm and node are taken as given (a
fresh machine has them). A thing installed by hand, or brought in only by
a package deps does not name, fails with what to add. Exit status 1 on
any failure.
"""

import ast
import importlib.util
import json
import os
import re
import subprocess
import sys

GIVEN_EXECUTABLES = {"go", "git", "npm", "node", "npx"}
NODE_BUILTINS = {
    "assert", "buffer", "child_process", "crypto", "events", "fs", "http", "https", "module", "net",
    "os", "path", "process", "readline", "stream", "timers", "url", "util", "zlib", "worker_threads",
}


def git_files(*patterns):
    out = subprocess.run(["git", "ls-files", *patterns], capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if "node_modules/" not in f]


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def python_needs():
    """module -> set of files that need it."""
    needs = {}
    for f in git_files("*.py"):
        try:
            tree = ast.parse(read(f), f)
        except SyntaxError as e:
            fail(f"{f}: not Python: {e}")
            continue
        here = os.path.dirname(f)
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for n in names:
                top = n.split(".")[0]
                if top in sys.stdlib_module_names or top == "__future__":
                    continue
                if os.path.exists(os.path.join(here, top + ".py")) or os.path.isdir(os.path.join(here, top)):
                    continue  # the script's own module
                needs.setdefault(n, set()).add(f)
    for f in git_files("*.go"):
        src = read(f)
        for call in re.findall(r"requirePython\(t,([^)]*)\)", src):
            for mod in re.findall(r'"([\w.]+)"', call):
                needs.setdefault(mod, set()).add(f)
        for mod in re.findall(r'"-m",\s*"([\w.]+)"', src):
            needs.setdefault(mod, set()).add(f)
    return needs


def js_needs():
    """(package.json dir, package) -> files."""
    needs = {}
    pat = re.compile(r"""(?:require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"])""", re.M)
    for f in git_files("*.js"):
        for m in pat.finditer(read(f)):
            spec = next(g for g in m.groups() if g)
            if spec.startswith(".") or spec.startswith("/") or spec.split("/")[0] in NODE_BUILTINS or spec.startswith("node:"):
                continue
            parts = spec.split("/")
            pkg = "/".join(parts[:2]) if spec.startswith("@") else parts[0]
            d = os.path.dirname(f)
            while d and not os.path.exists(os.path.join(d, "package.json")):
                d = os.path.dirname(d)
            needs.setdefault((d, pkg), set()).add(f)
    return needs


def exe_needs():
    needs = {}
    for f in git_files("*.go"):
        src = read(f)
        for x in re.findall(r'exec\.LookPath\("([^"]+)"\)', src):
            needs.setdefault(x, set()).add(f)
        for x in re.findall(r'"(/usr/bin/[\w.+-]+)"', src):
            needs.setdefault(x, set()).add(f)
    return needs


def nbext_needs():
    needs = {}
    for f in git_files("*.go", "*.js", "*.py"):
        if f == ".ci/deps_check.py":
            continue  # its own description of the marker
        for x in re.findall(r"deps: nbextension ([\w./-]+)", read(f)):
            needs.setdefault(x, set()).add(f)
    return needs


failures = []


def fail(msg):
    failures.append(msg)


def closure(pkgs):
    """The packages deps installs and everything they depend on."""
    status = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${Status}\t${Depends}, ${Pre-Depends}\t${Provides}\n"],
                            capture_output=True, text=True).stdout
    deps, installed, provides = {}, set(), {}
    for line in status.splitlines():
        name, st, dep, prov = (line.split("\t") + ["", "", "", ""])[:4]
        if "install ok installed" not in st:
            continue
        installed.add(name)
        deps[name] = dep
        for p in prov.split(","):
            p = p.strip().split(" ")[0]
            if p:
                provides.setdefault(p, []).append(name)
    seen, todo = set(), list(pkgs)
    while todo:
        p = todo.pop().split(":")[0]
        if p in seen:
            continue
        seen.add(p)
        for group in deps.get(p, "").split(","):
            alts = [a.strip().split(" ")[0].split(":")[0] for a in group.split("|") if a.strip()]
            for a in alts:  # the alternative that is installed (or provides it)
                names = [a] if a in installed else provides.get(a, [])
                if names:
                    todo.extend(names)
                    break
    return seen


def owner(path):
    """The Debian package that ships path, or None."""
    for p in (path, os.path.realpath(path)):
        r = subprocess.run(["dpkg", "-S", p], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.split(":")[0].split(",")[0].strip()
    return None


def module_path(mod):
    r = subprocess.run([sys.executable, "-c", f"""
import importlib.util, sys
s = importlib.util.find_spec({mod!r})
if s is None:
    sys.exit(1)
print(s.origin if s.origin not in (None, 'namespace') else list(s.submodule_search_locations)[0])
"""], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def main():
    pkgs = sys.argv[1:]
    if not subprocess.run(["sh", "-c", "command -v dpkg-query"], capture_output=True).returncode == 0:
        print("deps-check: not a Debian system; nothing checked")
        return 0
    have = closure(pkgs)
    makefile = read("Makefile")
    counts = {}

    py = python_needs()
    counts["Python modules"] = len(py)
    for mod, files in sorted(py.items()):
        where = ", ".join(sorted(files)[:3])
        path = module_path(mod)
        if path is None:
            fail(f"Python module {mod} (imported by {where}) is not installed for {sys.executable}: add its Debian package to DEBIAN_PACKAGES")
            continue
        pkg = owner(path)
        if pkg is None:
            fail(f"Python module {mod} ({path}, imported by {where}) is not from a Debian package (installed by hand?)")
        elif pkg not in have:
            fail(f"Python module {mod} (imported by {where}) comes from {pkg}, which make deps does not install: add it to DEBIAN_PACKAGES")

    js = js_needs()
    counts["npm packages"] = len(js)
    for (d, pkg), files in sorted(js.items()):
        where = ", ".join(sorted(files)[:3])
        if not d:
            fail(f"npm package {pkg} (required by {where}) has no package.json above it")
            continue
        manifest = json.loads(read(os.path.join(d, "package.json")))
        declared = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}
        if pkg not in declared:
            fail(f"npm package {pkg} (required by {where}) is not a dependency in {d}/package.json")
        if not os.path.exists(os.path.join(d, "package-lock.json")):
            fail(f"{d}/package.json has no lockfile for npm ci")
        if d not in makefile:
            fail(f"{d} (npm packages for {where}) is not installed by any Makefile target")
        elif not os.path.exists(os.path.join(d, "node_modules", pkg, "package.json")):
            fail(f"npm package {pkg} is not in {d}/node_modules: run make deps")

    exes = exe_needs()
    counts["executables"] = len(exes)
    for x, files in sorted(exes.items()):
        where = ", ".join(sorted(files)[:3])
        if x in GIVEN_EXECUTABLES:
            continue
        path = x if x.startswith("/") else subprocess.run(["sh", "-c", f"command -v {x}"], capture_output=True, text=True).stdout.strip()
        if not path or not os.path.exists(path):
            fail(f"executable {x} (used by {where}) is missing: add its Debian package to DEBIAN_PACKAGES")
            continue
        pkg = owner(path)
        if pkg is None:
            fail(f"executable {x} ({path}, used by {where}) is not from a Debian package")
        elif pkg not in have:
            fail(f"executable {x} (used by {where}) comes from {pkg}, which make deps does not install")

    nbx = nbext_needs()
    counts["nbextensions"] = len(nbx)
    enabled = {}
    for d in ("/etc/jupyter/nbconfig", "/usr/etc/jupyter/nbconfig", "/usr/local/etc/jupyter/nbconfig"):
        for sub in ("notebook.d", ""):
            dd = os.path.join(d, sub)
            if not os.path.isdir(dd):
                continue
            for name in os.listdir(dd):
                p = os.path.join(dd, name)
                if name.endswith(".json") and os.path.isfile(p):
                    for k, v in json.loads(read(p)).get("load_extensions", {}).items():
                        if v:
                            enabled[k] = p
    for x, files in sorted(nbx.items()):
        where = ", ".join(sorted(files)[:3])
        if x not in enabled:
            fail(f"nbextension {x} (loaded by {where}) is not enabled in the system nbconfig: add its Debian package to DEBIAN_PACKAGES")
            continue
        pkg = owner(enabled[x])
        js_file = os.path.join("/usr/share/jupyter/nbextensions", x + ".js")
        if pkg is None or pkg not in have:
            fail(f"nbextension {x} (loaded by {where}) is enabled by {enabled[x]} from {pkg}, which make deps does not install")
        elif not os.path.exists(js_file) or owner(js_file) not in have:
            fail(f"nbextension {x}: {js_file} is missing or not from a package make deps installs")

    summary = ", ".join(f"{n} {k}" for k, n in counts.items())
    if failures:
        for f in failures:
            print("deps-check:", f, file=sys.stderr)
        print(f"deps-check: {len(failures)} missing ({summary} checked)", file=sys.stderr)
        return 1
    print(f"deps-check: {summary}: all installed by make deps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
