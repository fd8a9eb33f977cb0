"""Independent check of the discretized estimator's conventions (fitlib/monkeys
authors_test.go).

Re-implements, with numpy and scipy only, the discretized maximum likelihood of
Schaeffer et al. (2025) as their code describes it -- a histogram of the
per-problem success rates, bin masses from the CDF of a scaled Beta or of a
Kumaraswamy on rescaled data, the mean over bins of count * log(mass + 1e-16)
maximised by L-BFGS-B from (0.9, 5.1) within [0.01, 100] -- and, beside it,
scipy's Nelder-Mead on the same objective (the optimum, where L-BFGS-B stops
short). Prints one line per model, family and convention.

Conventions:
  paper    edges 0, r/2, 10 per decade from r = 1e-4 (authors' code at 274d260),
           pass_i@1 by the unbiased estimator in product form
  persamp  the same with r = 1/max n_i (fitlib's default before issue 23)
  dense    edges 0, then 1,000 log-spaced from 1e-4 (authors' code at cd078ae),
           c_i/n_i, L-BFGS-B from scipy.stats.beta.fit as they start it

usage: /usr/bin/python3 discretized_conventions.py DATA_DIR   (../shared/data/llmonkeys)
"""
import csv
import os
import sys

import numpy as np
from scipy import optimize, stats


def load(path):
    d = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            d.setdefault(r["model"], []).append((int(r["num_samples"]), int(r["num_correct"])))
    return {k: (np.array([t[0] for t in v]), np.array([t[1] for t in v])) for k, v in d.items()}


def pass_at_1(n, c):
    return np.array([1.0 if ni - ci < 1 else 1.0 - np.prod(1.0 - 1.0 / np.arange(ni - ci + 1, ni + 1))
                     for ni, ci in zip(n, c)])


def half_resolution_edges(r, per_decade=10):
    lr = np.log10(r)
    e = np.concatenate([[0.0, r / 2], np.logspace(lr, 0, -int(lr) * per_decade + 1)])
    return e


def mean_nll(masses, data, edges):
    counts = np.histogram(data, edges)[0]
    return -np.mean(counts * np.log(masses + 1e-16))


def beta_obj(data, edges, scale):
    return lambda q: mean_nll(np.diff(stats.beta.cdf(edges, q[0], q[1], loc=0.0, scale=scale)), data, edges)


def kuma_obj(data, edges):
    x = data / (data.max() + 1e-16)
    return lambda q: mean_nll(np.diff(1.0 - np.power(1.0 - np.power(edges, q[0]), q[1])), x, edges)


def both(f, x0, maxls=100, ftol=None):
    opts = dict(maxiter=5000, maxls=maxls, gtol=1e-6)
    if ftol:
        opts["ftol"] = ftol
    lb = optimize.minimize(f, x0=x0, bounds=((0.01, 100), (0.01, 100)), method="L-BFGS-B", options=opts)
    nm = optimize.minimize(f, x0=x0, method="Nelder-Mead", options=dict(xatol=1e-10, fatol=1e-14, maxiter=20000))
    return lb, nm


def main():
    np.seterr(all="ignore")
    d = sys.argv[1]
    for name in ("pythia_math_per_problem_counts.csv", "bon_jailbreaking_text_per_problem_counts.csv"):
        for model, (n, c) in load(os.path.join(d, name)).items():
            p1, ph = pass_at_1(n, c), c / n
            rows = []
            for conv, r in (("paper", 1e-4), ("persamp", 1.0 / n.max())):
                e = half_resolution_edges(r)
                rows.append((conv, "Beta", both(beta_obj(p1, e, p1.max()), (0.9, 5.1))))
                rows.append((conv, "Kumaraswamy", both(kuma_obj(p1, e), (0.9, 5.1))))
            e = np.concatenate(([0.0], np.logspace(-4, 0, num=int(1.0 / 1e-4 / 10.0))))
            m = len(ph)
            a, b, _, _ = stats.beta.fit(np.clip(ph, 1e-6, 1 - 1e-6), floc=0.0, fscale=(m + 1.0) * ph.max() / m)
            rows.append(("dense", "Beta", both(beta_obj(ph, e, ph.max()), (a, b), maxls=400, ftol=1e-6)))
            for conv, fam, (lb, nm) in rows:
                print("%-18s %-8s %-11s L-BFGS-B %.6f %.6f (%.8g)  Nelder-Mead %.6f %.6f (%.8g)"
                      % (model, conv, fam, lb.x[0], lb.x[1], lb.fun, nm.x[0], nm.x[1], nm.fun))


if __name__ == "__main__":
    main()
