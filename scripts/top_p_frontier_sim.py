#!/usr/bin/env python3
"""The top-p frontier route's logic in f64 on random rows (numpy; not the kernel): whether the
best of the frontier's 8 best-scoring points inside the top-p set is the argmax over the set,
how many frontier points a row and a warp hold, how far down the second read's work reaches
(tokens above the lowest candidate) and how often, at most, the estimate's bounds (2^-15)
would leave a candidate undecided (counted with a band twice the kernel's).
Usage: top_p_frontier_sim.py [vocabulary] [rows]."""
import sys

import numpy as np

VOCAB = int(sys.argv[1]) if len(sys.argv) > 1 else 128256
ROWS = int(sys.argv[2]) if len(sys.argv) > 2 else 200
CANDIDATES = 8
TOP_P = 0.9
BOUND = 2.0**-15
WARPS, WARP_TILE = 16, 2048  # tokens dealt to the warps in tiles, in turn



def frontier_of(tokens, f, score):
    """The frontier of `tokens`: those no token of larger f beats, f descending."""
    order = tokens[np.argsort(-f[tokens], kind="stable")]
    record = np.ones(len(order), bool)
    record[1:] = score[order][1:] > np.maximum.accumulate(score[order])[:-1]
    return order, order[record]


rng = np.random.default_rng(1)
for sigma in (1.0, 3.0, 6.0):
    frontier, warp_frontier, above, ranks = [], [], [], []
    none_in_set = undecided = wrong = 0
    for _ in range(ROWS):
        f = rng.standard_normal(VOCAB) * sigma
        score = f + rng.gumbel(size=VOCAB)
        order, points = frontier_of(np.arange(VOCAB), f, score)  # score ascending
        frontier.append(len(points))
        mine = np.nonzero((np.arange(VOCAB) // WARP_TILE) % WARPS == 0)[0]
        warp_frontier.append(len(frontier_of(mine, f, score)[1]))
        candidates = points[::-1][:CANDIDATES]  # best score first
        mass = np.exp(f - f.max())
        total = mass.sum()
        mass_above = np.array([mass[f > f[c]].sum() for c in candidates])
        above.append(np.mean(f > f[candidates].min()))
        target = TOP_P * total
        inside = mass_above < target
        if not inside.any():
            none_in_set += 1
            continue
        k = int(np.argmax(inside))
        if np.any(np.abs(mass_above[: k + 1] - target) <= 2 * BOUND * total):
            undecided += 1
        before = np.concatenate([[0.0], np.cumsum(mass[order])[:-1]])
        kept = np.zeros(VOCAB, bool)
        kept[order] = before < target
        wrong += int(np.argmax(np.where(kept, score, -np.inf)) != candidates[k])
        ranks.append(k)
    print(
        f"sigma {sigma:.0f}: frontier {np.mean(frontier):.1f} (max {max(frontier)}), "
        f"a warp's {np.mean(warp_frontier):.1f}; above the lowest candidate "
        f"{100 * np.mean(above):.1f}% (p90 {100 * np.percentile(above, 90):.1f}%); "
        f"answer's rank {np.mean(ranks):.2f} (max {max(ranks)}); none in the set {none_in_set}, "
        f"undecided {undecided}, wrong {wrong} of {ROWS}"
    )
