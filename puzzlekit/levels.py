"""Generated levels: a start, a line that solves it, and a grade, the same for every puzzle.

Every puzzle in :data:`puzzlekit.PUZZLES` can make levels for an app:
``PUZZLES[name].generate(grade, seed=..., node_limit=..., time_limit=...)``
returns a :class:`~puzzlekit.Level` whose ``witness`` solves its
``start`` (so it is playable by construction, or checked by
the puzzle's solver), graded on the puzzle's scale
(:attr:`~puzzlekit.PuzzleType.grades`, easiest first), and
``PUZZLES[name].grade(start)`` grades any start, generated or not. The same
seed always gives the same level; without limits a generator still stops
after a node limit of its own and raises :class:`~puzzlekit.LimitReached`
rather than search for ever for a grade a small size cannot reach.

>>> from puzzlekit import PUZZLES
>>> puzzle = PUZZLES["twist"]
>>> level = puzzle.generate("junior", seed=2)
>>> level.grade, level.replayed().is_solved, puzzle.grade(level.start)
('junior', True, 'junior')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from puzzlekit.contract import Level, PuzzleState
from puzzlekit.errors import ArgumentError
from puzzlekit.limits import Budget, ProgressCallback, make_rng

__all__ = ["GRADES", "check_grade", "draw"]

M = TypeVar("M")
S = TypeVar("S", bound="PuzzleState[Any]")

GRADES: Final = ("easy", "medium", "hard")
"""The grade scale of puzzles that have no scale of their own, easiest first.

>>> GRADES
('easy', 'medium', 'hard')
"""


def check_grade(grade: object, grades: Sequence[str]) -> str:
    """*grade* when it is one of *grades*; otherwise a :class:`TypeError` or
    :class:`~puzzlekit.ArgumentError` that names the scale.

    >>> check_grade("hard", GRADES)
    'hard'
    >>> check_grade("tough", GRADES)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: no grade 'tough'; the grades are easy, medium, hard
    """
    if not isinstance(grade, str):
        raise TypeError(f"grade must be a str, not {type(grade).__name__}")
    if grade not in grades:
        raise ArgumentError(f"no grade {grade!r}; the grades are {', '.join(grades)}")
    return grade


def draw(
    grade: str | None,
    grades: Sequence[str],
    candidate: Callable[[random.Random, Budget], Level[S, M] | None],
    *,
    seed: int | None,
    node_limit: int | None,
    time_limit: float | None,
    progress: ProgressCallback | None,
    default_node_limit: int,
    what: str,
) -> Level[S, M]:
    """The first level *candidate* draws of *grade* (``None``: of any grade), all from
    one stream for *seed*.

    *candidate* builds one level from the stream, spending its work from the
    budget, and returns ``None`` when it gives up on that draw (or when the
    budget stops it midway). Without
    limits the budget is *default_node_limit* nodes. When the budget runs out
    first, :class:`~puzzlekit.LimitReached` names *what* stopped.

    >>> def coin(rng, budget):
    ...     budget.spend()
    ...     return Level(rng.random(), (), rng.choice(GRADES))
    >>> draw("hard", GRADES, coin, seed=1, node_limit=None, time_limit=None,
    ...      progress=None, default_node_limit=100, what="coin").grade
    'hard'
    >>> draw(None, GRADES, coin, seed=1, node_limit=None, time_limit=None,
    ...      progress=None, default_node_limit=100, what="coin").grade in GRADES
    True
    """
    if grade is not None:
        check_grade(grade, grades)
    if node_limit is None and time_limit is None:
        node_limit = default_node_limit
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    rng = make_rng(seed)
    while not budget.exhausted:
        level = candidate(rng, budget)
        if level is not None and grade in (None, level.grade):
            return level
        budget.check_clock()  # once per draw, however little the draw spent
    raise budget.limit_reached(what)
