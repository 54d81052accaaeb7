"""The one place ``puzzlekit play`` makes a level and names its size.

>>> from puzzlekit import PUZZLES
>>> level = new_level(PUZZLES["tromino"], "easy", "", seed=1)
>>> level.replayed().is_solved
True
"""

from __future__ import annotations

from typing import Any

from puzzlekit.contract import Level, PuzzleType
from puzzlekit.errors import ArgumentError

__all__ = ["LEVEL_TIME_LIMIT", "new_level", "size_of"]

LEVEL_TIME_LIMIT = 20.0
"""The seconds a generator may spend on one level for the page."""


def new_level(
    puzzle: PuzzleType[Any, Any], grade: str, size: str, *, seed: int | None
) -> Level[Any, Any]:
    """A level of *puzzle* at *grade*, of *size* (its text; ``""`` for the default size).

    Sizes other than the default wait for the registry's parameter types.
    """
    if grade not in puzzle.grades:
        raise ArgumentError(f"{puzzle.name} has no grade {grade!r}; its grades are "
                            f"{', '.join(puzzle.grades)}")
    if size:
        raise ArgumentError(f"{puzzle.name} levels come in the default size only for now")
    level: Level[Any, Any] = puzzle.generate(grade, seed=seed, time_limit=LEVEL_TIME_LIMIT)
    return level


def size_of(state: object) -> str:
    """A board's size as the high-score table groups games: ``HEIGHTxWIDTH`` where the
    state has them, else ``standard``.

    >>> from puzzlekit import tromino
    >>> size_of(tromino.Board.parse("...\\n...")), size_of(object())
    ('2x3', 'standard')
    """
    height, width = getattr(state, "height", None), getattr(state, "width", None)
    if isinstance(height, int) and isinstance(width, int):
        return f"{height}x{width}"
    return "standard"
