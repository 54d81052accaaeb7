"""Levels per second for every puzzle, grade and size, against drawing random starts.

Run from the repository root::

    python benchmarks/levels.py           # full measurement
    python benchmarks/levels.py --quick   # CI smoke run

For each registered puzzle, each size in :data:`SIZES` and each grade, the
script times the module's ``generate(grade, seed=..., **size)`` over seeds
0, 1, 2, ... and checks every level after the timing (its witness replays
to a solved position, and the grader gives the grade asked for). The
baseline is the straightforward way to get a level: draw uniformly random
starts of the same size (for tromino, with as many holes as ``generate``
makes) and keep the first one the puzzle's solver solves within a node cap
(its line is the witness), with one solution for IQ-Twist, that the grader
puts in the grade. Each
measurement stops after :data:`SECONDS` (a quarter with ``--quick``); a baseline
that finds no level in that time prints ``0`` and the ratio ``> N``.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from puzzlekit import PUZZLE_MODULES, PUZZLES, Level, PuzzleError

SECONDS = 4.0
"""Seconds per measurement (each of generator and baseline, per grade and size)."""

SOLVER_NODES = 20_000
"""The baseline's node cap per random start (a start it cannot solve in that is dropped)."""

# Sizes worth measuring per puzzle: the keywords of the module's generate().
SIZES: dict[str, list[dict[str, Any]]] = {
    "twist": [{}],
    "tromino": [{"height": 8, "width": 8}, {"height": 16, "width": 16}],
    "linkpath": [
        {"height": 8, "width": 12, "kinds": 24},
        {"height": 16, "width": 30, "kinds": 120},
    ],
    "samegame": [
        {"height": 10, "width": 10, "colours": 3},
        {"height": 30, "width": 30, "colours": 3},
    ],
}


def random_start(name: str, size: dict[str, Any], rng: random.Random) -> Any:
    """A uniformly random start of *size*, solvable or not."""
    seed = rng.randrange(2**32)
    module = module_of(name)
    if name == "twist":
        return module.random_state(seed)
    if name == "tromino":
        height, width = size["height"], size["width"]
        holes = module.default_holes(height, width)  # as many as generate() makes
        cells = rng.sample([(r, c) for r in range(height) for c in range(width)], holes)
        return module.Board(height, width, holes=cells)
    if name == "linkpath":
        return module.deal(size["height"], size["width"], size["kinds"], seed=seed,
                           solvable=False)
    return module.random_board(size["height"], size["width"], size["colours"], seed=seed)


def module_of(name: str) -> Any:
    return importlib.import_module(PUZZLE_MODULES[name])


def generated(name: str, size: dict[str, Any], grade: str, seed: int) -> Level[Any, Any]:
    """The module's level of *grade* at *size* for *seed*."""
    level: Level[Any, Any] = module_of(name).generate(grade, seed=seed, **size)
    return level


def baseline_level(name: str, size: dict[str, Any], grade: str, rng: random.Random,
                   draw: int) -> Level[Any, Any] | None:
    """One draw of the baseline: a random start, solved and graded, or ``None``."""
    puzzle = PUZZLES[name]
    start = random_start(name, size, rng)
    result = puzzle.solve(start, node_limit=SOLVER_NODES)
    if not result.solved:
        return None
    if name == "twist" and module_of(name).count_solutions(start) != 1:
        return None  # twist levels promise one solution
    try:
        found = puzzle.grade(start)
    except PuzzleError:  # a grader's own limit
        return None
    return Level(start, result.moves, found) if found == grade else None


def rate(
    make: Callable[[int], Level[Any, Any] | None], seconds: float
) -> tuple[list[Level[Any, Any]], float]:
    """The levels *make* gives (over draws 0, 1, ...) in about *seconds*, and the time."""
    made = []
    draw = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        level = make(draw)
        draw += 1
        if level is not None:
            made.append(level)
    return made, time.perf_counter() - started


def check(name: str, grade: str, made: list[Level[Any, Any]]) -> None:
    """Every level's witness solves it, and the grader gives it *grade* (outside the timing)."""
    for level in made:
        assert level.replayed().is_solved
        assert level.grade == grade == PUZZLES[name].grade(level.start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run for CI")
    seconds = SECONDS / 4 if parser.parse_args().quick else SECONDS
    print(f"{'puzzle':9} {'size':28} {'grade':8} {'levels/s':>9} {'baseline/s':>10} {'ratio':>8}")
    for name, sizes in SIZES.items():
        for size in sizes:
            label = " ".join(f"{key}={value}" for key, value in size.items()) or "the board"
            for grade in PUZZLES[name].grades:
                made, spent = rate(partial(generated, name, size, grade), seconds)
                rng = random.Random(0)
                found, base_spent = rate(partial(baseline_level, name, size, grade, rng), seconds)
                check(name, grade, made + found)
                ours, theirs = len(made) / spent, len(found) / base_spent
                ratio = f"{ours / theirs:.1f}x" if found else f"> {ours * base_spent:.0f}x"
                print(f"{name:9} {label:28} {grade:8} {ours:9.1f} {theirs:10.1f} {ratio:>8}")


if __name__ == "__main__":
    main()
