"""Graded levels: how often a random player gets stuck, and deals drawn to a grade.

The effort of a board is the share of :data:`PLAYOUTS` seeded random
playouts that get stuck (:func:`stuck_share`). The random player picks a
tile at random among those that can be linked now and removes it with a
random one of the tiles it links with; it is stuck when no tile can be
linked. Without gravity a removal never breaks a link, so the player gets
stuck only by pairing the wrong tiles of a kind, which leaves tiles that
block each other for good (as in the crossed ``ab/ba``).

A grade is a band of that effort (:func:`grade_of`): ``easy`` when at most
one of the 16 playouts gets stuck, ``medium`` when 2 to 5 do, ``hard`` when 6
or more do (bands wide apart, so that a grade says more than the luck of 16
playouts). The playouts' seed is fixed: a board always gets the same grade.

Deals built in reverse (:func:`~puzzlekit.linkpath.deal_with_solution`) are
easy for this player: a pair always joins cells of opposite chessboard
colours there, so the tiles of two kinds never cross in a square. Two
things make them harder, and :func:`generate` uses both, one after the other,
as its *strength* grows from 0 to 2:

- **crossings** (strength 0 to 1: that share of the most a deal can take,
  one per 8 tiles): the ``traps`` of
  :func:`~puzzlekit.linkpath.deal_with_solution`, which deal the pairs'
  kinds again so that two kinds cross in a 2 x 2 square; the witness still
  clears the deal;
- **shuffling** (strength 1 to 2: that share of the tiles, less 1), as
  KShisen's difficulty slider does: the kinds of a share of the tiles are
  shuffled among them, and the solver finds the new witness (within 3,000
  nodes, or the deal is dropped).

The strength starts at 0 for ``easy``, 0.3 for ``medium`` and 1 for
``hard``, grows after a deal that was too easy and shrinks after one that
was too hard or that the solver did not clear; the first deal of the grade
asked for is the level.

>>> level = generate("easy", seed=1)
>>> level.grade, grade_of(level.start), level.replayed().is_solved
('easy', 'easy', True)
"""

from __future__ import annotations

import random
from typing import Final

from puzzlekit import levels
from puzzlekit.contract import Level
from puzzlekit.errors import LimitReached, UnsolvableError
from puzzlekit.grid import check_int
from puzzlekit.limits import Budget, ProgressCallback
from puzzlekit.linkpath.board import Board, Pair
from puzzlekit.linkpath.deal import (
    built_deal,
    layout_cells,
    plant_traps,
    shuffle_kinds,
)
from puzzlekit.linkpath.params import Params, params_or_default
from puzzlekit.linkpath.paths import Grid
from puzzlekit.linkpath.solver import inner_search

__all__ = ["GRADES", "PLAYOUTS", "generate", "grade_of", "stuck_share"]

GRADES: Final = levels.GRADES
"""The grades, easiest first: ``easy``, ``medium``, ``hard``.

>>> GRADES
('easy', 'medium', 'hard')
"""

PLAYOUTS: Final = 16
"""The random playouts :func:`grade_of` plays on a board."""

_LEAST = (0, 2, 6)
"""The fewest stuck playouts of each grade."""

_SEED = 18
"""The seed of the playouts that grade a board (fixed: a board has one grade)."""

_PROOF_NODES = 20_000
"""Solver nodes :func:`grade_of` spends on a board no playout cleared, to look for a proof."""

_SOLVER_NODES = 3_000
"""Solver nodes spent on a shuffled deal to find its witness (then it is dropped)."""

_DEFAULT_NODES = 500_000
_DEFAULT_NODES_PER_CELL = 5_000
"""The node budget of :func:`generate` without limits: this many a cell, at most
:data:`_DEFAULT_NODES` (small boards soon show every deal they have)."""

_START = {"easy": 0.0, "medium": 0.3, "hard": 1.0}
"""The strength of the first draw of each grade (see :func:`generate`)."""

_GROW, _STEP, _SHRINK = 1.3, 0.05, 0.75
"""After a deal too easy the strength becomes ``strength * _GROW + _STEP`` (at most 2);
after one too hard, or not solved, ``strength * _SHRINK``."""


