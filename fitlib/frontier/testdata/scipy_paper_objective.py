#!/usr/bin/python3
"""Independent check of frontier.PaperOptions: minimise the paper's
objective (Zhang et al. 2026; the authors' skill_frontier/core/
sigmoid_legacy.py) with numpy and scipy's L-BFGS-B:

    F(y0, L, a, b) = sum_i [ softplus(kappa u_i) / kappa + (tau - 1) u_i ]
                     + lam (a^2 + b^2),   u_i = y_i - y0 - L sigmoid(a + b z_i),

z = log10 FLOPs as given, tau 0.98, kappa 50, lam 1e-3, under
y0 = sigmoid(g0), L = sigmoid(gL) (1 - y0 - 1e-6), b = softplus(h) (the
legacy fitter's constraints), from two starts: the legacy fitter's own
initial point (its heuristic: 5th and 99th percentiles of y, logit of the
median at the median z, b = 1) and a start given on the command line
(the Go fit's optimum, in natural parameters).

Input (JSON file named on the command line): z, y, tau, kappa, lam,
start [y0, L, a, b]. Output (stdout, JSON): for each start the
objective, parameters [y0, L, a, b], scipy's success flag and message;
and "legacy_fitter": the legacy fitter's algorithm as the authors run it
(sigmoid_legacy.py @ 4b6ec39, lines 58-88: the objective in its own
log1p(exp(.)) form, its one start, L-BFGS-B with scipy's default
tolerances and finite-difference gradient, maxiter 10000, and the start
itself when scipy reports no success).
Written for this project from the formula above.
"""
import json
import sys

import numpy as np
from scipy.optimize import minimize
from scipy.special import expit, logit


def natural(t):
    g0, gl, a, h = t
    y0 = expit(g0)
    L = expit(gl) * max(1e-6, 1.0 - y0 - 1e-6)
    return y0, L, a, np.logaddexp(0.0, h)


def objective(t, z, y, tau, kappa, lam):
    y0, L, a, b = natural(t)
    u = y - (y0 + L * expit(a + b * z))
    return float(np.sum(np.logaddexp(0.0, kappa * u) / kappa + (tau - 1.0) * u) + lam * (a * a + b * b))


def raw(p):
    y0, L, a, b = p
    y0 = min(max(y0, 1e-9), 1 - 1e-6)
    frac = min(max(L / max(1e-6, 1.0 - y0 - 1e-6), 1e-9), 1 - 1e-9)
    b = max(b, 1e-9)
    return np.array([logit(y0), logit(frac), a, b + np.log(-np.expm1(-b))])


def legacy_start(z, y):
    y0 = max(0.0, float(np.percentile(y, 5)))
    top = min(1.0, float(np.percentile(y, 99)))
    L = max(1e-3, top - y0)
    frac = min(max((float(np.median(y)) - y0) / max(L, 1e-6), 1e-6), 1 - 1e-6)
    zmed = float(np.median(z))
    b = 1.0
    a = float(np.log(frac / (1 - frac))) - b * zmed
    c = lambda p: float(np.log(min(0.99, max(0.01, p)) / (1 - min(0.99, max(0.01, p)))))
    return np.array([c(y0), c(L / max(1e-6, 1 - y0 - 1e-6)), a, np.log(np.expm1(b) + 1e-6)])


def run(t0, z, y, tau, kappa, lam):
    r = minimize(objective, t0, args=(z, y, tau, kappa, lam), method="L-BFGS-B",
                 options={"maxiter": 100000, "maxfun": 1000000, "ftol": 1e-15, "gtol": 1e-10})
    return {"objective": float(r.fun), "params": list(map(float, natural(r.x))),
            "success": bool(r.success), "message": str(r.message)}


def legacy_objective(t, z, y, tau, kappa, lam):
    """The objective in the legacy fitter's own floating-point form
    (sigmoid_legacy.py lines 50-64, expression by expression): log1p(exp(.))
    for the smoothed pinball and the slope's softplus, which overflow to
    inf for large arguments, and (1/k) * ... rather than .../k. Its
    finite-difference path is sensitive to such details (dividing by k
    instead sends BBH's run to the minimum)."""
    sig = lambda u: 1.0 / (1.0 + np.exp(-u))
    g0, gl, a, bb = t
    y0 = float(sig(np.array([g0]))[0])
    L_cap = max(1e-6, 1.0 - y0 - 1e-6)
    L = float(sig(np.array([gl]))[0]) * L_cap
    b = float(np.log1p(np.exp(bb)))
    yh = y0 + L * sig(a + b * z)
    r = y - yh
    k = kappa
    rho = (1.0 / k) * np.log1p(np.exp(k * r)) + (tau - 1.0) * r
    return float(np.sum(rho) + lam * (a * a + b * b))


def run_legacy(t0, z, y, tau, kappa, lam):
    order = np.argsort(z)  # the legacy fitter sorts the points by z (lines 37-39)
    z, y = z[order], y[order]
    with np.errstate(over="ignore", invalid="ignore"):
        r = minimize(legacy_objective, t0, args=(z, y, tau, kappa, lam), method="L-BFGS-B", options={"maxiter": 10000})
    t = r.x if (r.success and np.isfinite(r.fun)) else t0
    return {"objective": objective(t, z, y, tau, kappa, lam), "params": list(map(float, natural(t))),
            "success": bool(r.success), "message": str(r.message)}


def main():
    with open(sys.argv[1]) as fh:
        d = json.load(fh)
    z, y = np.array(d["z"], float), np.array(d["y"], float)
    args = (z, y, float(d["tau"]), float(d["kappa"]), float(d["lam"]))
    out = {"legacy_start": run(legacy_start(z, y), *args),
           "go_optimum": run(raw(d["start"]), *args),
           "legacy_fitter": run_legacy(legacy_start(z, y), *args)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
