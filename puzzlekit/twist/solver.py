"""Solving IQ-Twist: an exact-cover search on bitsets that remembers its sub-problems.

Every cell still to cover and every piece still to place is an *item*
(bit ``col * 4 + row`` for a cell, ``32 + i`` for piece ``i``). The
candidates are the *footprints*: a piece on a set of cells, whatever the
orientation that puts it there (632 on the empty board). Per footprint the
tables hold its items as an int, and per item the set of footprints
covering it as a bitset (an int with bit ``j`` for footprint ``j``), so that

* the footprints still open at a node are one int, and choosing footprint
  ``j`` keeps only those sharing no item with it in one ``&``;
* the number of open footprints covering a cell is one ``bit_count()``.

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

A start removes the footprints that overlap its pieces, that use its
pieces, or that cover a peg with no orientation putting a hole of the
peg's colour there; a solution gives each footprint its lowest such
orientation, which is the canonical rule, so each tiling is found once.

>>> from puzzlekit.twist import State
>>> result = solve(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))
>>> result.complete, result.final.is_solved, result.replayed() == result.final
(True, True, True)
>>> count_solutions(State.parse("i6B0j2B0j1C0k3C0l4B0l5C0"))
1
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, cached_property
from typing import Any

import attrs

from puzzlekit.contract import SearchResult
from puzzlekit.errors import UnsolvableError
from puzzlekit.grid import check_int
from puzzlekit.limits import Budget, ProgressCallback
from puzzlekit.twist.pieces import COLOUR, HEIGHT, ON_BOARD, PIECES, WIDTH
from puzzlekit.twist.state import Placement, State

__all__ = ["Solutions", "count_solutions", "find_solutions", "hint", "solve"]

_CELLS = WIDTH * HEIGHT
_ITEMS = _CELLS + len(PIECES)
_CELL_ITEMS = (1 << _CELLS) - 1
_GOOD_ENOUGH = 2
"""A cell with this many open footprints or fewer is branched on without looking further."""

Option = tuple[int, int, int, int]
"""One orientation putting a piece on a footprint: ``(orientation, hole mask, col, row)``."""


def _cell_item(row: int, col: int) -> int:
    """The item number of a cell: column by column, so the lowest open one is leftmost."""
    return col * HEIGHT + row


def _bit(row: int, col: int) -> int:
    return 1 << _cell_item(row, col)


def _footprints() -> tuple[list[int], list[tuple[str, tuple[Option, ...]]]]:
    """Every footprint's items, and its piece and orientations (lowest first)."""
    items: list[int] = []
    options: list[tuple[str, tuple[Option, ...]]] = []
    for index, letter in enumerate(PIECES):
        by_mask: dict[int, list[Option]] = {}
        for orientation, row, col, cells, holes in ON_BOARD[letter]:
            mask = sum(_bit(r, c) for r, c in cells)
            hole_mask = sum(_bit(r, c) for r, c in holes)
            by_mask.setdefault(mask, []).append((orientation, hole_mask, col, row))
        for mask, found in by_mask.items():
            items.append(mask | 1 << (_CELLS + index))
            options.append((letter, tuple(found)))
    return items, options


def _bits(value: int) -> Iterator[int]:
    while value:
        low = value & -value
        yield low.bit_length() - 1
        value ^= low


def _tables() -> tuple[list[int], list[int], dict[tuple[int, str], int]]:
    """Per item the footprints covering it; per footprint those sharing no item with it;
    per (cell, colour) the footprints of that colour with a hole there in some
    orientation, which may cover a peg of that colour on that cell."""
    covering = [0] * _ITEMS
    for footprint, mask in enumerate(_FOOTPRINT_ITEMS):
        for item in _bits(mask):
            covering[item] |= 1 << footprint
    every = (1 << len(_FOOTPRINT_ITEMS)) - 1
    compatible = [every] * len(_FOOTPRINT_ITEMS)
    for footprint, mask in enumerate(_FOOTPRINT_ITEMS):
        for item in _bits(mask):
            # Kept positive: ``&`` with a negative int (``& ~clashing``) is slower.
            compatible[footprint] &= every ^ covering[item]
    holding: dict[tuple[int, str], int] = {}
    for footprint, (letter, options) in enumerate(_FOOTPRINT_OPTIONS):
        for option in options:
            for item in _bits(option[1]):
                key = (item, COLOUR[letter])
                holding[key] = holding.get(key, 0) | 1 << footprint
    return covering, compatible, holding


