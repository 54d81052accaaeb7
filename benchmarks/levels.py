"""Levels per second for every puzzle, grade and size, against drawing random starts.

Run from the repository root::

    python benchmarks/levels.py           # full measurement
    python benchmarks/levels.py --quick   # CI smoke run

For each registered puzzle, each preset in :data:`PRESETS` and each grade,
the script times the puzzle's ``generate(grade, params, seed=...)`` over
seeds 0, 1, 2, ... and checks every level after the timing (its witness
replays to a solved position, and the grader gives the grade asked for).
The baseline is the straightforward way to get a level: draw random starts
of the same params (``random_state(seed, params)``) and keep the first one
the puzzle's solver solves within a node cap (its line is the witness) that
the grader puts in the grade. Each measurement stops after :data:`SECONDS`
(a quarter with ``--quick``); a baseline that finds no level in that time
prints ``0`` and the ratio ``> N``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from puzzlekit import PUZZLES, Level, PuzzleError

SECONDS = 4.0
"""Seconds per measurement (each of generator and baseline, per grade and size)."""

SOLVER_NODES = 20_000
"""The baseline's node cap per random start (a start it cannot solve in that is dropped)."""

PRESETS = ("small", "default")
"""The presets measured for every puzzle."""


def generated(name: str, preset: str, grade: str, seed: int) -> Level[Any, Any]:
    """The puzzle's level of *grade* at *preset* for *seed*."""
    puzzle = PUZZLES[name]
    return puzzle.generate(grade, puzzle.presets[preset], seed=seed)


def baseline_level(name: str, preset: str, grade: str, rng: random.Random,
                   draw: int) -> Level[Any, Any] | None:
    """One draw of the baseline: a random start, solved and graded, or ``None``."""
    puzzle = PUZZLES[name]
    start = puzzle.random_state(rng.randrange(2**32), puzzle.presets[preset])
    seeded = {"seed": draw} if puzzle.seeded else {}
    result = puzzle.solve(start, node_limit=SOLVER_NODES, **seeded)
    if not result.solved:
        return None
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
    print(f"{'puzzle':9} {'params':28} {'grade':8} {'levels/s':>9} {'baseline/s':>10} {'ratio':>8}")
    for name in PUZZLES:
        for preset in PRESETS:
            label = str(PUZZLES[name].presets[preset]) or preset
            for grade in PUZZLES[name].grades:
                made, spent = rate(partial(generated, name, preset, grade), seconds)
                rng = random.Random(0)
                found, base_spent = rate(partial(baseline_level, name, preset, grade, rng),
                                         seconds)
                check(name, grade, made + found)
                ours, theirs = len(made) / spent, len(found) / base_spent
                ratio = f"{ours / theirs:.1f}x" if found else f"> {ours * base_spent:.0f}x"
                print(f"{name:9} {label:28} {grade:8} {ours:9.1f} {theirs:10.1f} {ratio:>8}")


if __name__ == "__main__":
    main()
