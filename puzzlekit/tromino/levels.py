"""Levels: tileable boards graded by how a person would tile them.

The grade comes from a solve that plays like a careful person
(:func:`walkthrough`). While some free cell has only one tromino left that
fits around it, that tromino goes in: a *forced* move. When none has, the
person looks at a cell with the fewest trominoes left (the first in reading
order) and tries each of them in their head, following the forced moves it
leads to: a tromino that ends with a cell no tromino fits is ruled out. One
left: a *deduced* move. Several left: a *guess*; the ones among them that
lead nowhere all the same (the exact search proves it) are *traps*, the
mistakes a person can make without seeing them. The walkthrough goes on
with the first guess that can be completed.

The grade, on :data:`GRADES`, counts the traps against the moves, so that
it means the same on a larger board:

* ``easy``: at most one trap in :data:`EASY_MOVES` (20) moves, so none on
  boards of fewer than 20 moves, such as 8 x 8: thinking one step ahead
  where no move is forced always finds a safe tromino;
* ``medium``: at most one trap in :data:`MEDIUM_MOVES` (7) moves, and not
  easy;
* ``hard``: more traps than that.

Hard boards take more work to solve, for people and for programs: on 30
generated 8 x 8 levels a grade, the exact search, trying trominoes in random
orders, expands on average 24.5 nodes for easy levels, 28.1 for medium and
38.8 for hard ones (the tests check that this effort grows with the grade).

:func:`generate` draws boards from :func:`~puzzlekit.tromino.random_tiling`
until one has the grade asked for; the tiling it was built with is the
level's witness.

>>> level = generate("medium", seed=3)
>>> level.grade, grade_of(level.start), level.replayed().is_solved
('medium', 'medium', True)
"""

from __future__ import annotations

import random
import time
from typing import Final

import attrs

from puzzlekit.contract import Level
from puzzlekit.errors import ArgumentError, LimitReached, UnsolvableError
from puzzlekit.levels import GRADES as SHARED_GRADES
from puzzlekit.levels import check_grade, draw
from puzzlekit.limits import Budget, ProgressCallback
from puzzlekit.tromino.board import (
    BLOCK_CELLS,
    Board,
    Tromino,
    anchor_masks,
    bit_indices,
    cells_mask,
    full_mask,
)
from puzzlekit.tromino.params import Params, check_playable, params_or_default
from puzzlekit.tromino.shuffle import build_tiling
from puzzlekit.tromino.solver import check_search_size, connected_region, tile_free_cells
from puzzlekit.tromino.tiling import Tiling

__all__ = ["EASY_MOVES", "GRADES", "MEDIUM_MOVES", "Walkthrough", "generate", "grade_of",
           "walkthrough"]

GRADES: Final = SHARED_GRADES
"""The grades of tromino levels, easiest first (the shared scale).

>>> GRADES
('easy', 'medium', 'hard')
"""

EASY_MOVES = 20
"""An easy board has at most one trap in this many moves (none under 20 moves)."""

MEDIUM_MOVES = 7
"""A medium board has at most one trap in this many moves (and is not easy)."""

_REPAIR_REACH = 4  # cells around a guess whose plan trominoes are laid again, at most
_WALK_NODES = 100_000  # generate() passes over a board whose walkthrough takes more
# generate() without limits: local moves and search nodes, fewer on small boards (whose
# few boards are soon all seen when a grade is out of their reach)
_DEFAULT_NODE_LIMIT = 2_000_000
_DEFAULT_NODES_PER_CELL = 10_000
_SMALL_CELLS = 64  # boards of fewer cells get fewer nodes a cell too, in proportion


@attrs.frozen
class Walkthrough:
    """How a careful person tiles a board (see :mod:`puzzlekit.tromino.levels`).

    >>> walkthrough(Board(2, 2, [(0, 0)]))
    Walkthrough(moves=(Tromino.parse('0,0 nw'),), forced=1, deduced=0, guesses=0, traps=0)
    """

    moves: tuple[Tromino, ...]
    """The trominoes in the order placed: a tiling of the board."""
    forced: int
    """Moves made because a free cell had one tromino left around it."""
    deduced: int
    """Moves made because trying the other trominoes of a cell ran into a dead end."""
    guesses: int
    """Moves where several trominoes of the cell survived trying them."""
    traps: int
    """Trominoes at guesses that survive trying but cannot be completed."""

    @property
    def grade(self) -> str:
        """The grade on :data:`GRADES` (see :mod:`puzzlekit.tromino.levels`).

        >>> walkthrough(Board(2, 2, [(0, 0)])).grade
        'easy'
        """
        moves = len(self.moves)
        if self.traps * EASY_MOVES > moves:
            return "hard" if self.traps * MEDIUM_MOVES > moves else "medium"
        return "easy"


