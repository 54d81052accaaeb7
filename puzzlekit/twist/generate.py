"""Generating IQ-Twist challenges with exactly one solution, graded by search effort.

A challenge's *effort* is the number of sub-problems the solver
(:func:`~puzzlekit.twist.find_solutions`) expands to find every solution of
it, and so to prove the one it has unique. Each of the booklet's five
levels is a band of effort:

============  ==============  =============================================
level         effort (nodes)  typical start
============  ==============  =============================================
``starter``   at most 30      6-7 pegs, often a piece as well
``junior``    31 to 90        5-7 pegs
``expert``    91 to 200       4-7 pegs
``master``    201 to 450      4-6 pegs
``wizard``    more than 450   3-4 pegs
============  ==============  =============================================

Measured over seeds 0-7 the mean effort is about 21, 46, 130, 312 and 540
from ``starter`` to ``wizard``. The bands give 8 of the 10 booklet
challenges shipped their booklet level; the two others (2, a starter,
and 49, an expert) are shipped as pegs only, without the pieces the booklet
gives, so they are harder than the booklet's. The generator picks a tiling
of the board (one of the 5992) and the orientation of each piece at random,
puts every peg the holes allow into the holes of their colour, then takes
pegs away one at a time, in random order, as long as the solution stays
unique. Along that chain the effort grows; the first start whose effort
falls in the level's band is returned. For ``starter`` the chain also
offers each start with one piece given.

>>> from puzzlekit.twist import count_solutions
>>> start = generate("expert", seed=1)
>>> level_of(start), count_solutions(start)
('expert', 1)
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Literal, TypeAlias

from puzzlekit.errors import ArgumentError, PuzzleError, quoted
from puzzlekit.limits import Budget, make_rng
from puzzlekit.twist.pieces import COLOUR, PEG_COUNT, PEGS
from puzzlekit.twist.solver import _FOOTPRINT_OPTIONS, _problem, _Search, _tilings
from puzzlekit.twist.state import Placement, State

__all__ = ["EFFORT", "LEVELS", "Level", "effort", "generate", "level_of", "random_state"]

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


def _effort(start: State, budget: Budget) -> int:
    """The nodes a full search of *start* expands, spent from *budget*."""
    problem = _problem(start)
    if problem is None:
        return 0
    before = budget.nodes
    _Search(problem, budget).count()
    return budget.nodes - before


def effort(start: State, *, node_limit: int | None = None, time_limit: float | None = None) -> int:
    """The nodes the solver expands to find every solution of *start*.

    Raises :class:`~puzzlekit.LimitReached` when a limit stops the search.

    >>> effort(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")) < effort(State.parse("j2B0l4B0"))
    True
    """
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    spent = _effort(start, budget)
    if budget.exhausted:
        raise budget.limit_reached("effort")
    return spent


def _level(spent: int) -> Level:
    for level in LEVELS:
        low, high = EFFORT[level]
        if low <= spent and (high is None or spent <= high):
            return level
    raise AssertionError("the bands cover every effort")  # pragma: no cover


def level_of(start: State) -> Level:
    """The level whose effort band holds *start*'s effort.

    >>> level_of(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))
    'starter'
    """
    return _level(effort(start))


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


def random_state(seed: int | None = None) -> State:
    """A random start with a solution: some pegs of a random solved board, and up to two
    of its pieces (``None``: fresh randomness). Solving it takes milliseconds.

    >>> from puzzlekit.twist import solve
    >>> start = random_state(3)
    >>> start == random_state(3), solve(start).solved
    (True, True)
    """
    rng = make_rng(seed)
    pieces = _solution(rng)
    pegs = _pegs(pieces, rng)
    kept = rng.sample(pegs, rng.randint(0, len(pegs))) + rng.sample(pieces, rng.randint(0, 2))
    return State(kept)


def _unique(start: State, budget: Budget) -> bool:
    problem = _problem(start)
    if problem is None:
        return False
    found = sum(1 for _ in islice(_Search(problem, budget).covers(), 2))
    if budget.exhausted:
        raise budget.limit_reached("generate")
    return found == 1


def _chain(pieces: tuple[Placement, ...], rng: random.Random, budget: Budget) -> list[State]:
    """Unique starts from the most pegs to the fewest, each one peg less than the last."""
    pegs = _pegs(pieces, rng)
    start = State(pegs)
    if not _unique(start, budget):
        return []
    chain = [start]
    rng.shuffle(pegs)
    for peg in pegs:
        fewer = State(p for p in chain[-1].placements if p != peg)
        if fewer.placements and _unique(fewer, budget):
            chain.append(fewer)
    return chain


def generate(
    level: Level,
    seed: int | None = None,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> State:
    """A start of *level* with exactly one solution; the same *seed* gives the same start.

    ``seed=None`` means fresh randomness. The start holds only pegs, or pegs
    and one piece for ``starter``. See the module documentation for how
    levels are graded. A limit (nodes summed over every search the
    generator runs) raises :class:`~puzzlekit.LimitReached`.

    >>> from puzzlekit.twist import count_solutions
    >>> start = generate("starter", seed=7)
    >>> start == generate("starter", seed=7), count_solutions(start), level_of(start)
    (True, 1, 'starter')
    """
    if not isinstance(level, str):
        raise TypeError(f"level must be a str, not {type(level).__name__}")
    if level not in EFFORT:
        raise ArgumentError(f"level must be one of {', '.join(LEVELS)}; not {quoted(level)}")
    rng = make_rng(seed)
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    for _ in range(_ATTEMPTS):
        pieces = _solution(rng)
        for start in _chain(pieces, rng, budget):
            options = [start]
            if level == "starter":
                options.append(State((*start.placements, rng.choice(pieces))))
            for option in options:
                spent = _effort(option, budget)
                if budget.exhausted:
                    raise budget.limit_reached("generate")
                if _level(spent) == level:
                    return option
    raise PuzzleError(f"no {level} challenge found in {_ATTEMPTS} attempts")  # pragma: no cover
