"""The one place ``puzzlekit play`` makes a level and names its size.

A size is a params text (``"8x8 holes=1"``, as the command line writes it) or
a preset's name (``"small"``); ``""`` is the puzzle's ``default`` preset.

>>> from puzzlekit import PUZZLES
>>> level = new_level(PUZZLES["tromino"], "easy", "small", seed=1)
>>> level.replayed().is_solved, size_of(level.start)
(True, '6x6 holes=3')
"""

from __future__ import annotations

from typing import Any

from puzzlekit.contract import Level, PuzzleType
from puzzlekit.errors import ArgumentError
from puzzlekit.levels import check_grade
from puzzlekit.registry import puzzle_of

__all__ = ["LEVEL_TIME_LIMIT", "new_level", "params_for", "shipped_start", "size_of"]

LEVEL_TIME_LIMIT = 20.0
"""The seconds a generator may spend on one level for the page."""


def params_for(puzzle: PuzzleType[Any, Any], size: str) -> Any:
    """The params value *size* names: a preset's name, a params text, or ``""`` (default).

    >>> from puzzlekit import PUZZLES
    >>> str(params_for(PUZZLES["samegame"], "5x4 colours=2"))
    '5x4 colours=2'
    """
    if not size:
        return puzzle.presets["default"]
    if size in puzzle.presets:
        return puzzle.presets[size]
    return puzzle.params.parse(size)


def new_level(
    puzzle: PuzzleType[Any, Any], grade: str, size: str, *, seed: int | None
) -> Level[Any, Any]:
    """A level of *puzzle* at *grade*, of *size* (see :func:`params_for`)."""
    check_grade(grade, puzzle.grades)
    level: Level[Any, Any] = puzzle.generate(
        grade, params_for(puzzle, size), seed=seed, time_limit=LEVEL_TIME_LIMIT
    )
    return level


def shipped_start(puzzle: PuzzleType[Any, Any], number: object) -> Any:
    """Start *number* (from 1) of the starts *puzzle* ships; :class:`ArgumentError` when it
    ships none or fewer.

    >>> from puzzlekit import PUZZLES
    >>> size_of(shipped_start(PUZZLES["samegame"], 1))
    '15x15 colours=5'
    >>> shipped_start(PUZZLES["tromino"], 1)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: L-tromino tiling ships no starts
    """
    if puzzle.shipped is None:
        raise ArgumentError(f"{puzzle.title} ships no starts")
    starts = puzzle.shipped()
    if type(number) is not int or not 1 <= number <= len(starts):
        raise ArgumentError(f"{puzzle.title} ships starts 1 to {len(starts)}, not {number!r:.20}")
    return starts[number - 1]


def size_of(state: object) -> str:
    """A position's params text, as the high-score table groups games.

    >>> from puzzlekit import tromino
    >>> size_of(tromino.Board.parse("...\\n..."))
    '3x2'
    """
    puzzle = puzzle_of(state)
    return str(puzzle.params_of(state))
