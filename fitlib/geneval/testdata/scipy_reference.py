#!/usr/bin/python3
"""Independent reference for fitlib/geneval tests: pass_B@k per Pythia
checkpoint (warm-up checkpoints dropped), the three laws fitted at every k
with scipy.optimize.least_squares (Levenberg-Marquardt on log residuals,
log-parameterised, a wider start grid than the Go code), and the GSM8K
backtests at k = 1 and 100.  Writes scipy_reference.json next to this file.

Run from the repository root:  /usr/bin/python3 fitlib/geneval/testdata/scipy_reference.py
"""
import csv, collections, json, math, os, sys
import numpy as np
from scipy.optimize import least_squares

DATA = os.environ.get('GOPHERNOTE_DATA') or os.path.join(os.path.dirname(__file__), '../../../../shared/data')
KS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]

def load(bench):
    warm = {r['Model Nickname']: r['Warming Up'] == '1' for r in csv.DictReader(open(DATA + '/pythia_checkpoints/models_pythia.csv'))}
    by = collections.defaultdict(list); nd = {}
    for r in csv.DictReader(open(DATA + '/pythia_checkpoints/%s_per_problem_counts.csv' % bench)):
        m = r['model_nickname']
        if warm[m]:
            continue
        by[m].append((int(r['num_samples']), int(r['num_correct'])))
        nd[m] = (float(r['params']), float(r['tokens']))
    return by, nd

def passk(n, c, k):
    if n - c < k:
        return 1.0
    p = 1.0
    for i in range(n - c + 1, n + 1):
        p *= 1.0 - k / i
    return 1.0 - p

def gold():
    g = collections.defaultdict(list)
    for r in csv.DictReader(open(DATA + '/pythia_checkpoints/gsm8k_gold_answer_nll.csv')):
        g[r['Model']].append(-float(r['Neg Log Score']))
    out = {}
    for m, v in g.items():
        v = np.array(v); mx = v.max()
        out[m] = math.log(len(v)) - (mx + math.log(np.exp(v - mx).sum()))
    return out

def model(law, th, x1, x2):
    e = np.exp(th)
    if law == 'compute':
        return e[0] + np.exp(th[1] - e[2] * np.log(x1))
    if law == 'params_tokens':
        return e[0] + np.exp(th[1] - e[2] * np.log(x1)) + np.exp(th[3] - e[4] * np.log(x2))
    return e[0] + np.exp(th[1] + e[2] * np.log(x1))

def starts(law, x1, x2, y):
    ym = np.median(y)
    out = []
    for f in [1e-4, 1e-3, 0.1, 0.3, 0.6, 0.8, 0.95]:
        e0 = f * y.min(); rest = max(ym - e0, 1e-3 * ym)
        if law == 'params_tokens':
            for b in [0.05, 0.1, 0.3, 0.6, 1.0]:
                for c in [0.05, 0.1, 0.3, 0.6, 1.0]:
                    out.append([math.log(e0), math.log(rest / 2) + b * np.median(np.log(x1)), math.log(b),
                                math.log(rest / 2) + c * np.median(np.log(x2)), math.log(c)])
        else:
            sgn = -1 if law == 'gold_reference' else 1
            for a in [0.03, 0.05, 0.1, 0.2, 0.4, 0.8, 1.5, 3]:
                out.append([math.log(e0), math.log(rest) + sgn * a * np.median(np.log(x1)), math.log(a)])
    return out

def fit(law, x1, x2, y):
    x1, x2, y = np.array(x1), np.array(x2), np.array(y)
    ly = np.log(y)
    def res(th):
        with np.errstate(all='ignore'):
            f = model(law, th, x1, x2)
            r = ly - np.log(f)
        return np.where(np.isfinite(r), r, 1e6)
    best = None
    for th0 in starts(law, x1, x2, y):
        try:
            r = least_squares(res, th0, method='lm', xtol=1e-15, ftol=1e-15, gtol=1e-15, max_nfev=20000)
        except Exception:
            continue
        if np.all(np.isfinite(r.x)) and (best is None or r.cost < best.cost):
            best = r
    return [float(v) for v in np.exp(best.x)], float(2 * best.cost)

def observe(by, nd, g, law, k):
    rows = []
    for m, v in by.items():
        if law == 'gold_reference' and m not in g:
            continue
        if min(n for n, c in v) < k:
            continue
        p = sum(passk(n, c, k) for n, c in v) / len(v)
        if p <= 0:
            continue
        N, D = nd[m]
        x1 = {'compute': 6 * N * D, 'params_tokens': N, 'gold_reference': g.get(m)}[law]
        rows.append((m, 6 * N * D, x1, D, p))
    return rows

out = {'grids': {}, 'backtests': {}}
g = gold()
out['neg_log_gold'] = g
nparams = {'compute': 3, 'params_tokens': 5, 'gold_reference': 3}
for bench in ['gsm8k', 'math']:
    by, nd = load(bench)
    for law in ['compute', 'params_tokens', 'gold_reference']:
        if law == 'gold_reference' and bench != 'gsm8k':
            continue
        grid = []
        for k in KS:
            rows = observe(by, nd, g, law, k)
            if len(rows) < nparams[law] + 2:
                continue
            p, obj = fit(law, [r[2] for r in rows], [r[3] for r in rows], [-math.log(r[4]) for r in rows])
            grid.append({'k': k, 'points': len(rows), 'params': p, 'objective': obj})
        out['grids'][bench + '/' + law] = grid
        print(bench, law, [(x['k'], x['params']) for x in grid], file=sys.stderr)
    if bench == 'gsm8k':
      for bk in [1, 100]:
        for law in ['compute', 'params_tokens', 'gold_reference']:
            rows = observe(by, nd, g, law, bk)
            tgt = max(rows, key=lambda r: r[1])
            errs = []
            for i in range(9):
                ratio = 10 ** (-0.5 * i)
                sub = [r for r in rows if r[1] <= ratio * tgt[1] * (1 + 1e-12)]
                if len(sub) < nparams[law] + 2:
                    errs.append(None)
                    continue
                p, _ = fit(law, [r[2] for r in sub], [r[3] for r in sub], [-math.log(r[4]) for r in sub])
                pred = math.exp(-float(model(law, np.log(p), np.array([tgt[2]]), np.array([tgt[3]]))[0]))
                errs.append(abs(pred - tgt[4]) / tgt[4])
            out['backtests'][law if bk == 1 else '%s@%d' % (law, bk)] = {'target': tgt[0], 'target_pass': tgt[4], 'rel_error': errs}
            print(law, errs, file=sys.stderr)
json.dump(out, open(os.path.join(os.path.dirname(__file__), 'scipy_reference.json'), 'w'), indent=1)
