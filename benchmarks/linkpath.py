"""Benchmark puzzlekit.linkpath on 30 x 16 boards (KShisen's largest).

Run from the repository root::

    python benchmarks/linkpath.py           # full measurement
    python benchmarks/linkpath.py --quick   # CI smoke run, well under 30 s

Three measurements, on seeded deals (the same boards every run):

1. The link query (``Board.find_path``) against a straightforward search
   written here, as KShisen walks its rays: for each pair, try every row and
   every column as the middle segment and scan the three segments cell by
   cell. Both return the canonical link; the script checks they agree.
   Boards at several densities: a full deal, then with a quarter, half and
   three quarters of its pairs removed.
2. ``legal_moves()`` on a full deal (board parsed afresh each time, so the
   bitmasks are built inside the timing), against the same search over every
   pair of equal tiles.
3. ``solve`` on 30 x 16 deals with 42 kinds: median and worst time, for
   deals built to be solvable, plain random deals, and deals with gravity.
4. ``deal`` of the largest boards (200 x 200, 100 kinds) under three rule
   sets (skipped with ``--quick``, 16 x 30 deals instead).
5. ``solve`` growth: deals built solvable (``deal_with_solution``, a kind
   per 12 cells) from 16 x 16 to 100 x 100, CPU seconds (median of three
   seeds), against the 0.3 solver (read from git history, commit
   ``BASELINE_COMMIT``) within a CPU budget; the exponent of time against
   cells is fitted by least squares on the logs. Then every rule set on its
   solvable 16 x 30 deals (42 kinds), median and worst.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import itertools
import math
import statistics
import subprocess
import time

from puzzlekit.linkpath import Board, Rules, deal, deal_with_solution, solve

ROWS, COLS, KINDS = 16, 30, 42


# -- the straightforward baseline ------------------------------------------------------


def _free(rows, height, width, outside, r, c):
    if 0 <= r < height and 0 <= c < width:
        return rows[r][c] == 0
    return outside and -1 <= r <= height and -1 <= c <= width


def _clear(rows, height, width, outside, p, q):
    """Every cell strictly between p and q (on one line) is free, walked one by one."""
    (r1, c1), (r2, c2) = p, q
    dr = (r2 > r1) - (r2 < r1)
    dc = (c2 > c1) - (c2 < c1)
    r, c = r1 + dr, c1 + dc
    while (r, c) != (r2, c2):
        if not _free(rows, height, width, outside, r, c):
            return False
        r, c = r + dr, c + dc
    return True


def baseline_path(board, a, b):
    """The canonical link, by trying every middle row and column and scanning cells."""
    rows, height, width = board.rows, board.height, board.width
    outside = board.rules.outside
    if a == b or not rows[a[0]][a[1]] or rows[a[0]][a[1]] != rows[b[0]][b[1]]:
        return None
    if (a[0] == b[0] or a[1] == b[1]) and _clear(rows, height, width, outside, a, b):
        return (a, b)
    found = []
    middles = [((y, a[1]), (y, b[1])) for y in range(-1, height + 1)]
    middles += [((a[0], x), (b[0], x)) for x in range(-1, width + 1)]
    for p, q in middles:
        points = [a] + [point for point in (p, q) if point not in (a, b)] + [b]
        points = [pt for i, pt in enumerate(points) if i == 0 or pt != points[i - 1]]
        if len(points) - 2 > board.rules.max_turns or len(set(points)) != len(points):
            continue
        if any(not _free(rows, height, width, outside, *pt) for pt in points[1:-1]):
            continue
        if all(_clear(rows, height, width, outside, s, t) for s, t in itertools.pairwise(points)):
            corners = points[1:-1]
            length = sum(abs(s[0] - t[0]) + abs(s[1] - t[1]) for s, t in itertools.pairwise(points))
            found.append((length, len(corners), sorted(corners), tuple(points)))
    return min(found)[3] if found else None


def baseline_pairs(board):
    groups = {}
    for cell in board.tiles:
        groups.setdefault(board[cell], []).append(cell)
    return [
        (a, b)
        for kind in sorted(groups)
        for a, b in itertools.combinations(groups[kind], 2)
        if baseline_path(board, a, b) is not None
    ]


# -- measurements ----------------------------------------------------------------------


def _best_of(repeats, action):
    """The fastest of *repeats* runs, with the garbage collector off as timeit does."""
    times = []
    gc.disable()
    try:
        for _ in range(repeats):
            started = time.perf_counter()
            action()
            times.append(time.perf_counter() - started)
    finally:
        gc.enable()
    return min(times)


def _boards_by_density(seed):
    board, witness = deal_with_solution(ROWS, COLS, KINDS, seed=seed)
    result = [(100, board)]
    for percent in (75, 50, 25):
        while len(board.tiles) > ROWS * COLS * percent // 100:
            board = board.play(witness[(ROWS * COLS - len(board.tiles)) // 2])
        result.append((percent, board))
    return result


def bench_queries(quick):
    print("link query (find_path) vs cell-by-cell middle-segment search, 16 x 30:")
    limit = 150 if quick else 1500
    worst_ratio = None
    for percent, board in _boards_by_density(seed=11):
        groups = {}
        for cell in board.tiles:
            groups.setdefault(board[cell], []).append(cell)
        pairs = [pair for tiles in groups.values() for pair in itertools.combinations(tiles, 2)]
        pairs = pairs[:limit]
        board.find_path(*pairs[0])  # build the per-board bitmasks once, as a game would
        for a, b in pairs:
            ours = board.find_path(a, b)
            assert (ours.points if ours else None) == baseline_path(board, a, b), (a, b)
        ours = _best_of(7, lambda: [board.find_path(a, b) for a, b in pairs])  # noqa: B023
        base = _best_of(5, lambda: [baseline_path(board, a, b) for a, b in pairs])  # noqa: B023
        ratio = base / ours
        worst_ratio = ratio if worst_ratio is None else min(worst_ratio, ratio)
        print(
            f"  {percent:3d}% full, {len(pairs):5d} pairs: "
            f"{ours / len(pairs) * 1e6:7.1f} us vs {base / len(pairs) * 1e6:8.1f} us per query"
            f"  ratio {ratio:5.1f}x"
        )
    print(f"  worst ratio {worst_ratio:.1f}x (target >= 20x)")


def bench_pairs(quick):
    board = deal(ROWS, COLS, KINDS, seed=5)
    text = str(board)
    repeats = 5 if quick else 30
    expected = baseline_pairs(board)
    assert [(pair.a, pair.b) for pair in Board.parse(text).legal_moves()] == expected
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        found = list(Board.parse(text).legal_moves())
        times.append(time.perf_counter() - started)
    base = _best_of(1, lambda: baseline_pairs(board))
    print(
        f"legal_moves() on a full 16 x 30 deal ({len(found)} pairs, parse included): "
        f"median {statistics.median(times) * 1e3:.2f} ms, baseline {base * 1e3:.0f} ms, "
        f"ratio {base / statistics.median(times):.0f}x"
    )


def bench_solve(quick):
    seeds = range(5) if quick else range(20)
    variants = (
        ("solvable deals", True, Rules()),
        ("random deals", False, Rules()),
        ("solvable deals with gravity", True, Rules(gravity="down")),
    )
    for label, solvable, rules in variants:
        times = []
        outcomes = {"cleared": 0, "proved stuck": 0, "stopped": 0}
        for seed in seeds:
            board = deal(ROWS, COLS, KINDS, seed=seed, solvable=solvable, rules=rules)
            started = time.perf_counter()
            result = solve(board, time_limit=20)
            times.append(time.perf_counter() - started)
            if result.solved:
                outcomes["cleared"] += 1
            elif result.proved_unsolvable:
                outcomes["proved stuck"] += 1
            else:
                outcomes["stopped"] += 1
        summary = ", ".join(f"{n} {what}" for what, n in outcomes.items() if n)
        print(
            f"solve, 16 x 30, {KINDS} kinds, {len(times)} {label} (seeds 0-{len(times) - 1}): "
            f"median {statistics.median(times):.3f} s, worst {max(times):.3f} s ({summary})"
        )


def bench_deal(quick):
    height, width, kinds = (ROWS, COLS, KINDS) if quick else (200, 200, 100)
    variants = (
        ("default rules", Rules()),
        ("closed ring, straight links", Rules(outside=False, max_turns=0)),
        ("gravity", Rules(gravity="down")),
    )
    for label, rules in variants:
        times = []
        for seed in range(3):
            started = time.perf_counter()
            deal_with_solution(height, width, kinds, seed=seed, rules=rules)
            times.append(time.perf_counter() - started)
        print(
            f"deal_with_solution, {height} x {width}, {kinds} kinds, {label}: "
            f"median {statistics.median(times):.3f} s, worst {max(times):.3f} s (seeds 0-2)"
        )


BASELINE_COMMIT = "e276f05"
"""The last commit of the 0.3 solver (puzzlekit/linkpath/solver.py)."""


def baseline_solver():
    """The 0.3 ``solve``, loaded from git history against today's package, or ``None``."""
    try:
        source = subprocess.run(
            ["git", "show", f"{BASELINE_COMMIT}:puzzlekit/linkpath/solver.py"],
            capture_output=True, text=True, check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    spec = importlib.util.spec_from_loader("linkpath_solver_0_3", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, "solver-0.3.py", "exec"), module.__dict__)
    return module.solve