class _Player:
    """The walkthrough on a bitboard of free cells (stride ``width + 1``)."""

    def __init__(self, height: int, width: int, budget: Budget) -> None:
        self.height, self.width, self.budget = height, width, budget
        self.full = full_mask(height, width)
        self.stride = stride = width + 1
        self.offsets = [[dr * stride + dc for dr, dc in cells] for cells in BLOCK_CELLS]
        self.patterns = [sum(1 << offset for offset in offsets) for offsets in self.offsets]

    def counts(self, free: int) -> tuple[tuple[int, int, int, int], int, int, int]:
        """The anchors of each orientation and the cells covered by at least one, two
        and three trominoes that fit."""
        anchors = anchor_masks(free, self.width)
        once = twice = thrice = 0
        for anchor, offsets in zip(anchors, self.offsets, strict=True):
            for offset in offsets:
                cover = anchor << offset
                thrice |= twice & cover
                twice |= once & cover
                once |= cover
        return anchors, once, twice, thrice

    def options(self, anchors: tuple[int, int, int, int], cell: int) -> list[int]:
        """The masks of the trominoes that fit around bit *cell*."""
        found = []
        for anchor, offsets, pattern in zip(anchors, self.offsets, self.patterns, strict=True):
            for offset in offsets:
                if cell >= offset and anchor >> (cell - offset) & 1:
                    found.append(pattern << (cell - offset))
        return found

    def forced(self, free: int) -> int | None:
        """The free cells once every forced move is made, or ``None`` when they lead to a
        cell no tromino fits around."""
        while free:
            if self.budget.spend():
                raise self.budget.limit_reached("grade_of")
            anchors, once, twice, _ = self.counts(free)
            if free & ~once:
                return None
            single = free & ~twice
            if not single:
                return free
            cell = (single & -single).bit_length() - 1
            free ^= self.options(anchors, cell)[0]
        return free

    def tiling(self, free: int) -> set[int] | None:
        """The masks of a tiling of *free*, or ``None`` when there is none."""
        blocked = [divmod(index, self.stride) for index in bit_indices(self.full & ~free)]
        found = tile_free_cells(self.height, self.width, blocked, self.budget, what="grade_of")
        if found is None:
            return None
        stride = self.stride
        return {sum(1 << (row * stride + col) for row, col in cells) for cells in found}

    def after(self, free: int, move: int, plan: set[int]) -> set[int] | None:
        """A tiling of *free* (which *plan* tiles) that uses *move*, or ``None`` when
        there is none.

        First the trominoes of the plan near the move are laid again around it (a
        small search, which nearly always succeeds when the move is good); else the
        exact search decides on the region of free cells around the move."""
        if move in plan:
            return plan
        stride = self.stride
        near = move
        for step in range(1, _REPAIR_REACH + 1):
            near = (near | near << 1 | near >> 1 | near << stride | near >> stride) & free
            if step % 2 == 0:  # 2 and 4 cells around
                patch = 0
                for mask in plan:
                    if mask & near:
                        patch |= mask
                found = self.tiling(patch ^ move)
                if found is not None:
                    return {mask for mask in plan if not mask & patch} | found | {move}
        region = connected_region(move, free, stride)
        found = self.tiling(region ^ move)
        if found is None:
            return None
        return {mask for mask in plan if not mask & region} | found | {move}

    def walk(self, free: int, plan: set[int]) -> Walkthrough:
        """Walk through tiling *free*; *plan*, a tiling of it, is kept a tiling of the
        cells left (forced and deduced moves are in every tiling)."""
        placed: list[int] = []
        forced = deduced = guesses = traps = 0
        while free:
            if self.budget.spend():
                raise self.budget.limit_reached("grade_of")
            anchors, _, twice, thrice = self.counts(free)
            single = free & ~twice
            if single:
                cell = (single & -single).bit_length() - 1
                move = self.options(anchors, cell)[0]
                forced += 1
            else:
                fewest = free & ~thrice or free
                cell = (fewest & -fewest).bit_length() - 1
                alive = [mask for mask in self.options(anchors, cell)
                         if self.forced(free ^ mask) is not None]
                if len(alive) == 1:
                    move = alive[0]
                    deduced += 1
                else:
                    plans = [self.after(free, mask, plan) for mask in alive]
                    move, plan = next((mask, found) for mask, found in zip(alive, plans,
                                                                            strict=True)
                                      if found is not None)
                    guesses += 1
                    traps += plans.count(None)
            plan.remove(move)
            placed.append(move)
            free ^= move
        return Walkthrough(tuple(self.tromino(mask) for mask in placed), forced, deduced,
                           guesses, traps)

    def tromino(self, mask: int) -> Tromino:
        return Tromino([divmod(index, self.stride) for index in bit_indices(mask)])


