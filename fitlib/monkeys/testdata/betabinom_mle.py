"""Baseline for the beta-binomial MLE benchmark (fitlib/monkeys bench_test.go).

Fits the unscaled (s = 1) beta-binomial to one model's per-problem counts with
scipy.stats.betabinom and scipy.optimize.minimize (L-BFGS-B, the method of
Schaeffer et al.'s code), from the same start (0.5, 3.5) and bounds as the Go
fit, and prints one JSON line: alpha, beta, total NLL, best-of-R seconds.

usage: betabinom_mle.py COUNTS_CSV MODEL [REPEATS]
"""
import csv
import json
import sys
import time

import numpy as np
from scipy import optimize, stats


def main():
    path, model = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    n, c = [], []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["model"] == model:
                n.append(int(row["num_samples"]))
                c.append(int(row["num_correct"]))
    n, c = np.array(n), np.array(c)

    def nll(x):
        return -stats.betabinom.logpmf(c, n, x[0], x[1]).mean()

    best, res = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        res = optimize.minimize(nll, x0=(0.5, 3.5), method="L-BFGS-B",
                                bounds=[(1e-3, 1e3), (1e-3, 1e3)])
        best = min(best, time.perf_counter() - t0)
    print(json.dumps({"alpha": res.x[0], "beta": res.x[1],
                      "nll": float(res.fun) * len(n), "seconds": best,
                      "problems": len(n), "success": bool(res.success)}))


if __name__ == "__main__":
    main()