def _playout(grid: Grid, rng: random.Random, budget: Budget) -> bool | None:
    """Whether the random player clears *grid* (played on: pass a copy); ``None`` when
    *budget* ran out first (a node is a tile the player looks at)."""
    if grid.slide:
        return _sliding_playout(grid, rng, budget)
    by_key = grid.tiles_by_kind()
    tiles = [index for group in by_key.values() for index in group]
    cells, stride, groups = grid.cells, grid.stride, grid.groups
    while tiles:
        move = None
        order = tiles.copy()
        # Tiles in random order (a Fisher-Yates shuffle done as far as needed) until one
        # has a partner: a uniform choice among the tiles that have one.
        for n in range(len(order)):
            if budget.spend():
                return None
            pick = rng.randrange(n, len(order))
            order[n], order[pick] = order[pick], order[n]
            a = order[n]
            group = by_key[(cells[a] + 3) // 4 if groups else cells[a]]
            # A tile walled in on four sides links only with a neighbour.
            beside = [b for b in (a - 1, a + 1, a - stride, a + stride) if b in group]
            if grid.walled(a):
                partners = beside
            else:
                reach = grid.reach(*divmod(a, stride))
                partners = beside + [
                    b
                    for b in group
                    if b != a
                    and b not in beside
                    and not grid.walled(b)
                    and grid.link(reach, grid.reach(*divmod(b, stride)), best=False)
                ]
            if partners:
                move = (a, rng.choice(partners))
                break
        if move is None:
            return False
        if len(grid.remove(*move)) > 2:  # tiles fell: read their places again
            by_key = grid.tiles_by_kind()
            tiles = [index for group in by_key.values() for index in group]
        else:
            for index in move:
                tiles.remove(index)
                group.remove(index)
    return True


def _sliding_playout(grid: Grid, rng: random.Random, budget: Budget) -> bool | None:
    """The random player under slide rules: a random one of all the legal moves, slides
    included (a slide moves tiles, so the tile lists kept by plain play do not apply)."""
    while legal := list(grid.moves()):
        if budget.spend(len(legal)):
            return None
        grid.remove(*rng.choice(legal))
    return not grid.tiles_by_kind()


def _stuck(
    board: Board, playouts: int, seed: int, budget: Budget, low: int = 0, high: int = -1
) -> tuple[int, int] | None:
    """How many of *playouts* got stuck on *board*, and how many were played.

    The playouts stop as soon as the count is known to be below *low* or at
    least *high* (when given); ``None`` when *budget* ran out.
    """
    if not board.is_valid():
        raise UnsolvableError(f"{board!r} cannot be cleared: {'; '.join(board.problems())}")
    rng = random.Random(seed)
    stuck = 0
    for played in range(1, playouts + 1):
        cleared = _playout(board._grid.copy(), rng, budget)
        if cleared is None:
            return None
        stuck += not cleared
        if stuck == high or stuck + playouts - played < low:
            break
    return stuck, played


def stuck_share(
    board: Board,
    *,
    playouts: int = PLAYOUTS,
    seed: int = _SEED,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> float:
    """The share of *playouts* seeded random playouts that get stuck on *board*.

    The random player picks a tile at random among those that can be linked
    now and removes it with a random one of the tiles it links with; a
    playout is stuck when tiles are left and none can be linked. The same
    *seed* gives the same playouts. A board that can never be cleared (a
    kind with an odd number of tiles) raises :class:`~puzzlekit.UnsolvableError`;
    the limits (a node is a tile the player looks at) raise
    :class:`~puzzlekit.LimitReached`.

    >>> from puzzlekit.linkpath import Board, Rules
    >>> stuck_share(Board.parse("ab\\nab"))
    0.0
    >>> trap = Board.parse("aa\\nab\\nba", rules=Rules(outside=False))
    >>> stuck_share(trap)  # the top pair first leaves the crossed "ab/ba"
    0.5625
    """
    if not isinstance(board, Board):
        raise TypeError(f"stuck_share needs a Board, not {type(board).__name__}")
    check_int("playouts", playouts, minimum=1, maximum=10**6)
    check_int("seed", seed, minimum=0, maximum=2**64)
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    counted = _stuck(board, playouts, seed, budget)
    if counted is None:
        raise budget.limit_reached("stuck_share")
    return counted[0] / playouts


def _grade(stuck: int) -> str:
    """The grade of a board on which *stuck* of :data:`PLAYOUTS` playouts got stuck."""
    return GRADES[sum(stuck >= least for least in _LEAST[1:])]


def grade_of(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> str:
    """The grade of *board* from :func:`stuck_share` over its 16 playouts.

    ``easy``: at most one playout gets stuck; ``medium``: 2 to 5;
    ``hard``: 6 or more. When no playout clears the board, the solver
    looks for a proof that nothing can (up to 20,000 nodes) and raises
    :class:`~puzzlekit.UnsolvableError` if it finds one, as it does at once
    for a kind with an odd number of tiles. The limits work as for
    :func:`stuck_share` (:class:`~puzzlekit.LimitReached`).

    >>> from puzzlekit.linkpath import Board
    >>> grade_of(Board.parse("ab\\nab"))
    'easy'
    >>> grade_of(Board.parse("ab\\nba"))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: Board.parse('ab\\nba') cannot be cleared: the solver ...
    """
    if not isinstance(board, Board):
        raise TypeError(f"grade_of needs a Board, not {type(board).__name__}")
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    counted = _stuck(board, PLAYOUTS, _SEED, budget)
    if counted is None:
        raise budget.limit_reached("grade_of")
    stuck = counted[0]
    proof = Budget(node_limit=_PROOF_NODES, time_limit=budget.remaining)
    if stuck == PLAYOUTS and inner_search(board, proof).proved_unsolvable:
        raise UnsolvableError(f"{board!r} cannot be cleared: the solver proved it")
    return _grade(stuck)


def _solution(board: Board, budget: Budget) -> tuple[Pair, ...] | None:
    """The solver's line clearing *board* within its share of *budget*, or ``None``."""
    left = None if budget.node_limit is None else budget.node_limit - budget.nodes
    share = Budget(
        node_limit=_SOLVER_NODES if left is None else max(0, min(_SOLVER_NODES, left)),
        time_limit=budget.remaining,
    )
    result = inner_search(board, share)
    budget.spend(max(1, share.nodes))
    return result.moves if result.solved else None


def generate(
    grade: str,
    params: Params | None = None,
    *,
    layout: str | None = None,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Level[Board, Pair]:
    """A level of *grade*: a deal whose :func:`grade_of` is *grade*, and pairs that clear it.

    *params* (default: the ``default`` preset, 12 x 8 of 24 kinds: four tiles a
    kind, as in a Mahjong set) gives the size, kinds and rules, and *layout*
    the cells to fill, as for :func:`~puzzlekit.linkpath.deal_with_solution`.
    The same *seed* gives the same level
    (under a node limit; a time limit can only stop the draws). Deals are
    made harder by planting crossings (the *traps* of
    :func:`~puzzlekit.linkpath.deal_with_solution`, which keep the witness),
    then by shuffling the kinds of a share of the tiles (the solver then
    finds the witness), as much as a strength that follows the draws says. A
    node is a pair placed or a link tried while dealing, a solver node, or a
    tile a playout looks at; without limits :class:`~puzzlekit.LimitReached`
    comes after 5,000 nodes a cell, at most 500,000, for instance when a tiny
    board cannot get hard.

    >>> level = generate("hard", Params.parse("8x6 kinds=12"), seed=3)
    >>> level.grade, grade_of(level.start), level.replayed().is_solved
    ('hard', 'hard', True)
    >>> generate("easy", node_limit=1)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.LimitReached: generate stopped by its node limit ...
    """
    levels.check_grade(grade, GRADES)
    params = params_or_default(params)
    height, width, kinds, rules = params.height, params.width, params.kinds, params.rules
    cells = layout_cells(height, width, kinds, layout, rules)
    wanted = GRADES.index(grade)
    most = len(cells) // 8  # the most crossings a deal can take
    low = _LEAST[wanted]
    high = _LEAST[wanted + 1] if wanted + 1 < len(GRADES) else PLAYOUTS + 1  # playouts stuck
    strength = _START[grade]

    def candidate(rng: random.Random, budget: Budget) -> Level[Board, Pair] | None:
        nonlocal strength
        try:
            board, witness = built_deal(height, width, kinds, cells, layout, rules, rng, budget)
        except LimitReached:
            return None
        traps = round(min(strength, 1.0) * most)
        if traps:
            board = plant_traps(board, witness, traps, rng)
        count = round((strength - 1) * len(cells)) if strength > 1 else 0
        if count >= 2:
            # the kinds of *count* tiles drawn at random, shuffled among them
            board = shuffle_kinds(board, rng, rng.sample(board.tiles, count))
            solution = _solution(board, budget)
            if solution is None:
                strength *= _SHRINK
                return None
            witness = solution
        counted = _stuck(board, PLAYOUTS, _SEED, budget, low, high)
        if counted is None:
            return None
        stuck, played = counted
        if stuck + PLAYOUTS - played < low:  # too easy, however the rest would go
            strength = min(2.0, strength * _GROW + _STEP)
        elif stuck >= high:
            strength *= _SHRINK
        else:
            return Level(board, witness, grade)
        return None

    return levels.draw(
        grade, GRADES, candidate, seed=seed, node_limit=node_limit, time_limit=time_limit,
        progress=progress, what="generate",
        default_node_limit=min(_DEFAULT_NODES, _DEFAULT_NODES_PER_CELL * len(cells)),
    )