def walkthrough(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> Walkthrough:
    """How a careful person tiles the free cells of *board* (see
    :mod:`puzzlekit.tromino.levels`): the moves and how many were forced, deduced
    and guessed. Raises :class:`~puzzlekit.UnsolvableError` when the free cells
    cannot be tiled and :class:`~puzzlekit.LimitReached` when a limit (counting
    the player's steps and the search's nodes) stops it first. Meant for boards
    of up to about 16 x 16 that people play.

    >>> steps = walkthrough(Board.parse("......\\n......\\n......\\n...#..\\n##...."))
    >>> steps.forced, steps.deduced, steps.guesses, steps.traps, steps.grade
    (2, 4, 3, 3, 'hard')
    """
    if not isinstance(board, Board):
        raise TypeError(f"walkthrough() needs a Board, not {type(board).__name__}")
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    check_search_size(board.height, board.width)  # before the cell lists of a huge board
    return _walk(board, budget)


def _walk(board: Board, budget: Budget, tiling: tuple[Tromino, ...] | None = None) -> Walkthrough:
    """The walkthrough of *board*; *tiling*, when known, tiles its free cells."""
    player = _Player(board.height, board.width, budget)
    free = cells_mask(board.free_cells, board.height, board.width)
    if tiling is None:
        plan = player.tiling(free)
        if plan is None:
            raise UnsolvableError("the free cells cannot be tiled")
    else:
        stride = board.width + 1
        plan = {sum(1 << (row * stride + col) for row, col in tromino.cells)
                for tromino in tiling}
    return player.walk(free, plan)


def grade_of(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> str:
    """The grade of *board* on :data:`GRADES`, from :func:`walkthrough` (deterministic).

    >>> grade_of(Board(2, 2, [(0, 0)]))
    'easy'
    >>> grade_of(Board(2, 3, [(0, 1), (1, 1)]))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: the free cells cannot be tiled
    """
    return walkthrough(board, node_limit=node_limit, time_limit=time_limit).grade


def _capped_walk(tiling: Tiling, budget: Budget) -> str | None:
    """The grade of *tiling*'s board, or ``None`` when its walkthrough would take more
    than :data:`_WALK_NODES` nodes (a rare board whose searches run long is passed
    over rather than let it spend the whole budget). The nodes count in *budget*."""
    node_limit = _WALK_NODES
    if budget.node_limit is not None:
        node_limit = min(node_limit, budget.node_limit - budget.nodes)
    time_limit = None
    if budget.time_limit is not None:
        time_limit = max(0.0, budget.time_limit - (time.perf_counter() - budget.started))
    walk_budget = Budget(node_limit=max(0, node_limit), time_limit=time_limit)
    try:
        return _walk(tiling.board, walk_budget, tiling.trominoes).grade
    except LimitReached:
        return None
    finally:
        budget.spend(walk_budget.nodes)


def generate(
    grade: str,
    params: Params | None = None,
    *,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Level[Board, Tromino]:
    """A level of *grade*: a tileable board of *params* (``None``: the ``default``
    preset, 8x8 with 10 holes), graded by :func:`grade_of`, with a tiling as its
    witness (each tromino a legal move).

    Boards are drawn from :func:`~puzzlekit.tromino.random_tiling` until one has
    the grade (a board whose walkthrough takes over 100,000 nodes is passed
    over); the same *seed* gives the same level. Without limits it stops after
    10,000 nodes a cell (fewer on boards under 64 cells, which have few boards
    to draw), at most 2,000,000 (local moves, player steps and search nodes),
    and raises :class:`~puzzlekit.LimitReached`, as for a grade the size
    cannot reach. A board with one tromino to place has only easy levels:
    another grade is an :class:`~puzzlekit.ArgumentError`.
    Meant for boards up to about 16 x 16 (a level a second or two there).
    Params no board can have (nothing to tile, cells to cover not a multiple
    of 3) are an :class:`~puzzlekit.ArgumentError`.

    >>> level = generate("hard", seed=1)
    >>> level.grade, len(level.start.holes), len(level.witness)
    ('hard', 10, 18)
    >>> from puzzlekit.tromino import Params, params_of
    >>> params_of(generate("easy", Params(6, 6, holes=3), seed=2).start)
    Params(width=6, height=6, holes=3)
    """
    check_grade(grade, GRADES)
    params = params_or_default(params)
    check_playable(params)
    height, width, holes = params.height, params.width, params.holes
    if grade != GRADES[0] and height * width - holes <= 3:
        # One tromino to place: no move can be a trap, so every level is easy.
        raise ArgumentError(f"a {width}x{height} board with {holes} holes has one tromino "
                            f"to place: its levels are all {GRADES[0]}, none {grade}")
    cells = height * width

    def candidate(rng: random.Random, budget: Budget) -> Level[Board, Tromino] | None:
        try:
            tiling = build_tiling(height, width, holes, rng, budget)
            grade = _capped_walk(tiling, budget)
        except LimitReached:
            return None  # draw() says which limit (a request no board meets raises at once)
        return None if grade is None else Level(tiling.board, tiling.trominoes, grade)

    return draw(grade, GRADES, candidate, seed=seed, node_limit=node_limit,
                time_limit=time_limit, progress=progress,
                default_node_limit=min(_DEFAULT_NODE_LIMIT,
                                       _DEFAULT_NODES_PER_CELL * cells
                                       * min(cells, _SMALL_CELLS) // _SMALL_CELLS),
                what="generate")
