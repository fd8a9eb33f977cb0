#!/usr/bin/python3
"""The mean-instead-of-sum pitfall with scipy's L-BFGS-B and finite-difference
gradients (no jac), from Hoffmann et al.'s unrounded estimates and from the
best start of a small grid. L-BFGS-B stops when the relative reduction
(f_k - f_k+1) / max(|f_k|, |f_k+1|, 1) <= ftol (2.2e-9 by default): for an
objective far below 1 that is an absolute test, so dividing the objective by
240 makes it stop earlier.

usage: mean_pitfall_scipy.py CSV
prints one line per (reduction, start): reduction start f A B E alpha beta nit
"""
import sys

import numpy as np
from scipy.optimize import minimize

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bootstrap_scipy import DELTA, load  # noqa: E402


def huber_sum(th, ln, ld, ll):
    a, b, e, al, be = th
    t = np.stack((a - al * ln, b - be * ld, np.full_like(ln, e)))
    m = t.max(axis=0)
    r = m + np.log(np.exp(t - m).sum(axis=0)) - ll
    return np.where(np.abs(r) <= DELTA, 0.5 * r * r, DELTA * (np.abs(r) - 0.5 * DELTA)).sum()


def main():
    ln, ld, ll = load(sys.argv[1])
    n = len(ll)
    starts = {"hoffmann": np.array([6.0073404, 6.0179186, 0.5267228, 0.33917084, 0.2849083]),
              "grid(5,10,0.5,0.5,0.5)": np.array([5.0, 10.0, 0.5, 0.5, 0.5])}
    for red, scale in (("sum", 1.0), ("mean", 1.0 / n)):
        for name, x0 in starts.items():
            res = minimize(lambda th: scale * huber_sum(th, ln, ld, ll), x0, method="L-BFGS-B")
            a, b, e, al, be = res.x
            print(f"{red} {name} f_sum={huber_sum(res.x, ln, ld, ll):.7e} A={np.exp(a):.1f} B={np.exp(b):.1f} "
                  f"E={np.exp(e):.4f} alpha={al:.4f} beta={be:.4f} nit={res.nit}")


if __name__ == "__main__":
    main()