def _cpu_solve(solve_, board, budget):
    started = time.process_time()
    result = solve_(board, time_limit=budget)
    return time.process_time() - started, result


def _exponent(points):
    """The slope of log(time) against log(cells), by least squares."""
    xs = [math.log(cells) for cells, _ in points]
    ys = [math.log(seconds) for _, seconds in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / spread


def bench_growth(quick):
    sides = (16, 32) if quick else (16, 32, 50, 64, 100)
    seeds = range(2) if quick else range(3)
    budget = 5 if quick else 20
    old = baseline_solver()
    print(f"solve growth, deals built solvable (a kind per 12 cells), CPU s, median of "
          f"{len(seeds)} seeds; baseline: the 0.3 solver within {budget} s"
          + ("" if old else " (not found: no git history)"))
    ours_points, old_points = [], []
    for side in sides:
        ours, theirs, outcome = [], [], []
        for seed in seeds:
            board, _ = deal_with_solution(side, side, side * side // 12, seed=seed)
            seconds, result = _cpu_solve(solve, board, budget)
            ours.append(seconds)
            outcome.append("cleared" if result.solved else "stopped")
            if old is not None:
                seconds, result = _cpu_solve(old, board, budget)
                theirs.append(seconds if result.solved else math.inf)
        mine = statistics.median(ours)
        ours_points.append((side * side, mine))
        line = f"  {side:3d} x {side:<3d}: {mine:7.3f} s (worst {max(ours):.3f}, "
        line += f"{', '.join(outcome)})"
        if theirs:
            base = statistics.median(theirs)
            if math.isfinite(base):
                old_points.append((side * side, base))
                line += f"   0.3: {base:7.3f} s   ratio {base / mine:5.1f}x"
            else:
                line += f"   0.3: not cleared within {budget} s   ratio > {budget / mine:.0f}x"
        print(line)
    print(f"  growth exponent (time ~ cells^k): k = {_exponent(ours_points):.2f}"
          + (f", 0.3 solver where it finished: k = {_exponent(old_points):.2f}"
             if len(old_points) >= 2 else ""))


def bench_rule_sets(quick):
    seeds = range(2) if quick else range(10)
    limit = 1 if quick else 5
    # The solver's limit is wall-clock time: on a shared machine give it room, and count
    # a deal cleared only if it took at most *limit* CPU seconds.
    wall = limit if quick else 4 * limit
    variants = (
        ("default", Rules(), None),
        ("gravity", Rules(gravity="down"), None),
        ("slide", Rules(slide=True), None),
        ("slide + gravity", Rules(slide=True, gravity="down"), None),
        ("groups", Rules(groups=True), None),
        ("closed ring", Rules(outside=False), None),
        ("one turn", Rules(max_turns=1), None),
        ("layout vertical", Rules(), "vertical"),
    )
    print(f"solve per rule set, solvable 16 x 30 deals, {KINDS} kinds, seeds 0-{len(seeds) - 1}, "
          f"CPU s (limit {limit} CPU-s each, {wall} s of wall-clock time):")
    for label, rules, layout in variants:
        times, cleared = [], 0
        for seed in seeds:
            board, _ = deal_with_solution(ROWS, COLS, KINDS, seed=seed, rules=rules, layout=layout)
            seconds, result = _cpu_solve(solve, board, wall)
            times.append(min(seconds, limit))
            cleared += result.solved and seconds <= limit
        print(f"  {label:<16} median {statistics.median(times):6.3f} s, worst {max(times):6.3f} s,"
              f" cleared {cleared}/{len(times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run for CI")
    args = parser.parse_args()
    started = time.perf_counter()
    bench_queries(args.quick)
    bench_pairs(args.quick)
    bench_solve(args.quick)
    bench_deal(args.quick)
    bench_growth(args.quick)
    bench_rule_sets(args.quick)
    print(f"total {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
