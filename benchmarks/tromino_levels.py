"""Benchmark puzzlekit.tromino's random boards and levels (issue #18).

* ``random_board`` at 8 x 8, 64 x 64 and 256 x 256 with few and many holes,
  tileable (built with a tiling) and untileable (built with a proof): the
  mean time a board over a few seeds;
* ``generate``: levels a second for each grade at 8 x 8 (30 levels) and
  16 x 16 (10 levels), with the default holes (a sixth of the cells), and the
  mean effort of each grade:
  the nodes the exact search expands to tile a level, trying trominoes in 8
  random orders (the measure the tests check grows with the grade).

Run from the repository root: ``python benchmarks/tromino_levels.py [--quick]``
(``--quick``: fewer seeds and levels, the largest boards left out).
"""

from __future__ import annotations

import argparse
import random
import time
from statistics import mean

from puzzlekit.limits import Budget
from puzzlekit.tromino import GRADES, Board, Params, generate, random_board
from puzzlekit.tromino.solver import search_tiling

BOARDS = [(8, 10), (8, 31), (64, 40), (64, 700), (64, 1501), (256, 64), (256, 4000),
          (256, 19660)]


def board_times(quick: bool) -> None:
    seeds = 1 if quick else 3
    for side, holes in BOARDS:
        if quick and side * side * max(holes, 1) > 256 * 256 * 64:
            continue
        for tileable in (True, False):
            started = time.perf_counter()
            for seed in range(seeds):
                random_board(side, holes=holes, tileable=tileable, seed=seed)
            seconds = (time.perf_counter() - started) / seeds
            kind = "tileable" if tileable else "untileable"
            print(f"random_board {side:>3}x{side:<3} {holes:>6} holes {kind:<10} "
                  f"{seconds * 1000:9.1f} ms")


def effort(board: Board) -> float:
    nodes = 0
    for order in range(8):
        budget = Budget()
        search_tiling(board.height, board.width, board.holes, budget, random.Random(order))
        nodes += budget.nodes
    return nodes / 8


def level_rates(quick: bool) -> None:
    for side, count in ((8, 30), (16, 10)):
        count = 3 if quick else count
        for grade in GRADES:
            started = time.perf_counter()
            levels = [generate(grade, Params(side, side), seed=seed)
                      for seed in range(count)]
            seconds = time.perf_counter() - started
            print(f"generate {grade:<6} {side:>2}x{side:<2} {count / seconds:7.1f} levels/s   "
                  f"effort {mean(effort(level.start) for level in levels):8.1f} nodes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and smaller runs")
    args = parser.parse_args()
    board_times(args.quick)
    level_rates(args.quick)


if __name__ == "__main__":
    main()
