"""Solving IQ-Twist: an exact-cover search on bitsets that remembers its sub-problems.

The search runs on the exact-cover form of :mod:`puzzlekit.twist.cover`:
cells and pieces are *items*, a piece on a set of cells is a *footprint*,
and the footprints still open at a node are one int.

The search (Knuth's Algorithm X, iterative with an explicit stack) branches
on the cell with the fewest open footprints, taking at once the first cell
(leftmost column first) with at most two. Covering every cell places every
piece, since the pieces' 32 loops fill the board exactly, so pieces need no
branching of their own. What is left to cover decides what is left to
search (the open footprints are those that fit in it), so the search keeps,
per set of items left, the footprints that lead to a solution and reuses
that answer when another line of play leaves the same set (Nishino et al.'s
DXZ, "Dancing with decision diagrams"). On the empty board that shrinks
126,000 nodes to 16,000.

A solution gives each footprint its lowest orientation legal with the
pegs, which is the canonical rule, so each tiling is found once.

>>> from puzzlekit.twist import State
>>> result = solve(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))
>>> result.complete, result.final.is_solved, result.replayed() == result.final
(True, True, True)
>>> count_solutions(State.parse("i6B0j2B0j1C0k3C0l4B0l5C0"))
1
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import islice
from typing import Any

import attrs

from puzzlekit.contract import SearchResult
from puzzlekit.errors import UnsolvableError
from puzzlekit.grid import check_int
from puzzlekit.limits import Budget, ProgressCallback
from puzzlekit.twist.board import Placement, State
from puzzlekit.twist.cover import (
    CELL_ITEMS,
    COMPATIBLE,
    FOOTPRINT_ITEMS,
    FOOTPRINT_OPTIONS,
    CoverProblem,
    bit_numbers,
    cover_problem,
    fewest_covering,
    piece_items,
)

__all__ = [
    "Solutions",
    "Tiling",
    "completion",
    "count_solutions",
    "find_solutions",
    "has_one_solution",
    "hint",
    "iter_solutions",
    "solution_count",
    "solve",
    "tilings",
]

_GOOD_ENOUGH = 2
"""A cell with this many open footprints or fewer is branched on without looking further."""


def _choose(open_: int, items: int) -> int:
    """The open footprints covering the cell that fewest of them cover (0: a dead end).

    Cells are scanned leftmost column first, and one with at most
    :data:`_GOOD_ENOUGH` footprints is taken at once: finding the true
    minimum costs more than the few extra nodes it would save.
    """
    return fewest_covering(open_, items & CELL_ITEMS, _GOOD_ENOUGH)


_Edges = tuple[tuple[int, int], ...]
"""The ways on from a set of items: ``(footprint, items left after it)``, each leading to
at least one solution."""


class _Search:
    """The memoised search of one problem; each cover is found once.

    :meth:`covers` yields the covers as the search finds them, so a caller
    can stop early; the sub-problems it finished stay in :attr:`solved` (the
    items left -> the ways on, ``None`` for a dead end).
    """

    __slots__ = ("budget", "problem", "solved")

    def __init__(self, problem: CoverProblem, budget: Budget) -> None:
        self.problem = problem
        self.budget = budget
        self.solved: dict[int, _Edges | None] = {0: ()}

    def _joins(self) -> Iterator[tuple[list[int], int, int]]:
        """Yield ``(path, footprint, items)`` whenever the line *path* + *footprint* reaches
        a sub-problem already solved (the empty one included) that has solutions.

        Every cover is then exactly one such join followed by one line through
        the solved sub-problem. A start with nothing left to cover is one join
        with footprint ``-1``. Stops quietly when the budget runs out.
        """
        solved = self.solved
        budget = self.budget
        start = self.problem.items
        if start in solved:
            if solved[start] is not None:
                yield [], -1, start
            return
        path: list[int] = []
        # A frame: footprints not tried yet, items left, open footprints, ways on found.
        open_ = self.problem.open
        stack: list[list[Any]] = [[_choose(open_, start), start, open_, []]]
        while stack:
            frame = stack[-1]
            untried = frame[0]
            if untried:
                low = untried & -untried
                frame[0] = untried ^ low
                footprint = low.bit_length() - 1
                # Open footprints lie inside the items left, so ``^`` takes them away.
                items = frame[1] ^ FOOTPRINT_ITEMS[footprint]
                known = solved.get(items, False)
                if known is False:
                    if budget.spend():
                        return
                    open_ = frame[2] & COMPATIBLE[footprint]
                    path.append(footprint)
                    stack.append([_choose(open_, items), items, open_, []])
                elif known is not None:
                    frame[3].append((footprint, items))
                    yield path, footprint, items
                continue
            stack.pop()
            ways = tuple(frame[3]) or None
            solved[frame[1]] = ways
            if stack:
                footprint = path.pop()
                if ways is not None:
                    stack[-1][3].append((footprint, frame[1]))

    def _lines(self, items: int) -> Iterator[tuple[int, ...]]:
        """Every line of footprints that covers the solved sub-problem *items*."""
        solved = self.solved
        stack: list[tuple[int, tuple[int, ...]]] = [(items, ())]
        while stack:
            items, line = stack.pop()
            ways = solved[items]
            if not ways:
                yield line
                continue
            for footprint, rest in reversed(ways):
                stack.append((rest, (*line, footprint)))

    def covers(self) -> Iterator[tuple[int, ...]]:
        """Yield every cover (the chosen footprints) until the budget runs out."""
        for path, footprint, items in self._joins():
            head = (*path, footprint) if footprint >= 0 else ()
            for tail in self._lines(items):
                yield head + tail

    def count(self) -> int:
        """How many covers there are: the whole search, then a sum along the solved table."""
        for _ in self._joins():
            pass
        counts = {0: 1}
        # Sub-problems enter the table only once those below them are in it.
        for items, ways in self.solved.items():
            if ways:
                counts[items] = sum(counts[rest] for _, rest in ways)
        return counts.get(self.problem.items, 0)


Tiling = tuple[tuple[Placement, ...], ...]
"""A tiling of the empty board: per piece on it, every placement covering its cells."""


@attrs.frozen
class _TilingTable:
    """The covers of the empty board, and per footprint the covers using it (bit ``i``
    for cover ``i``).

    IQ-Twist has one board, so every solution of every start is one of these
    covers with the pegs fitted: the covers a start admits are those using
    only its open footprints and its own pieces' footprints, found with a few
    ``&`` instead of a search.
    """

    covers: tuple[tuple[int, ...], ...]
    footprints: tuple[int, ...]
    """Per cover, its footprints as a bitset."""
    using: tuple[int, ...]
    footprint_of: dict[int, int]
    """The footprint of each set of items (a placed piece's cells and its piece)."""

    def admitted(self, problem: CoverProblem) -> int:
        """The covers that are solutions of *problem* (bit ``i`` for cover ``i``)."""
        allowed = problem.open
        found = (1 << len(self.covers)) - 1
        for piece in problem.start.pieces:
            footprint = self.footprint_of[piece_items(piece)]
            allowed |= 1 << footprint
            found &= self.using[footprint]
        closed = ((1 << len(self.using)) - 1) & ~allowed
        # Strike out the covers of each closed footprint, or check each cover left:
        # whichever is fewer steps (the start's pieces leave few covers).
        if found.bit_count() < closed.bit_count():
            for number in bit_numbers(found):
                if self.footprints[number] & closed:
                    found ^= 1 << number
            return found
        blocked = 0
        for footprint in bit_numbers(closed):
            blocked |= self.using[footprint]
        return found & ~blocked


@cache
def _tiling_table() -> _TilingTable:
    """The table, built once by the search of the empty board (a few hundredths of a second)."""
    problem = cover_problem(State())
    assert problem is not None
    covers = tuple(_Search(problem, Budget()).covers())
    width = (len(covers) + 7) // 8
    bits = [bytearray(width) for _ in FOOTPRINT_ITEMS]
    for number, cover in enumerate(covers):
        for footprint in cover:
            bits[footprint][number >> 3] |= 1 << (number & 7)
    using = tuple(int.from_bytes(row, "little") for row in bits)
    footprints = tuple(sum(1 << footprint for footprint in cover) for cover in covers)
    footprint_of = {items: footprint for footprint, items in enumerate(FOOTPRINT_ITEMS)}
    return _TilingTable(covers, footprints, using, footprint_of)


@cache
def tilings() -> tuple[Tiling, ...]:
    """Every tiling of the empty board (found once): per piece of the tiling, in the
    search's order, every placement covering its cells, lowest orientation first.

    Any choice of one placement per piece is a solved board without pegs.

    >>> len(tilings()), len(tilings()[0])
    (5992, 8)
    >>> State(placements[-1] for placements in tilings()[0]).is_solved
    True
    """
    placements = [
        tuple(Placement(letter, col, row, orientation) for orientation, _, col, row in options)
        for letter, options in FOOTPRINT_OPTIONS
    ]
    return tuple(
        tuple(placements[footprint] for footprint in cover)
        for cover in _tiling_table().covers
    )


def _solution(problem: CoverProblem, cover: tuple[int, ...]) -> State:
    """The solved state of a cover: the start's pieces and pegs kept, as canonical pieces."""
    return State((*problem.start.placements, *map(problem.placement, cover)))


def iter_solutions(state: State, budget: Budget) -> Iterator[State]:
    """The solutions of *state*, searched for as the iterator is read, spending from *budget*.

    Each solution is a solved state (canonical pieces, then the pegs). The
    search stops quietly when *budget* runs out (``budget.exhausted`` then
    says so); a state that breaks a rule has none. :func:`find_solutions`
    is the form with limits of its own.

    >>> budget = Budget()
    >>> [str(s) for s in iter_solutions(State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7"), budget)]
    ['a7A7b6A5c1A1d2A6e2C3f3C2g4A7h6D0']
    >>> budget.exhausted, next(iter_solutions(State(), Budget(node_limit=0)), None)
    (False, None)
    """
    problem = cover_problem(state)
    if problem is None:
        return iter(())
    return (_solution(problem, cover) for cover in _Search(problem, budget).covers())


def _reads_table(
    node_limit: int | None, time_limit: float | None, progress: ProgressCallback | None
) -> bool:
    """Whether a listing or count reads the table of tilings: no node limit (a node count
    is the search's measure), no progress to report, and time for the table to be built
    (a few hundredths of a second, once) if it is not built yet."""
    if node_limit is not None or progress is not None:
        return False
    built = _tiling_table.cache_info().currsize > 0
    return time_limit is None or built or time_limit >= 1.0


def _table_solutions(state: State) -> Iterator[State]:
    """The solutions of *state* read from the table of tilings, in the table's order."""
    problem = cover_problem(state)
    if problem is None:
        return
    table = _tiling_table()
    placed = {table.footprint_of[piece_items(piece)] for piece in problem.start.pieces}
    covers = table.covers
    for number in bit_numbers(table.admitted(problem)):
        yield _solution(problem, tuple(f for f in covers[number] if f not in placed))


def _table_count(state: State) -> int:
    """How many solutions *state* has, read from the table of tilings."""
    problem = cover_problem(state)
    return 0 if problem is None else _tiling_table().admitted(problem).bit_count()


def has_one_solution(state: State, budget: Budget) -> bool:
    """Whether *state* has exactly one solution, spending from *budget* (meaningless once
    it ran out: check ``budget.exhausted``). Stops at the second solution, and builds none.

    >>> has_one_solution(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"), Budget())
    True
    >>> has_one_solution(State(), Budget()), has_one_solution(State.parse("a1A0b1C0"), Budget())
    (False, False)
    """
    problem = cover_problem(state)
    if problem is None:
        return False
    return sum(1 for _ in islice(_Search(problem, budget).covers(), 2)) == 1


@attrs.frozen
class Solutions:
    """What :func:`find_solutions` found, and whether it finished.

    >>> found = find_solutions(State.parse("i6B0j2B0j1C0k3C0l4B0l5C0"), node_limit=10_000)
    >>> len(found.solutions), found.complete, found.nodes > 0
    (1, True, True)
    """

    solutions: tuple[State, ...]
    """The solutions found, each a solved state (canonical pieces, then the pegs)."""
    complete: bool
    """Whether the search did all it was asked (no limit cut it short): then
    :attr:`solutions` holds every solution, or *max_solutions* of them."""
    nodes: int
    """Sub-problems the search expanded: the measure of how much search the start needs
    (0 when the answer is read from the table of tilings)."""
    seconds: float = attrs.field(default=0.0, eq=False)
    """How long it ran (not compared: equal searches take different times)."""


def find_solutions(
    state: State,
    *,
    max_solutions: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Solutions:
    """Find the solutions of *state*, up to *max_solutions*, within the limits.

    ``complete`` is ``False`` when a limit (or Ctrl-C, or a *progress*
    callback asking to stop) ended the search before it found
    *max_solutions* or explored every branch; the solutions found so far
    are kept. A state that breaks a rule has no solution.

    Without limits the solutions are read from the table of the 5992
    tilings of the empty board (built once, by the search): every solution
    is one of them with the pegs fitted, so the start's pegs and pieces
    only strike out the tilings they rule out. A time limit of a second or
    more reads the table too; with a node limit, a shorter time limit or a
    *progress* callback the search runs (and counts its nodes). Both give the
    same solutions, in their own orders.

    >>> found = find_solutions(State(), max_solutions=3)
    >>> len(found.solutions), found.complete
    (3, True)
    >>> find_solutions(State(), node_limit=10).complete
    False
    """
    if max_solutions is not None:
        check_int("max_solutions", max_solutions, minimum=1)
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    from_table = _reads_table(node_limit, time_limit, progress)
    found: list[State] = []
    try:
        for solution in _table_solutions(state) if from_table else iter_solutions(state, budget):
            found.append(solution)
            if len(found) == max_solutions:
                break
    except KeyboardInterrupt:
        budget.interrupt()
    return Solutions(tuple(found), not budget.exhausted, budget.nodes, budget.elapsed)


def completion(state: State, budget: Budget) -> tuple[Placement, ...] | None:
    """The canonical placements completing *state* in its first solution, in piece order;
    ``None`` when there is none or *budget* ran out first (``budget.exhausted`` says which).

    :func:`solve` is the form with limits of its own.

    >>> completion(State.parse("a7A7b6A7c1A3d2A6e2C3f3C2i6B0"), Budget())
    (Placement.parse('g4A7'), Placement.parse('h6D0'))
    >>> budget = Budget(node_limit=0)
    >>> completion(State(), budget), budget.exhausted
    (None, True)
    """
    problem = cover_problem(state)
    if problem is None:
        return None
    try:
        cover = next(_Search(problem, budget).covers(), None)
    except KeyboardInterrupt:
        budget.interrupt()
        return None
    if cover is None:
        return None
    return tuple(sorted(map(problem.placement, cover), key=lambda move: move.piece))


def solve(
    state: State,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> SearchResult[State, Placement]:
    """Complete *state*: the piece placements to add, and the solved state they reach.

    The start's pieces stay as given; the added ones are canonical, in piece
    order. With ``complete=True`` the result is a solution, or a proof that
    there is none (no moves, ``final`` is the start, ``proved_unsolvable``
    true); a limit (or Ctrl-C) gives ``complete=False`` and no moves.

    >>> result = solve(State.parse("i7D0j7A0k5B0k5C0l3A0l3D0"))
    >>> print(result.final.grid())
    hhhecccc
    ddgeeaaa
    ddggfbba
    dggfffbb
    >>> [str(move) for move in result.moves][:3], result.complete
    (['a6B0', 'b6C0', 'c5A2'], True)
    >>> solve(State.parse("a1A0b1C0")).proved_unsolvable
    True
    """
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    moves = completion(state, budget) or ()
    final = State((*state.placements, *moves)) if moves else state
    return SearchResult(state, moves, final, not budget.exhausted, budget.nodes, budget.elapsed)


def solution_count(state: State, budget: Budget) -> int:
    """How many canonical solutions *state* has, spending from *budget*.

    The search stops quietly when *budget* runs out, and the count is then
    short (``budget.exhausted`` says so); a state that breaks a rule has
    none and takes no nodes. :func:`count_solutions` is the form with
    limits of its own.

    >>> budget = Budget()
    >>> solution_count(State.parse("i6B0j2B0j1C0k3C0l4B0l5C0"), budget), budget.exhausted
    (1, False)
    """
    problem = cover_problem(state)
    if problem is None:
        return 0
    return _Search(problem, budget).count()


def count_solutions(
    state: State,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> int:
    """How many canonical solutions *state* has (distinct tilings once the pegs are fitted).

    Raises :class:`~puzzlekit.LimitReached` when a limit stops the count.
    Without limits the count is read from the table of tilings (as in
    :func:`find_solutions`): a fraction of a millisecond for any start, once
    the table is built (the search of the empty board, a few hundredths of a
    second, on the first call); so it is with a time limit of a second or
    more. With a node limit, a shorter time limit or *progress* the search counts.

    >>> count_solutions(State())
    5992
    >>> count_solutions(State(), node_limit=100)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.LimitReached: count_solutions stopped by its node limit after 101 nodes, ...
    """
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    if _reads_table(node_limit, time_limit, progress):
        return _table_count(state)
    try:
        total = solution_count(state, budget)
    except KeyboardInterrupt:
        budget.interrupt()
    if budget.exhausted:
        raise budget.limit_reached("count_solutions")
    return total


def hint(
    state: State, *, node_limit: int | None = None, time_limit: float | None = None
) -> Placement | None:
    """A piece placement on the way to a solution: the missing piece first in a-h order.

    ``None`` when the state :attr:`~State.is_over` (no piece can be placed);
    :class:`~puzzlekit.UnsolvableError` when the state is proved to have no
    solution, :class:`~puzzlekit.LimitReached` when a limit stops the search.

    >>> hint(State.parse("b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"))
    Placement.parse('a7A7')
    >>> hint(State.parse("a1A0b1C0"))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: a1A0b1C0 has no solution
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a State, not {type(state).__name__}")
    if state.is_over:
        return None
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    moves = completion(state, budget)
    if budget.exhausted:
        raise budget.limit_reached("hint")
    if moves is None:
        raise UnsolvableError(f"{state} has no solution")
    return moves[0]
