"""Benchmark puzzlekit.tromino: tiling, counting and the owner query.

Each measurement runs puzzlekit and a straightforward baseline written here
in the same process and prints both times and the ratio:

* ``tile`` on a 1024 x 1024 board against a plain recursive divide and
  conquer (the seed's method);
* ``count_tilings`` on 9 x 12 (L, and L + straight) against a plain
  cell-by-cell broken-profile DP (with ``--quick`` the L + straight baseline
  runs on 6 x 12 instead of its 20 s on 9 x 12);
* 10,000 ``golomb_owner`` queries at n = 2^20 against a recursive descent.

Run from the repository root: ``python benchmarks/tromino_tile.py [--quick]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlekit.tromino import Board, count_tilings, golomb_owner, tile

DATA = Path(__file__).parent / "data" / "tromino_counts.json"


def best_time(function: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeats):
        started = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - started)
    return best, result


def report(name: str, ours: float, baseline: float) -> None:
    print(f"{name:<44} puzzlekit {ours:8.3f} s   baseline {baseline:8.3f} s   "
          f"ratio {baseline / ours:6.1f}x")


# -- baselines ----------------------------------------------------------------------------


def recursive_tile(n: int, hole: tuple[int, int]) -> list[tuple[int, int, int]]:
    """The seed's divide and conquer: (row, col, left-out cell) of each tromino."""
    out: list[tuple[int, int, int]] = []

    def cover(top: int, left: int, size: int, hole_row: int, hole_col: int) -> None:
        if size == 1:
            return
        half = size // 2
        q = 2 * (hole_row >= top + half) + (hole_col >= left + half)
        out.append((top + half - 1, left + half - 1, q))
        for quadrant in range(4):
            q_top, q_left = top + (quadrant >> 1) * half, left + (quadrant & 1) * half
            if quadrant == q:
                cover(q_top, q_left, half, hole_row, hole_col)
            else:
                cover(q_top, q_left, half, top + half - 1 + (quadrant >> 1),
                      left + half - 1 + (quadrant & 1))

    cover(0, 0, n, *hole)
    return out


def plain_profile_count(rows: int, cols: int, straight: bool) -> int:
    """Cell-by-cell broken-profile DP over the shorter side, no memoisation."""
    width, height = min(rows, cols), max(rows, cols)
    shapes = [((0, 0), (0, 1), (1, 0)), ((0, 0), (0, 1), (1, 1)),
              ((0, 0), (1, 0), (1, 1)), ((0, 0), (1, -1), (1, 0))]
    if straight:
        shapes += [((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0))]
    states = {0: 1}
    for cell in range(width * height):
        row, col = divmod(cell, width)
        following: dict[int, int] = {}
        for state, ways in states.items():
            if state & 1:
                following[state >> 1] = following.get(state >> 1, 0) + ways
                continue
            for shape in shapes:
                mask = 0
                for dr, dc in shape:
                    if not (0 <= col + dc < width and row + dr < height):
                        break
                    bit = 1 << (dr * width + dc)
                    if state & bit:
                        break
                    mask |= bit
                else:
                    successor = (state | mask) >> 1
                    following[successor] = following.get(successor, 0) + ways
        states = following
    return states.get(0, 0)


def recursive_owner(n: int, hole: tuple[int, int], cell: tuple[int, int]) -> int | None:
    """The owner query as a plain recursion over the quadrants."""

    def find(top: int, left: int, size: int, hole: tuple[int, int], base: int) -> int | None:
        if cell == hole:
            return None
        half = size // 2
        hole_quadrant = 2 * (hole[0] >= top + half) + (hole[1] >= left + half)
        quadrant = 2 * (cell[0] >= top + half) + (cell[1] >= left + half)
        q_top, q_left = top + (quadrant >> 1) * half, left + (quadrant & 1) * half
        if quadrant != hole_quadrant:
            corner = (top + half - 1 + (quadrant >> 1), left + half - 1 + (quadrant & 1))
            if cell == corner:
                return base
            hole = corner
        return find(q_top, q_left, half, hole, base + 1 + quadrant * ((half * half - 1) // 3))

    return find(0, 0, n, hole, 0)


# -- measurements -------------------------------------------------------------------------


def bench_tile(repeats: int) -> None:
    n, hole = 1024, (333, 777)
    ours, tiling = best_time(lambda: tile(Board.square(n, hole)), repeats)
    baseline, plain = best_time(lambda: recursive_tile(n, hole), repeats)
    assert [(t.row, t.col, t.orientation) for t in tiling.trominoes[:1000]] == plain[:1000]
    assert len(tiling) == len(plain) == (n * n - 1) // 3
    report(f"tile {n}x{n} ({len(plain):,} trominoes)", ours, baseline)


def bench_count(quick: bool) -> None:
    published = json.loads(DATA.read_text())["9x12"]
    ours, count = best_time(lambda: count_tilings(Board(9, 12)), 3)
    baseline, plain = best_time(lambda: plain_profile_count(9, 12, False), 1 if quick else 3)
    assert count == plain == published["L"]
    report(f"count 9x12 L ({count:,})", ours, baseline)

    ours, count = best_time(lambda: count_tilings(Board(9, 12), "LI"), 1)
    assert count == published["LI"]
    if quick:
        print(f"{'count 9x12 LI (' + format(count, ',') + ')':<44} puzzlekit {ours:8.3f} s")
        small_ours, small = best_time(lambda: count_tilings(Board(6, 12), "LI"), 1)
        baseline, plain = best_time(lambda: plain_profile_count(6, 12, True), 1)
        assert small == plain
        report(f"count 6x12 LI ({small:,})", small_ours, baseline)
    else:
        baseline, plain = best_time(lambda: plain_profile_count(9, 12, True), 1)
        assert plain == count
        report(f"count 9x12 LI ({count:,})", ours, baseline)


def bench_owner(queries: int) -> None:
    n = 1 << 20
    rng = random.Random(7)
    hole = (rng.randrange(n), rng.randrange(n))
    cells = [(rng.randrange(n), rng.randrange(n)) for _ in range(queries)]
    ours, found = best_time(lambda: [golomb_owner(n, hole, cell) for cell in cells], 3)
    baseline, plain = best_time(lambda: [recursive_owner(n, hole, cell) for cell in cells], 3)
    assert found == plain
    report(f"golomb_owner x{queries:,} at n=2^20", ours, baseline)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short run (< 30 s)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    sys.setrecursionlimit(10_000)
    bench_tile(1 if args.quick else 3)
    bench_count(args.quick)
    bench_owner(10_000)
    print(f"total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
