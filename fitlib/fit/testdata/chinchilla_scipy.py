"""Baseline for BENCH chinchilla-grid-fit: the Besiroglu et al. (2024)
recipe with scipy's L-BFGS-B and an analytic gradient.

Usage: /usr/bin/python3 chinchilla_scipy.py PATH/svg_extracted_data.csv [STARTS]
Prints one JSON line: seconds (grid only, excluding data loading), objective,
params (a, alpha, b, beta, e), starts.
"""
import csv
import itertools
import json
import sys
import time

import numpy as np
from scipy.optimize import minimize
from scipy.special import logsumexp

DELTA = 1e-3


def load(path):
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    n = np.array([float(r["Model Size"]) for r in rows])
    c = np.array([float(r["Training FLOP"]) for r in rows])
    loss = np.array([float(r["loss"]) for r in rows])
    keep = np.sort(np.argsort(loss, kind="stable")[:-5])  # drop the 5 highest losses
    n, c, loss = n[keep], c[keep], loss[keep]
    d = c / (6 * n)
    return np.log(n), np.log(d), np.log(loss)


def make_objective(log_n, log_d, log_l):
    def objective(x):
        a, alpha, b, beta, e = x
        terms = np.stack([a - alpha * log_n, b - beta * log_d, np.full_like(log_n, e)])
        lse = logsumexp(terms, axis=0)
        r = log_l - lse
        absr = np.abs(r)
        quad = absr <= DELTA
        f = np.sum(np.where(quad, 0.5 * r * r, DELTA * (absr - 0.5 * DELTA)))
        psi = np.where(quad, r, DELTA * np.sign(r))
        w = np.exp(terms - lse)  # softmax weights: d lse / d term
        g = -psi
        grad = np.array([
            np.sum(g * w[0]),
            np.sum(g * w[0] * -log_n),
            np.sum(g * w[1]),
            np.sum(g * w[1] * -log_d),
            np.sum(g * w[2]),
        ])
        return f, grad
    return objective


def main():
    log_n, log_d, log_l = load(sys.argv[1])
    assert len(log_l) == 240, len(log_l)
    obj = make_objective(log_n, log_d, log_l)
    grid = list(itertools.product(
        np.arange(0, 25.1, 5), np.arange(0, 2.01, 0.5), np.arange(0, 25.1, 5),
        np.arange(0, 2.01, 0.5), np.arange(-1, 1.01, 0.5)))  # a, alpha, b, beta, e
    if len(sys.argv) > 2:
        grid = grid[: int(sys.argv[2])]
    t0 = time.perf_counter()
    best = None
    for x0 in grid:
        res = minimize(obj, np.array(x0), method="L-BFGS-B", jac=True)
        if best is None or res.fun < best.fun:
            best = res
    secs = time.perf_counter() - t0
    print(json.dumps({"seconds": secs, "objective": float(best.fun),
                      "params": [float(v) for v in best.x], "starts": len(grid)}))


if __name__ == "__main__":
    main()
