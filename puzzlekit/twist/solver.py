"""Solving IQ-Twist: an exact-cover search on bitsets.

Every cell still to cover and every piece still to place is an *item*
(bit ``col * 4 + row`` for a cell, ``32 + i`` for piece ``i``). The
candidates are the *footprints*: a piece on a set of cells, whatever the
orientation that puts it there (632 on the empty board). Per footprint the
tables hold its items as an int, and per item the set of footprints
covering it as a bitset (an int with bit ``j`` for footprint ``j``), so that

* the footprints still open at a node are one int, and choosing footprint
  ``j`` removes every footprint sharing an item with it in one ``&~``;
* the number of open footprints covering an item is one ``bit_count()``.

The search (Knuth's Algorithm X, iterative with an explicit stack) branches
on the item with the fewest open footprints (a cell or a piece), stopping
at once when one has none: a cell nothing can fill or a piece that no
longer fits. A start removes the footprints that overlap its pieces, that
use its pieces, or that cover a peg with no orientation putting a hole of
the peg's colour there; a solution gives each footprint its lowest such
orientation, which is the canonical rule, so each tiling is found once.

>>> from puzzlekit.twist import State
>>> solve(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))
State.parse('a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0')
>>> count_solutions(State.parse("i6B0j2B0j1C0k3C0l4B0l5C0"))
1
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import attrs

from puzzlekit.limits import Budget
from puzzlekit.twist.pieces import COLOUR, HEIGHT, ON_BOARD, PIECES, WIDTH
from puzzlekit.twist.state import Placement, State

__all__ = ["SearchResult", "count_solutions", "hint", "search", "solve"]

_CELLS = WIDTH * HEIGHT
_ITEMS = _CELLS + len(PIECES)

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
    """Per item the footprints covering it; per footprint those sharing an item with it
    (itself included); per (cell, colour) the footprints of that colour with a hole
    there in some orientation, which may cover a peg of that colour on that cell."""
    covering = [0] * _ITEMS
    for footprint, mask in enumerate(_FOOTPRINT_ITEMS):
        for item in _bits(mask):
            covering[item] |= 1 << footprint
    clashing = [0] * len(_FOOTPRINT_ITEMS)
    for footprint, mask in enumerate(_FOOTPRINT_ITEMS):
        for item in _bits(mask):
            clashing[footprint] |= covering[item]
    holding: dict[tuple[int, str], int] = {}
    for footprint, (letter, options) in enumerate(_FOOTPRINT_OPTIONS):
        for option in options:
            for item in _bits(option[1]):
                key = (item, COLOUR[letter])
                holding[key] = holding.get(key, 0) | 1 << footprint
    return covering, clashing, holding


_FOOTPRINT_ITEMS, _FOOTPRINT_OPTIONS = _footprints()
_COVERING, _CLASHING, _HOLDING = _tables()
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

    def placement(self, footprint: int) -> Placement:
        """The canonical placement of an open footprint."""
        option = self.orientation(footprint)
        assert option is not None, "open footprints have a legal orientation"
        orientation, _, col, row = option
        return Placement(_FOOTPRINT_OPTIONS[footprint][0], col, row, orientation)


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
    """The open footprints covering the item that fewest of them cover (0: a dead end)."""
    best = 0
    fewest = len(_FOOTPRINT_ITEMS) + 1
    while items:
        low = items & -items
        items ^= low
        covering = open_ & _COVERING_BIT[low]
        count = covering.bit_count()
        if count < fewest:
            if count <= 1:
                return covering
            best, fewest = covering, count
    return best


def _covers(problem: _Problem, budget: Budget) -> Iterator[list[int]]:
    """Yield each exact cover (the chosen footprints) until *budget* runs out."""
    if not problem.items:
        yield []
        return
    path: list[int] = []
    # A frame: the options not tried yet at this depth, the node's open footprints and items.
    stack = [[_choose(problem.open, problem.items), problem.open, problem.items]]
    while stack:
        frame = stack[-1]
        options: int = frame[0]
        if not options:
            stack.pop()
            if path:
                path.pop()
            continue
        low = options & -options
        frame[0] = options ^ low
        if budget.spend():
            return
        chosen = low.bit_length() - 1
        items = frame[2] & ~_FOOTPRINT_ITEMS[chosen]
        if not items:
            yield [*path, chosen]
            continue
        open_ = frame[1] & ~_CLASHING[chosen]
        branch = _choose(open_, items)
        if branch:
            path.append(chosen)
            stack.append([branch, open_, items])


@cache
def _tilings() -> tuple[tuple[int, ...], ...]:
    """Every tiling of the empty board, as footprint numbers (computed once, ~0.3 s)."""
    problem = _problem(State())
    assert problem is not None
    return tuple(tuple(cover) for cover in _covers(problem, Budget()))


def _solution(problem: _Problem, cover: list[int]) -> State:
    found = (problem.placement(footprint) for footprint in cover)
    return State((*problem.start.placements, *found))


@attrs.frozen
class SearchResult:
    """What a search found and whether it finished.

    >>> result = search(State.parse("i6B0j2B0j1C0k3C0l4B0l5C0"))
    >>> len(result.solutions), result.complete, result.nodes > 0
    (1, True, True)
    """

    solutions: tuple[State, ...]
    """The solutions found, each a solved state (canonical pieces, then the pegs)."""
    complete: bool
    """Whether the search explored everything asked (no limit cut it short)."""
    nodes: int
    """Placements tried: the measure of how much search the start needs."""


def search(
    state: State,
    *,
    max_solutions: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> SearchResult:
    """Find the solutions of *state*, up to *max_solutions*, within the limits.

    ``complete`` is ``False`` when a limit stopped the search before it
    found *max_solutions* or explored every branch.

    >>> result = search(State(), max_solutions=3)
    >>> len(result.solutions), result.complete
    (3, True)
    >>> search(State(), node_limit=10).complete
    False
    """
    if max_solutions is not None and (
        isinstance(max_solutions, bool) or not isinstance(max_solutions, int)
    ):
        raise TypeError(f"max_solutions must be an int or None, not {max_solutions!r}")
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    problem = _problem(state)
    if problem is None:
        return SearchResult((), True, 0)
    found: list[State] = []
    complete = True
    if max_solutions is None or max_solutions > 0:
        for cover in _covers(problem, budget):
            found.append(_solution(problem, cover))
            if len(found) == max_solutions:
                break
        complete = not budget.exhausted
    return SearchResult(tuple(found), complete, budget.nodes)


def solve(
    state: State, *, node_limit: int | None = None, time_limit: float | None = None
) -> State | None:
    """The first solution of *state*, or ``None`` (no solution, or a limit was reached first).

    Use :func:`search` to tell those two apart.

    >>> print(solve(State.parse("i7D0j7A0k5B0k5C0l3A0l3D0")).grid())
    hhhecccc
    ddgeeaaa
    ddggfbba
    dggfffbb
    """
    result = search(state, max_solutions=1, node_limit=node_limit, time_limit=time_limit)
    return result.solutions[0] if result.solutions else None


def count_solutions(state: State) -> int:
    """How many canonical solutions *state* has (distinct tilings once the pegs are fitted).

    Without limits: the empty board, with every placement open, is the most
    work any start can take and counts its 5992 tilings in well under a second.

    >>> count_solutions(State())
    5992
    """
    problem = _problem(state)
    if problem is None:
        return 0
    return sum(1 for _ in _covers(problem, Budget()))


def hint(
    state: State, *, node_limit: int | None = None, time_limit: float | None = None
) -> Placement | None:
    """A piece placement on the way to a solution: the missing piece first in a-h order.

    ``None`` when the state is solved, has no solution, or a limit was reached.

    >>> hint(State.parse("b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"))
    Placement.parse('a7A7')
    """
    missing = state.missing_pieces()
    if not missing:
        return None
    solution = solve(state, node_limit=node_limit, time_limit=time_limit)
    return None if solution is None else solution.piece(missing[0])
