"""Benchmark SameGame levels: levels per second per grade, and what the grades measure.

Part 1 makes levels with :func:`puzzlekit.samegame.levels` for each grade
at 10 x 10 and 30 x 30 with 2, 3 and 5 colours (seeds 0, 1, ...) for a few
seconds each, and prints levels per second (``-`` when none came within the
time; five colours make easy boards rarely past 15 x 15).

Part 2 checks the grades against measures they do not use, over levels of
each grade: the nodes per block the clearing search needs with other seeds
(3 to 5; the grade is the median over seeds 0 to 2, shown first), the
share of runs of the score solver ``solve`` (2 nodes per block, seeds 1
and 2) that do not clear the board, and the share of uniformly random lines
that do not clear it. All three should grow from easy to hard.

Run from the repository root: ``python benchmarks/samegame_levels.py``
(``--quick``: a few seconds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from puzzlekit import LimitReached
from puzzlekit.samegame import GRADES, Board, Params, clearing_line, generate, solve

Size = tuple[int, int, int]  # height, width, colours


def rate(size: Size, grade: str, seconds: float) -> tuple[float, int]:
    """Levels per second of *grade* at *size* within about *seconds*, and how many were made."""
    height, width, colours = size
    made = 0
    started = time.perf_counter()
    while (left := seconds - (time.perf_counter() - started)) > 0:
        try:
            level = generate(grade, Params(width, height, colours), seed=made, time_limit=left)
        except LimitReached:
            break
        assert level.grade == grade and level.replayed().is_solved
        made += 1
    return made / (time.perf_counter() - started), made


def random_failures(board: Board, lines: int, rng: random.Random) -> float:
    """The share of *lines* random lines (each move a uniformly random legal group) that fail."""
    failed = 0
    for _ in range(lines):
        state = board
        while moves := list(state.legal_moves()):
            state = state.play(rng.choice(moves))
        failed += not state.is_solved
    return failed / lines


def efforts(size: Size, grade: str, count: int, lines: int) -> tuple[float, float, float, float]:
    """Means over *count* levels: the grade's own effort (the median over seeds 0 to 2), the
    effort with seeds 3 to 5, the share of failed ``solve`` runs and of failed random lines."""
    height, width, colours = size
    cells = height * width
    own, other, solver, randomly = [], [], [], []
    rng = random.Random(0)
    for seed in range(count):
        board = generate(grade, Params(width, height, colours), seed=seed).start
        spent = [min(clearing_line(board, node_limit=64 * cells, seed=s).nodes, 64 * cells)
                 / cells for s in range(6)]
        own.append(statistics.median(spent[:3]))
        other.extend(spent[3:])
        solver.extend(not solve(board, node_limit=2 * cells, seed=s).solved for s in (1, 2))
        randomly.append(random_failures(board, lines, rng))
    means = [statistics.mean(values) for values in (own, other, solver, randomly)]
    return means[0], means[1], means[2], means[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds in all")
    args = parser.parse_args()
    seconds, count, lines = (0.2, 3, 20) if args.quick else (3.0, 12, 100)
    sizes: list[Size] = [(10, 10, 2), (10, 10, 3), (10, 10, 5)]
    if not args.quick:
        sizes += [(30, 30, 2), (30, 30, 3), (30, 30, 5)]
    print("levels per second (levels made)")
    print(f"{'size':>12} " + " ".join(f"{grade:>14}" for grade in GRADES))
    for size in sizes:
        cells = []
        for grade in GRADES:
            per_second, made = rate(size, grade, seconds)
            cells.append(f"{per_second:8.1f} ({made:>3})" if made else f"{'-':>14}")
        print(f"{size[0]:>3}x{size[1]:<3} c={size[2]:<3} " + " ".join(cells))
    print("\nmeans per grade: effort (nodes per block, median of seeds 0-2 | seeds 3-5), "
          "failed solve runs, failed random lines")
    for size in [(8, 8, 3), (6, 6, 4)] + ([] if args.quick else [(10, 10, 3), (10, 10, 5)]):
        for grade in GRADES:
            own, other, solver, randomly = efforts(size, grade, count, lines)
            print(f"{size[0]:>3}x{size[1]:<3} c={size[2]:<3} {grade:>6}: "
                  f"{own:6.2f} | {other:6.2f}   {solver:5.2f}   {randomly:5.2f}")


if __name__ == "__main__":
    main()
