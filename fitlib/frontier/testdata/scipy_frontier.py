#!/usr/bin/python3
"""Baseline for the frontier-fit benchmark: the same recipe as
fitlib/frontier.Fit (smoothed pinball loss summed, or averaged when "mean"
is true, plus lambda (b^2 + (c + b dpen)^2), or lambda b^2 when
"intercept" is false; continuation over (tau, kappa); the same starts),
written with scipy's SLSQP, which handles the constraints b >= 0,
y0, L in [0,1], y0 + L <= 1 directly as bounds and one linear inequality
instead of a reparameterization.

Input (JSON file named on the command line): z (centred log10 FLOPs), y,
starts [[y0, L, c, b], ...] with predictor c + b z, stages [[tau, kappa]],
lambda, mean, intercept, dpen, repeats. Output (stdout, JSON): seconds
(median over repeats of the whole multi-start continuation), best
objective and parameters.
"""
import json
import sys
import time

import numpy as np
from scipy.optimize import minimize


def objective(x, z, y, tau, kappa, lam, mean, intercept, dpen):
    y0, L, c, b = x
    s = 1.0 / (1.0 + np.exp(-(c + b * z)))
    u = y - (y0 + L * s)
    r = kappa * u
    w = 1.0 / len(y) if mean else 1.0
    f = w * np.sum(np.logaddexp(0.0, r) / kappa + (tau - 1.0) * u) + lam * b * b
    psi = 1.0 / (1.0 + np.exp(-r)) + tau - 1.0  # d rho / d u
    ds = L * s * (1.0 - s)
    g = -w * np.array([psi.sum(), (psi * s).sum(), (psi * ds).sum(), (psi * ds * z).sum()])
    g[3] += 2.0 * lam * b
    if intercept:
        e = c + b * dpen
        f += lam * e * e
        g[2] += 2.0 * lam * e
        g[3] += 2.0 * lam * e * dpen
    return f, g


def fit(z, y, starts, stages, lam, mean, intercept, dpen):
    cons = [{"type": "ineq", "fun": lambda x: 1.0 - x[0] - x[1],
             "jac": lambda x: np.array([-1.0, -1.0, 0.0, 0.0])}]
    bounds = [(0.0, 1.0), (0.0, 1.0), (None, None), (0.0, None)]
    best = (np.inf, None)
    for x0 in starts:
        x = np.array(x0, float)
        f = np.inf
        for tau, kappa in stages:
            res = minimize(objective, x, args=(z, y, tau, kappa, lam, mean, intercept, dpen), jac=True, method="SLSQP",
                           bounds=bounds, constraints=cons, options={"maxiter": 1000, "ftol": 1e-12})
            x, f = res.x, float(res.fun)
        if f < best[0]:
            best = (f, x)
    return best


def main():
    with open(sys.argv[1]) as fh:
        d = json.load(fh)
    z, y = np.array(d["z"], float), np.array(d["y"], float)
    times = []
    best = None
    for _ in range(int(d.get("repeats", 1))):
        t0 = time.perf_counter()
        best = fit(z, y, d["starts"], d["stages"], float(d["lambda"]), bool(d["mean"]),
                   bool(d["intercept"]), float(d["dpen"]))
        times.append(time.perf_counter() - t0)
    f, x = best
    print(json.dumps({"seconds": float(np.median(times)), "objective": f, "params": list(map(float, x))}))


if __name__ == "__main__":
    main()