_FOOTPRINT_ITEMS, _FOOTPRINT_OPTIONS = _footprints()
_COVERING, _COMPATIBLE, _HOLDING = _tables()
_COVERING_BIT = {1 << item: footprints for item, footprints in enumerate(_COVERING)}
"""``_COVERING`` keyed by the item's bit, for the inner loop."""
_ALL_FOOTPRINTS = (1 << len(_FOOTPRINT_ITEMS)) - 1


@attrs.frozen
class _Problem:
    """One start as an exact-cover problem: open footprints, items to cover, the pegs."""

    open: int
    items: int
    start: State
    """The start, its pieces in canonical orientations."""
    pegs: int
    """The cells of all pegs."""
    colour_pegs: dict[str, int]
    """Per colour, the cells of its pegs."""

    def orientation(self, footprint: int) -> Option | None:
        """The lowest orientation putting *footprint* on the board legally with the pegs."""
        letter, options = _FOOTPRINT_OPTIONS[footprint]
        under = _FOOTPRINT_ITEMS[footprint] & self.pegs
        mine = self.colour_pegs.get(COLOUR[letter], 0)
        # Every peg under the piece must sit in a hole, and be of the piece's colour.
        return next((option for option in options if not under & ~(option[1] & mine)), None)

    @cached_property
    def _placements(self) -> dict[int, Placement]:
        return {}

    def placement(self, footprint: int) -> Placement:
        """The canonical placement of an open footprint (built once per problem)."""
        found = self._placements.get(footprint)
        if found is None:
            option = self.orientation(footprint)
            assert option is not None, "open footprints have a legal orientation"
            orientation, _, col, row = option
            found = Placement(_FOOTPRINT_OPTIONS[footprint][0], col, row, orientation)
            self._placements[footprint] = found
        return found


def _problem(state: State) -> _Problem | None:
    """The exact-cover form of *state*, or ``None`` when the state breaks a rule."""
    if not isinstance(state, State):
        raise TypeError(f"expected a State, not {type(state).__name__}")
    if not state.is_valid():
        return None
    items = (1 << _ITEMS) - 1
    for piece in state.pieces:
        items &= ~(1 << (_CELLS + PIECES.index(piece.piece)))
        for row, col in piece.cells:
            items &= ~_bit(row, col)
    open_ = _ALL_FOOTPRINTS
    for item in _bits(~items & ((1 << _ITEMS) - 1)):
        open_ &= ~_COVERING[item]
    all_pegs = once = twice = 0
    colour_pegs: dict[str, int] = {}
    for peg in state.pegs:
        item = _cell_item(peg.row, peg.col)
        all_pegs |= 1 << item
        colour_pegs[peg.colour] = colour_pegs.get(peg.colour, 0) | 1 << item
        # Only footprints of the peg's colour with a hole on it may cover it.
        open_ &= ~_COVERING[item] | _HOLDING.get((item, peg.colour), 0)
        twice |= once & _COVERING[item]
        once |= _COVERING[item]
    problem = _Problem(open_, items, state.canonical(), all_pegs, colour_pegs)
    # A footprint over two pegs needs one orientation with holes under both.
    for footprint in _bits(open_ & twice):
        if problem.orientation(footprint) is None:
            open_ &= ~(1 << footprint)
    return attrs.evolve(problem, open=open_)


def _choose(open_: int, items: int) -> int:
    """The open footprints covering the cell that fewest of them cover (0: a dead end).

    Cells are scanned leftmost column first, and one with at most
    :data:`_GOOD_ENOUGH` footprints is taken at once: finding the true
    minimum costs more than the few extra nodes it would save.
    """
    return _fewest_covering(open_, items & _CELL_ITEMS, _GOOD_ENOUGH)


