"""Benchmark puzzlekit.tromino on dense boards: a hole in every third cell (issue #24).

``random_board(n, holes=n * n // 3, seed=s)`` is tileable by construction, yet
no construction cuts it and its free cells hang together in one region, so
``is_tileable`` ends in the learning search (:mod:`puzzlekit.tromino.learning`).
How long a board takes is heavy-tailed: it moves 5-10x with any change to the
search. So each board runs in a child process of its own under a wall-clock
cap, and the script prints, per size, how many boards were answered within
the cap and within 10 s, the median and the total of their CPU seconds (a
board past the cap counts as the cap).

``--against DIR`` runs the same boards with the puzzlekit of another checkout
(``DIR/puzzlekit``, say a worktree of the commit before a change) at the same
time, one child of each side by side on the two cores, and prints both and
the ratio of the totals (theirs / ours): the baseline a change to the search
is measured against. The peers of the ``bench`` extra answer none of these
boards within a minute (see ``tromino_tile.py``), so they are not run.

Run from the repository root: ``python benchmarks/tromino_dense.py [--quick]
[--against DIR]`` (``--quick``: two 45 x 45 boards, a few seconds; the full
run: 75 x 75 seeds 0-19, 90 x 90 seeds 0-9 and 120 x 120 seeds 0-5, up to
half an hour).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ONE_BOARD = """
import sys, time
sys.path.insert(0, sys.argv[1])
from puzzlekit.tromino import is_tileable, random_board
n, seed = int(sys.argv[2]), int(sys.argv[3])
board = random_board(n, holes=n * n // 3, seed=seed)
started = time.process_time()
answer = is_tileable(board)
print(answer, time.process_time() - started)
"""
"""A child's program: one board's ``is_tileable``, its answer and CPU seconds."""

QUICK = [(45, range(2), 30.0)]
FULL = [(75, range(20), 30.0), (90, range(10), 40.0), (120, range(6), 60.0)]
"""Per size: the seeds and the cap in seconds of wall clock."""


def one_board(tree: Path, n: int, seed: int, cap: float) -> float | None:
    """CPU seconds of ``is_tileable`` on one dense board with *tree*'s puzzlekit, or
    ``None`` past *cap* seconds of wall clock. A board not tileable would be a bug."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", ONE_BOARD, str(tree), str(n), str(seed)],
            capture_output=True, text=True, timeout=cap, check=True)
    except subprocess.TimeoutExpired:
        return None
    answer, seconds = done.stdout.split()
    if answer != "True":
        raise SystemExit(f"{tree}: is_tileable says {answer} on a tileable board "
                         f"({n} x {n}, seed {seed})")
    return float(seconds)


def summary(times: Sequence[float | None], cap: float) -> tuple[str, float]:
    """The line for one size's boards, and their total CPU seconds (a board past the cap
    counts as the cap)."""
    counted = [cap if seconds is None else seconds for seconds in times]
    answered = sum(seconds is not None for seconds in times)
    quick = sum(seconds is not None and seconds <= 10 for seconds in times)
    total = sum(counted)
    return (f"{answered:>2} of {len(times)} answered ({quick:>2} within 10 s), "
            f"median {statistics.median(counted):6.2f} s, {total:7.1f} s in all"), total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two small boards")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="a checkout whose puzzlekit runs the same boards alongside")
    args = parser.parse_args(argv)
    ours = Path(__file__).resolve().parent.parent
    trees = [ours] if args.against is None else [ours, args.against.resolve()]
    for tree in trees[1:]:
        if not (tree / "puzzlekit" / "__init__.py").is_file():
            parser.error(f"{tree} holds no puzzlekit package")
    print("is_tileable on random_board(n, holes=n * n // 3, seed), CPU seconds")
    with ThreadPoolExecutor(len(trees)) as pool:
        for n, seeds, cap in QUICK if args.quick else FULL:
            times: list[list[float | None]] = [[] for _ in trees]
            for seed in seeds:
                runs = [pool.submit(one_board, tree, n, seed, cap) for tree in trees]
                for kept, run in zip(times, runs, strict=True):
                    kept.append(run.result())
            totals = []
            for tree, kept in zip(trees, times, strict=True):
                line, total = summary(kept, cap)
                totals.append(total)
                name = "puzzlekit" if tree == ours else tree.name
                print(f"{n:>4} x {n:<4} cap {cap:4.0f} s  {name:<12} {line}")
            if len(totals) == 2:
                print(f"{'':>24}ratio of the totals {totals[1] / totals[0]:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
