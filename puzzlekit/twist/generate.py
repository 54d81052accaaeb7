"""Generating IQ-Twist challenges with exactly one solution, graded by search effort.

A challenge's *effort* is the number of placements the solver
(:func:`~puzzlekit.twist.search`) tries to find every solution of it, and so
to prove the one it has unique. Each of the booklet's five levels is a band
of effort:

============  ==============  =============================================
level         effort (nodes)  typical start
============  ==============  =============================================
``starter``   at most 30      6-7 pegs, often a piece as well
``junior``    31 to 90        5-7 pegs
``expert``    91 to 200       4-7 pegs
``master``    201 to 450      4-6 pegs
``wizard``    more than 450   3-4 pegs
============  ==============  =============================================

Measured over seeds 0-7 the mean effort is about 18, 57, 121, 267 and 500
from ``starter`` to ``wizard``; the booklet's own starts fall the same way
(challenge 1, a starter, takes 11 nodes; the collection's hardest start,
1496). The generator picks a tiling of the board (one of the 5992) and the
orientation of each piece at random, puts every peg the holes allow into
the holes of their colour, then takes pegs away one at a time, in random
order, as long as the solution stays unique. Along that chain the effort
grows; the first start whose effort falls in the level's band is returned.
For ``starter`` the chain also offers each start with one piece given.

>>> from puzzlekit.twist import count_solutions
>>> start = generate("expert", seed=1)
>>> level_of(start), count_solutions(start)
('expert', 1)
"""

from __future__ import annotations

import random
from typing import Literal, TypeAlias

from puzzlekit.errors import PuzzleError
from puzzlekit.limits import make_rng
from puzzlekit.twist.pieces import COLOUR, PEG_COUNT, PEGS
from puzzlekit.twist.solver import (
    _FOOTPRINT_OPTIONS,
    _tilings,
    search,
)
from puzzlekit.twist.state import Placement, State

__all__ = ["EFFORT", "LEVELS", "Level", "effort", "generate", "level_of"]

Level: TypeAlias = Literal["starter", "junior", "expert", "master", "wizard"]
"""A difficulty level of the booklet."""

LEVELS: tuple[Level, ...] = ("starter", "junior", "expert", "master", "wizard")
"""The booklet's levels, easiest first."""

EFFORT: dict[Level, tuple[int, int | None]] = {
    "starter": (0, 30),
    "junior": (31, 90),
    "expert": (91, 200),
    "master": (201, 450),
    "wizard": (451, None),
}
"""Per level, the band of :func:`effort` (lowest, highest or ``None`` for no bound)."""

_ATTEMPTS = 400


def effort(start: State) -> int:
    """The placements the solver tries to find every solution of *start*.

    >>> effort(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")) < effort(State.parse("j2B0l4B0"))
    True
    """
    return search(start).nodes


def level_of(start: State) -> Level:
    """The level whose effort band holds *start*'s effort.

    >>> level_of(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))
    'starter'
    """
    spent = effort(start)
    for level in LEVELS:
        low, high = EFFORT[level]
        if low <= spent and (high is None or spent <= high):
            return level
    raise AssertionError("the bands cover every effort")  # pragma: no cover


def _solution(rng: random.Random) -> tuple[Placement, ...]:
    """A random solved board's pieces: a random tiling, each piece in a random orientation."""
    pieces = []
    for footprint in rng.choice(_tilings()):
        letter, options = _FOOTPRINT_OPTIONS[footprint]
        orientation, _, col, row = rng.choice(options)
        pieces.append(Placement(letter, col, row, orientation))
    return tuple(pieces)


def _pegs(pieces: tuple[Placement, ...], rng: random.Random) -> list[Placement]:
    """As many pegs as the game has, each in a random hole of its colour."""
    pegs: list[Placement] = []
    for peg in PEGS:
        holes = [cell for piece in pieces if piece.colour == COLOUR[peg] for cell in piece.holes]
        for row, col in rng.sample(holes, min(PEG_COUNT[peg], len(holes))):
            pegs.append(Placement(peg, col, row))
    return pegs


def _unique(start: State) -> bool:
    return len(search(start, max_solutions=2).solutions) == 1


def _chain(pieces: tuple[Placement, ...], rng: random.Random) -> list[State]:
    """Unique starts from the most pegs to the fewest, each one peg less than the last."""
    pegs = _pegs(pieces, rng)
    start = State(pegs)
    if not _unique(start):
        return []
    chain = [start]
    rng.shuffle(pegs)
    for peg in pegs:
        fewer = State(p for p in chain[-1].placements if p != peg)
        if fewer.placements and _unique(fewer):
            chain.append(fewer)
    return chain


def generate(level: Level, *, seed: int | None = None) -> State:
    """A start of *level* with exactly one solution; the same *seed* gives the same start.

    The start holds only pegs, or pegs and one piece for ``starter``. See the
    module documentation for how levels are graded.

    >>> from puzzlekit.twist import count_solutions
    >>> start = generate("starter", seed=7)
    >>> start == generate("starter", seed=7), count_solutions(start), level_of(start)
    (True, 1, 'starter')
    """
    if not isinstance(level, str):
        raise TypeError(f"level must be a str, not {type(level).__name__}")
    if level not in EFFORT:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}; not {level!r}")
    low, high = EFFORT[level]
    rng = make_rng(seed)
    for _ in range(_ATTEMPTS):
        pieces = _solution(rng)
        for start in _chain(pieces, rng):
            options = [start]
            if level == "starter":
                options.append(State((*start.placements, rng.choice(pieces))))
            for option in options:
                spent = effort(option)
                if low <= spent and (high is None or spent <= high):
                    return option
    raise PuzzleError(f"no {level} challenge found in {_ATTEMPTS} attempts")  # pragma: no cover
