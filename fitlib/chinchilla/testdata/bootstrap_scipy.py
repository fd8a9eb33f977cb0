#!/usr/bin/python3
"""Baseline for BENCH chinchilla-bootstrap-4000: the Besiroglu et al. (2024)
bootstrap in numpy/scipy. Each resample of the 240 runs is fitted once by
scipy BFGS from Hoffmann et al.'s unrounded estimates with the analytic
gradient of the sum of Huber(1e-3) log residuals.

usage: bootstrap_scipy.py CSV [RESAMPLES] [SEED]
prints one line: seconds=<s> alpha_lo=.. alpha_hi=.. beta_lo=.. beta_hi=.. resamples=..
"""
import csv
import sys
import time

import numpy as np
from scipy.optimize import minimize

DELTA = 1e-3


def load(path):
    n, c, l = [], [], []
    with open(path) as f:
        for row in csv.DictReader(f):
            n.append(float(row["Model Size"]))
            c.append(float(row["Training FLOP"]))
            l.append(float(row["loss"]))
    n, c, l = np.array(n), np.array(c), np.array(l)
    keep = np.argsort(-l, kind="stable")[5:]  # drop the 5 highest losses
    keep.sort()
    n, c, l = n[keep], c[keep], l[keep]
    return np.log(n), np.log(c / (6 * n)), np.log(l)


def objective(th, ln, ld, ll):
    a, b, e, al, be = th
    t = np.stack((a - al * ln, b - be * ld, np.full_like(ln, e)))
    m = t.max(axis=0)
    w = np.exp(t - m)
    s = w.sum(axis=0)
    w /= s
    r = m + np.log(s) - ll
    small = np.abs(r) <= DELTA
    f = np.where(small, 0.5 * r * r, DELTA * (np.abs(r) - 0.5 * DELTA)).sum()
    dh = np.where(small, r, DELTA * np.sign(r))
    g = np.array([
        (dh * w[0]).sum(), (dh * w[1]).sum(), (dh * w[2]).sum(),
        -(dh * w[0] * ln).sum(), -(dh * w[1] * ld).sum(),
    ])
    return f, g


def main():
    path = sys.argv[1]
    resamples = int(sys.argv[2]) if len(sys.argv) > 2 else 4000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    ln, ld, ll = load(path)
    start = np.array([6.0073404, 6.0179186, 0.5267228, 0.33917084, 0.2849083])
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    alphas, betas = [], []
    m = len(ll)
    for _ in range(resamples):
        idx = rng.integers(0, m, m)
        res = minimize(objective, start, args=(ln[idx], ld[idx], ll[idx]), jac=True, method="BFGS")
        alphas.append(res.x[3])
        betas.append(res.x[4])
    sec = time.perf_counter() - t0
    a_lo, a_hi = np.percentile(alphas, [2.5, 97.5])
    b_lo, b_hi = np.percentile(betas, [2.5, 97.5])
    print(f"seconds={sec:.3f} alpha_lo={a_lo:.4f} alpha_hi={a_hi:.4f} beta_lo={b_lo:.4f} beta_hi={b_hi:.4f} resamples={resamples}")


if __name__ == "__main__":
    main()
