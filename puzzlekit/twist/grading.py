"""Grading IQ-Twist starts as people find them: the luck a careful guesser needs, and the pegs.

The grade follows a *human-like player*. At each step the player first
places anything forced: a piece that fits in one place only, or a location
(a peg's among them) that only one placement can cover. When nothing is
forced, the player takes the most constrained choice (the location or
piece with the fewest placements left) and guesses among its placements.
:func:`difficulty` measures, for that player,

* ``forced`` and ``guesses``: the steps on the way to the solution (the
  first, when there are several) that were forced, and those that needed
  a guess;
* ``bits``: ``-log2`` of the chance that guessing at random at each of those
  choices never needs taking back (``log2`` of the product of the branching
  at each guess, when the start has one solution).

Its ``score`` adds 2 bits for each of the game's 7 pegs that the start
does not give: fewer pegs make a start harder to see through beyond the
guessing, and the pegs are what players count (the 90 student-made
challenges shipped are labelled mostly by their peg count: 5-7, 4-5
and 2-3 pegs). The
grades are bands of the score, their bounds midway between the booklet
challenges of neighbouring levels (:data:`SCORE_BANDS`).

>>> from puzzlekit.twist import State
>>> easy = difficulty(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))   # booklet challenge 1
>>> easy.forced, easy.guesses, easy.bits, easy.score, easy.grade
(6, 1, 2.0, 4.0, 'starter')
"""

from __future__ import annotations

import math
from typing import Any, Literal, TypeAlias

import attrs

from puzzlekit.errors import UnsolvableError
from puzzlekit.limits import Budget
from puzzlekit.twist.board import State
from puzzlekit.twist.cover import COMPATIBLE, FOOTPRINT_ITEMS, cover_problem, fewest_covering
from puzzlekit.twist.pieces import PEG_COUNT

__all__ = [
    "GRADES",
    "PEG_BITS",
    "SCORE_BANDS",
    "Difficulty",
    "Grade",
    "difficulty",
    "grade_of",
    "measure_difficulty",
]

Grade: TypeAlias = Literal["starter", "junior", "expert", "master", "wizard"]
"""A difficulty grade: one of the booklet's levels."""

GRADES: tuple[Grade, ...] = ("starter", "junior", "expert", "master", "wizard")
"""The booklet's levels, the grade scale, easiest first."""

PEG_BITS = 2.0
"""What each peg the start does not give adds to the score."""

SCORE_BANDS: dict[Grade, tuple[float, float]] = {
    "starter": (-math.inf, 4.3),
    "junior": (4.3, 7.3),
    "expert": (7.3, 11.6),
    "master": (11.6, 16.9),
    "wizard": (16.9, math.inf),
}
"""Per grade, the band of :attr:`Difficulty.score`: above the first bound, up to the second."""

_ALL_PEGS = sum(PEG_COUNT.values())


def _grade(score: float) -> Grade:
    return next(grade for grade in GRADES if score <= SCORE_BANDS[grade][1])


@attrs.frozen
class Difficulty:
    """What makes a start hard for the human-like player (see the module documentation).

    >>> Difficulty(pegs=4, pieces=0, forced=3, guesses=5, bits=9.5).score
    15.5
    """

    pegs: int
    """Pegs the start gives."""
    pieces: int
    """Pieces the start gives."""
    forced: int
    """Placements on the way to the solution that were forced."""
    guesses: int
    """Placements on the way to the solution that needed a guess."""
    bits: float
    """``-log2`` of the chance that random guesses at the most constrained choices solve it."""

    @property
    def score(self) -> float:
        """:attr:`bits` plus :data:`PEG_BITS` for each peg not given."""
        return self.bits + PEG_BITS * (_ALL_PEGS - self.pegs)

    @property
    def grade(self) -> Grade:
        """The grade whose band of :data:`SCORE_BANDS` holds :attr:`score`."""
        return _grade(self.score)


_Node = tuple[int, int]
"""A position of the player: ``(open footprints, items left)``."""


def _settle(open_: int, items: int) -> tuple[int, int, int, int | None]:
    """Place every forced footprint; return the open footprints and items left, how many
    were forced, and the choice to guess among (``None``: a dead end, ``0``: solved)."""
    forced = 0
    while items:
        fewest = fewest_covering(open_, items, 1)
        count = fewest.bit_count()
        if count == 0:
            return open_, items, forced, None
        if count > 1:
            return open_, items, forced, fewest
        footprint = fewest.bit_length() - 1
        items ^= FOOTPRINT_ITEMS[footprint]
        open_ &= COMPATIBLE[footprint]
        forced += 1
    return open_, items, forced, 0