def _fewest_covering(open_: int, items: int, good_enough: int) -> int:
    """The open footprints covering the item of *items* (a cell or a piece) that fewest
    of them cover, scanning items lowest bit first and taking at once one with at most
    *good_enough* (0: some item has none, a dead end)."""
    best = 0
    fewest = len(_FOOTPRINT_ITEMS) + 1
    while items:
        low = items & -items
        items ^= low
        covering = open_ & _COVERING_BIT[low]
        count = covering.bit_count()
        if count < fewest:
            if count <= good_enough:
                return covering
            best, fewest = covering, count
    return best


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

    def __init__(self, problem: _Problem, budget: Budget) -> None:
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
                items = frame[1] ^ _FOOTPRINT_ITEMS[footprint]
                known = solved.get(items, False)
                if known is False:
                    if budget.spend():
                        return
                    open_ = frame[2] & _COMPATIBLE[footprint]
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


@cache
def _tilings() -> tuple[tuple[int, ...], ...]:
    """Every tiling of the empty board, as footprint numbers (computed once)."""
    problem = _problem(State())
    assert problem is not None
    return tuple(_Search(problem, Budget()).covers())


def _solution(problem: _Problem, cover: tuple[int, ...]) -> State:
    """The solved state of a cover: the start's pieces and pegs kept, as canonical pieces."""
    return State((*problem.start.placements, *map(problem.placement, cover)))


@attrs.frozen
class Solutions:
    """What :func:`find_solutions` found, and whether it finished.

    >>> found = find_solutions(State.parse("i6B0j2B0j1C0k3C0l4B0l5C0"))
    >>> len(found.solutions), found.complete, found.nodes > 0
    (1, True, True)
    """

    solutions: tuple[State, ...]
    """The solutions found, each a solved state (canonical pieces, then the pegs)."""
    complete: bool
    """Whether the search did all it was asked (no limit cut it short): then
    :attr:`solutions` holds every solution, or *max_solutions* of them."""
    nodes: int
    """Sub-problems the search expanded: the measure of how much search the start needs."""
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

    >>> found = find_solutions(State(), max_solutions=3)
    >>> len(found.solutions), found.complete
    (3, True)
    >>> find_solutions(State(), node_limit=10).complete
    False
    """
    if max_solutions is not None:
        check_int("max_solutions", max_solutions, minimum=1)
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    problem = _problem(state)
    if problem is None:
        return Solutions((), True, 0, budget.elapsed)
    found: list[State] = []
    try:
        for cover in _Search(problem, budget).covers():
            found.append(_solution(problem, cover))
            if len(found) == max_solutions:
                break
    except KeyboardInterrupt:
        budget.interrupt()
    return Solutions(tuple(found), not budget.exhausted, budget.nodes, budget.elapsed)


def _completion(state: State, budget: Budget) -> tuple[Placement, ...] | None:
    """The canonical placements completing *state* in its first solution, in piece order;
    ``None`` when there is none or *budget* ran out first (``budget.exhausted`` says which)."""
    problem = _problem(state)
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
    moves = _completion(state, budget) or ()
    final = State((*state.placements, *moves)) if moves else state
    return SearchResult(state, moves, final, not budget.exhausted, budget.nodes, budget.elapsed)


def count_solutions(
    state: State,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> int:
    """How many canonical solutions *state* has (distinct tilings once the pegs are fitted).

    Raises :class:`~puzzlekit.LimitReached` when a limit stops the count.
    The empty board, with every placement open, is the most work any start
    can take, and counts its 5992 tilings in a few hundredths of a second.

    >>> count_solutions(State())
    5992
    >>> count_solutions(State(), node_limit=100)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.LimitReached: count_solutions stopped by its node limit after 101 nodes, ...
    """
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    problem = _problem(state)
    if problem is None:
        return 0
    try:
        total = _Search(problem, budget).count()
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
    moves = _completion(state, budget)
    if budget.exhausted:
        raise budget.limit_reached("hint")
    if moves is None:
        raise UnsolvableError(f"{state} has no solution")
    return moves[0]
