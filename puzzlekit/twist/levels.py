"""Generating IQ-Twist levels with exactly one solution, of a chosen grade.

The generator picks a tiling of the board (one of the 5992) and the
orientation of each piece at random, puts every peg the holes allow into
the holes of their colour, then takes pegs away one at a time, in random
order, as long as the solution stays unique. Along that chain the start
gets harder; the first start of the grade asked for (by
:func:`~puzzlekit.twist.grade_of`, see :mod:`puzzlekit.twist.grading`) is
the level, and the solver's line to its solution is the witness. For
``starter`` the chain also offers each start with one of the pieces
given, as the booklet's first challenges do.

A level's *effort* (:func:`effort`) is the number of sub-problems the
solver expands to find every solution and so prove the one unique: a
measure of the work a start takes that the grade does not use, so it can
check it.

>>> from puzzlekit.twist import count_solutions, grade_of
>>> level = generate("expert", seed=1)
>>> level.grade, grade_of(level.start), count_solutions(level.start)
('expert', 'expert', 1)
>>> level.replayed().is_solved
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from puzzlekit.contract import Level
from puzzlekit.levels import check_grade, draw
from puzzlekit.limits import Budget, ProgressCallback, make_rng
from puzzlekit.twist.board import Placement, State
from puzzlekit.twist.grading import GRADES, SCORE_BANDS, Difficulty, Grade, measure_difficulty
from puzzlekit.twist.params import Params, params_or_default
from puzzlekit.twist.pieces import COLOUR, HEIGHT, PEG_COUNT, PEGS, WIDTH
from puzzlekit.twist.solver import completion, has_one_solution, solution_count, tilings

__all__ = ["DEFAULT_NODE_LIMIT", "effort", "generate", "random_state"]

DEFAULT_NODE_LIMIT = 500_000
"""The node budget of :func:`generate` when it is given no limit: about 5 seconds, and
8 times what the hardest of seeds 0-99 needs for ``wizard`` (64,000 at most)."""


def effort(start: State, *, node_limit: int | None = None, time_limit: float | None = None) -> int:
    """The nodes the solver expands to find every solution of *start*.

    Raises :class:`~puzzlekit.LimitReached` when a limit stops the search.

    >>> effort(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")) < effort(State.parse("j2B0l4B0"))
    True
    """
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    solution_count(start, budget)  # the count is not wanted, the nodes it takes are
    if budget.exhausted:
        raise budget.limit_reached("effort")
    return budget.nodes


def _solution(rng: random.Random) -> tuple[Placement, ...]:
    """A random solved board's pieces: a random tiling, each piece in a random orientation."""
    return tuple(rng.choice(choices) for choices in rng.choice(tilings()))


_PEG_AT = {
    (peg, row, col): Placement(peg, col, row)
    for peg in PEGS
    for row in range(HEIGHT)
    for col in range(WIDTH)
}
"""Every peg placement, built once: a random start takes seven."""


def _pegs(pieces: tuple[Placement, ...], rng: random.Random) -> list[Placement]:
    """As many pegs as the game has, each in a random hole of its colour."""
    pegs: list[Placement] = []
    holes_of: dict[str, list[tuple[int, int]]] = {}
    for piece in pieces:
        holes_of.setdefault(piece.colour, []).extend(piece.holes)
    for peg in PEGS:
        holes = holes_of.get(COLOUR[peg], [])
        for row, col in rng.sample(holes, min(PEG_COUNT[peg], len(holes))):
            pegs.append(_PEG_AT[peg, row, col])
    return pegs


def random_state(seed: int | None = None, params: Params | None = None) -> State:
    """A random start with a solution: some pegs of a random solved board, and up to two
    of its pieces (``None``: fresh randomness). Solving it takes milliseconds. *params*
    (``None``: the ``default`` preset) is IQ-Twist's one board.

    >>> from puzzlekit.twist import Params, solve
    >>> start = random_state(3)
    >>> start == random_state(3, Params()), solve(start).solved
    (True, True)
    """
    params_or_default(params)
    rng = make_rng(seed)
    pieces = _solution(rng)
    pegs = _pegs(pieces, rng)
    kept = rng.sample(pegs, rng.randint(0, len(pegs))) + rng.sample(pieces, rng.randint(0, 2))
    return State(kept)


def _chain(pieces: tuple[Placement, ...], rng: random.Random, budget: Budget) -> Iterator[State]:
    """Unique starts from the most pegs to the fewest, each one peg less than the last."""
    pegs = _pegs(pieces, rng)
    start = State(pegs)
    if not has_one_solution(start, budget) or budget.exhausted:
        return
    yield start
    rng.shuffle(pegs)
    for peg in pegs:
        fewer = State(p for p in start.placements if p != peg)
        if not fewer.placements:
            continue
        unique = has_one_solution(fewer, budget)
        if budget.exhausted:
            return
        if unique:
            start = fewer
            yield start


def _candidate(
    grade: Grade, rng: random.Random, budget: Budget
) -> Level[State, Placement] | None:
    """The first start of *grade* along the chain of one random solution, or ``None``."""
    pieces = _solution(rng)
    highest = SCORE_BANDS[grade][1]
    for start in _chain(pieces, rng, budget):
        if Difficulty(len(start.pegs), 0, 0, 0, 0.0).score > highest:
            return None  # the missing pegs alone score past the grade, and more go
        options = [start]
        if grade == "starter":
            options.append(State((*start.placements, rng.choice(pieces))))
        for option in options:
            found = measure_difficulty(option, budget)
            if found is None:
                return None
            if found.grade == grade:
                witness = completion(option, budget)
                if witness is None:
                    return None  # the budget ran out: the one solution is there
                return Level(option, witness, grade)
    return None


def generate(
    grade: Grade,
    params: Params | None = None,
    *,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Level[State, Placement]:
    """A level of *grade*: a start with exactly one solution, and the placements that solve it.

    The witness places the missing pieces in piece order, each legal
    through :meth:`State.play <puzzlekit.twist.State.play>`; the start
    holds only pegs, or pegs and one piece for ``starter``. The same *seed*
    gives the same level (``None``: fresh randomness). A limit (nodes
    summed over every search the generator runs; without any limit,
    :data:`DEFAULT_NODE_LIMIT`) raises :class:`~puzzlekit.LimitReached`.
    *params* (``None``: the ``default`` preset) is IQ-Twist's one board.

    >>> from puzzlekit.twist import Params, count_solutions
    >>> level = generate("starter", seed=7)
    >>> level == generate("starter", Params(), seed=7), count_solutions(level.start), level.grade
    (True, 1, 'starter')
    """
    check_grade(grade, GRADES)  # draw() takes None for any grade; generate() does not
    params_or_default(params)
    return draw(
        grade,
        GRADES,
        lambda rng, budget: _candidate(grade, rng, budget),
        seed=seed,
        node_limit=node_limit,
        time_limit=time_limit,
        progress=progress,
        default_node_limit=DEFAULT_NODE_LIMIT,
        what="generate",
    )
