#!/usr/bin/python3
"""Baseline for BenchmarkLawGrids: reads {law: [{x1, x2, y, starts}]} JSON
from argv[1] (the observations and multi-start points of every k, written
by the Go benchmark), fits each with scipy.optimize.minimize(L-BFGS-B,
analytic gradient) on sum (log y - log law)^2 over log-parameters from the
same starts, and prints {"seconds": s, "objectives": {law: [best per k]}}."""
import json, sys, time
import numpy as np
from scipy.optimize import minimize

def make(law, x1, x2, y):
    ly = np.log(y); l1 = np.log(x1); l2 = np.log(x2) if law == 'params_tokens' else None
    def f(th):
        e = np.exp(th)
        if law == 'compute':
            t = np.exp(th[1] - e[2] * l1); v = e[0] + t
            dv = [np.full_like(v, e[0]), t, -t * e[2] * l1]
        elif law == 'params_tokens':
            a = np.exp(th[1] - e[2] * l1); b = np.exp(th[3] - e[4] * l2); v = e[0] + a + b
            dv = [np.full_like(v, e[0]), a, -a * e[2] * l1, b, -b * e[4] * l2]
        else:
            t = np.exp(th[1] + e[2] * l1); v = e[0] + t
            dv = [np.full_like(v, e[0]), t, t * e[2] * l1]
        r = ly - np.log(v)
        return float(r @ r), np.array([float(-2 * (r / v) @ d) for d in dv])
    return f

spec = json.load(open(sys.argv[1]))
t0 = time.perf_counter()
out = {}
for law, grid in spec.items():
    out[law] = []
    for g in grid:
        f = make(law, np.array(g['x1'], dtype=float), np.array(g['x2'], dtype=float), np.array(g['y'], dtype=float))
        best = np.inf
        for s in g['starts']:
            with np.errstate(all='ignore'):
                r = minimize(f, np.log(np.array(s, dtype=float)), jac=True, method='L-BFGS-B')
            if np.isfinite(r.fun) and r.fun < best:
                best = r.fun
        out[law].append(best)
print(json.dumps({"seconds": time.perf_counter() - t0, "objectives": out}))