def _options(open_: int, items: int, choice: int) -> list[_Node]:
    """The positions after each footprint of *choice*."""
    found = []
    while choice:
        low = choice & -choice
        choice ^= low
        footprint = low.bit_length() - 1
        found.append((open_ & COMPATIBLE[footprint], items ^ FOOTPRINT_ITEMS[footprint]))
    return found


def _chances(start: _Node, budget: Budget) -> dict[int, float]:
    """Per position met (keyed by its items left: they decide the open footprints), the
    chance that random guesses from there solve it; stops early when *budget* runs out."""
    chance: dict[int, float] = {}
    # A frame: the position's items, its options, how many were tried, their chances' sum.
    stack: list[list[Any]] = []
    node: _Node | None = start
    while True:
        if node is not None:
            if node[1] not in chance:
                if budget.spend():
                    return chance
                open_, items, _, choice = _settle(*node)
                if choice:
                    stack.append([node[1], _options(open_, items, choice), 0, 0.0])
                else:
                    chance[node[1]] = 0.0 if choice is None else 1.0
            if stack and node[1] in chance:
                stack[-1][3] += chance[node[1]]
        if not stack:
            return chance
        frame = stack[-1]
        if frame[2] < len(frame[1]):
            node = frame[1][frame[2]]
            frame[2] += 1
            continue
        stack.pop()
        chance[frame[0]] = frame[3] / len(frame[1])
        node = None
        if stack:
            stack[-1][3] += chance[frame[0]]


def measure_difficulty(start: State, budget: Budget) -> Difficulty | None:
    """The difficulty of *start*, spending from *budget*; ``None`` when it ran out first.

    Raises :class:`~puzzlekit.UnsolvableError` when *start* has no solution.
    :func:`difficulty` is the form with limits of its own.

    >>> start = State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")
    >>> measure_difficulty(start, Budget()) == difficulty(start)
    True
    >>> measure_difficulty(start, Budget(node_limit=0)) is None
    True
    """
    problem = cover_problem(start)
    if problem is None:
        raise UnsolvableError(f"{start} breaks a rule: {'; '.join(start.problems())}")
    node = (problem.open, problem.items)
    chance = _chances(node, budget)
    if budget.exhausted:
        return None
    if not chance[problem.items]:
        raise UnsolvableError(f"{start} has no solution")
    # Walk the way to the first solution, counting forced steps and guesses.
    forced = guesses = 0
    while True:
        open_, items, steps, choice = _settle(*node)
        forced += steps
        if not choice:
            break
        guesses += 1
        node = next(o for o in _options(open_, items, choice) if chance.get(o[1], 0.0) > 0)
    return Difficulty(
        pegs=len(start.pegs),
        pieces=len(start.pieces),
        forced=forced,
        guesses=guesses,
        bits=0.0 - math.log2(chance[problem.items]),  # 0.0, not -0.0, when sure
    )


def difficulty(
    start: State, *, node_limit: int | None = None, time_limit: float | None = None
) -> Difficulty:
    """How hard *start* is for the human-like player (see the module documentation).

    Raises :class:`~puzzlekit.UnsolvableError` when *start* has no
    solution, :class:`~puzzlekit.LimitReached` when a limit (positions the
    player weighs, or seconds) stops it first.

    >>> hard = difficulty(State.parse("k3D0k5D0l6C0"))   # booklet challenge 98, a wizard
    >>> hard.pegs, hard.guesses, round(hard.bits, 2), round(hard.score, 2), hard.grade
    (3, 6, 12.66, 20.66, 'wizard')
    """
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    found = measure_difficulty(start, budget)
    if found is None:
        raise budget.limit_reached("difficulty")
    return found


def grade_of(
    start: State, *, node_limit: int | None = None, time_limit: float | None = None
) -> Grade:
    """The grade of *start*: ``difficulty(start).grade`` (same limits and errors).

    >>> grade_of(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))
    'starter'
    """
    return difficulty(start, node_limit=node_limit, time_limit=time_limit).grade
