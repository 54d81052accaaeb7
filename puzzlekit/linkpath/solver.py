"""An exact solver: a clearing sequence, or proof that none exists.

Depth-first search over removals, iterative, on a mutable :class:`Grid`
with undo. Three things keep it small:

- **Memo**: every board reached is remembered; reaching it again (by the
  same removals in another order) is cut at once.
- **Kinds that can never meet**: a kind with an odd number of tiles can
  never be cleared, so such a board is refused before searching. Without
  gravity a branch also ends when a kind's tiles cannot be paired off even
  on a board holding only them, or when two kinds down to their last two
  tiles block each other for good.
- **Safe moves first**: without gravity, removing tiles never blocks a
  link, so if the tiles left of some kind can all be paired off by links
  that exist now, clearing that kind now loses nothing: any solution can be
  reordered to do it first. Such a move is played without branching. With
  gravity a removal makes tiles fall and can break a link, so the rule only
  applies when every tile of the kind has nothing above it and no gap below
  (removing them moves no other tile, ever); otherwise every move is tried,
  those that make the fewest tiles fall first.
- **Slides** (``Rules(slide=True)``) turn the last two off: a slide moves
  tiles into free cells, and a removal can take away the run another slide
  needed, so links are no longer kept by removals. Every move is tried
  (each kind's plain removals before its slides), and only the memo cuts
  the search.

>>> board = Board.parse('''
... ab.
... b.a
... ''')
>>> result = solve(board)
>>> [str(pair) for pair in result.moves], result.complete, result.final.is_solved
(['0,0 1,2', '0,1 1,0'], True, True)
>>> solve(Board.parse("ab\\nba")).proved_unsolvable  # crossed pairs: a dead end
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from puzzlekit.contract import SearchResult
from puzzlekit.errors import UnsolvableError
from puzzlekit.limits import Budget, ProgressCallback
from puzzlekit.linkpath.board import Board, Pair, pair_of_move
from puzzlekit.linkpath.paths import Grid, Move

__all__ = ["hint", "inner_search", "search", "solve"]

_Move = tuple[Move, ...]
"""One step of the search: one or more removals (grid moves), played together."""

_MATCH_UP_TO = 6
"""Kinds with at most this many tiles left are tested for a safe clearing."""


def _matching(tiles: list[int], links: set[tuple[int, int]]) -> tuple[tuple[int, int], ...] | None:
    """Pair off all *tiles* (at most :data:`_MATCH_UP_TO`) using *links*, or ``None``."""
    if not tiles:
        return ()
    first, rest = tiles[0], tiles[1:]
    for partner in rest:
        if (first, partner) in links:
            others = _matching([t for t in rest if t != partner], links)
            if others is not None:
                return ((first, partner), *others)
    return None


class _Deadlocks:
    """Pairs of tiles that can never meet, without gravity (tiles never move then).

    Removing tiles only frees cells, so a link impossible on a board holding
    only a few tiles is impossible on any board that still holds them. So a
    kind whose tiles cannot be paired off by pairs that link when alone on
    the board is dead; and if the last two tiles of a kind cannot be linked
    on a board holding only them and the last two tiles of another kind, and
    neither can the other two, then neither kind can go first. The answers
    depend only on the positions, so they are remembered for the whole search.
    """

    def __init__(self, grid: Grid) -> None:
        self.scratch = Grid(
            [[0] * grid.width for _ in range(grid.height)],
            outside=grid.outside,
            max_turns=grid.max_turns,
        )
        self.known: dict[tuple[int, ...], bool] = {}

    def _dead(self, tiles: tuple[int, ...]) -> bool:
        known = self.known.get(tiles)
        if known is None:
            scratch = self.scratch
            for index in tiles:
                scratch.set(index, 1)
            known = not any(
                scratch.linked(tiles[n], tiles[n + 1]) for n in range(0, len(tiles), 2)
            )
            for index in tiles:
                scratch.set(index, 0)
            self.known[tiles] = known
        return known

    def any_dead(
        self, kinds: list[list[int]], unlinked: list[tuple[int, int]], budget: Budget
    ) -> bool:
        """Whether some kind can never be cleared (``False`` when *budget* runs out first).

        *kinds* are the tiles of small kinds: each needs its tiles paired
        off by pairs that link when alone on the board. *unlinked* are the
        last two tiles of kinds not linked now, checked two kinds at a time.
        """
        for tiles in kinds:
            if budget.check_clock():
                return False
            alive = {
                (i, j) for i, j in itertools.combinations(tiles, 2) if not self._dead((i, j))
            }
            if _matching(tiles, alive) is None:
                return True
        # Quadratic in the kinds left unlinked (thousands on a large board): watch the clock.
        for number, (one, two) in enumerate(itertools.combinations(unlinked, 2)):
            if not number % 1024 and budget.check_clock():
                return False
            if self._dead(one + two):
                return True
        return False


def _expand(grid: Grid, budget: Budget, deadlocks: _Deadlocks | None) -> Iterator[_Move]:
    """The moves to try from *grid*, lazily: one safe move, or every removal.

    Kinds are looked at smallest first, so a safe move usually turns up
    before the links of the large kinds are computed; those are only computed
    when the search comes back to try them (the grid is then as it was).
    """
    # An expansion reads the whole grid, which on a large board outweighs the
    # clock; spend() alone looks at it only every 256 nodes.
    if budget.check_clock():
        return
    groups = sorted(grid.tiles_by_kind().values(), key=len)
    if grid.slide:
        pairs = [pair for tiles in groups for pair in grid.kind_pairs(tiles, budget)]
        if grid.gravity:
            pairs.sort(key=lambda pair: _stack(grid, pair[0])[0] + _stack(grid, pair[1])[0])
        for i, j in pairs:
            yield ((i, j, 0),)
        for tiles in groups:
            for move in grid.slides(tiles):
                yield (move,)
            if budget.check_clock():
                return
        return
    small = [tiles for tiles in groups if len(tiles) <= _MATCH_UP_TO]
    small_pairs = [list(grid.kind_pairs(tiles, budget)) for tiles in small]
    for tiles, pairs in zip(small, small_pairs, strict=True):
        if _safe(grid, tiles):
            matching = _matching(tiles, set(pairs))
            if matching is not None:
                yield tuple((i, j, 0) for i, j in matching)
                return
    if deadlocks is not None:
        unlinked = [
            (tiles[0], tiles[1])
            for tiles, pairs in zip(small, small_pairs, strict=True)
            if len(tiles) == 2 and not pairs
        ]
        if deadlocks.any_dead(small, unlinked, budget):
            return
    if grid.gravity:  # try first the removals that make the fewest tiles fall
        pairs = [pair for tiles in groups for pair in grid.kind_pairs(tiles, budget)]
        pairs.sort(key=lambda pair: _stack(grid, pair[0])[0] + _stack(grid, pair[1])[0])
        for i, j in pairs:
            yield ((i, j, 0),)
        return
    for pairs in small_pairs:
        for i, j in pairs:
            yield ((i, j, 0),)
    for tiles in groups[len(small) :]:
        for i, j in grid.kind_pairs(tiles, budget):
            yield ((i, j, 0),)


def _safe(grid: Grid, tiles: list[int]) -> bool:
    """Whether clearing these tiles now cannot spoil a later move.

    Without gravity a removal only frees cells, so it never can. With
    gravity, removing a tile moves no other tile, now or later, only when
    nothing is above it and its column has no gap below it.
    """
    if not grid.gravity:
        return True
    return all(_stack(grid, index) == (0, True) for index in tiles)


def _stack(grid: Grid, index: int) -> tuple[int, bool]:
    """Tiles above padded *index* in its column, and whether the column below it is full."""
    row, col = divmod(index, grid.stride)
    column = grid.colm[col] & ((1 << (grid.height + 1)) - 2)  # board rows only
    below = column >> row
    return (column & ((1 << row) - 1)).bit_count(), below == (1 << (grid.height + 1 - row)) - 1


def solve(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> SearchResult[Board, Pair]:
    """Clear *board*: a :class:`~puzzlekit.SearchResult` whose moves are the pairs removed.

    ``complete=True`` with a cleared :attr:`~puzzlekit.SearchResult.final`
    board is a solution; ``complete=True`` with tiles left proves there is
    none (the moves are then the longest line tried). When *node_limit*
    (search steps: moves tried and taken back), *time_limit* (seconds),
    *progress* or Ctrl-C stops the search, ``complete=False`` and the moves
    are the longest line found.

    >>> result = solve(Board.parse("aa\\nbb"))
    >>> [str(pair) for pair in result.moves], result.complete
    (['0,0 0,1', '1,0 1,1'], True)
    >>> solve(Board.parse("aab\\nbcc"), node_limit=0).complete
    False
    """
    if not isinstance(board, Board):
        raise TypeError(f"solve needs a Board, not {type(board).__name__}")
    return search(board, Budget(node_limit=node_limit, time_limit=time_limit, progress=progress))


def hint(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> Pair | None:
    """A move that keeps *board* clearable, or ``None`` when it :attr:`~Board.is_over`.

    The first move of a solution the solver finds. Raises
    :class:`~puzzlekit.UnsolvableError` when the board is proved to have no
    solution (the link shown may then be a dead end), and
    :class:`~puzzlekit.LimitReached` when *node_limit* or *time_limit* stops
    the search before either.

    >>> board = Board.parse("rules: outside=no\\n1243\\n1412\\n1343\\n4232")
    >>> hint(board)  # not the first legal move, 0,0 1,0: that one leads to a dead end
    Pair(a=(1, 0), b=(2, 0))
    >>> hint(Board.parse("ab\\nba")) is None  # stuck: over
    True
    >>> hint(Board.parse("aab\\nb.b"))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: the board cannot be cleared: kind 'b' has 3 tiles, ...
    >>> hint(board, node_limit=0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.LimitReached: hint stopped by its node limit after ...
    """
    if not isinstance(board, Board):
        raise TypeError(f"hint needs a Board, not {type(board).__name__}")
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    if board.is_over:
        return None
    result = search(board, budget)
    if result.solved:
        return result.moves[0]
    if result.complete:
        problems = board.problems()
        why = problems[0] if problems else "every line of moves ends stuck"
        raise UnsolvableError(f"the board cannot be cleared: {why}")
    raise budget.limit_reached("hint")


def inner_search(board: Board, budget: Budget) -> SearchResult[Board, Pair]:
    """:func:`search`, for a caller inside a larger computation (a generator drawing deals):
    the search answers Ctrl-C with its best line so far, and this raises it again as
    ``KeyboardInterrupt``, so that the caller stops too instead of running on to its limit.

    >>> inner_search(Board.parse("aa"), Budget()).solved
    True
    """
    result = search(board, budget)
    if budget.stopped_by == "interrupted":
        raise KeyboardInterrupt
    return result


def search(board: Board, budget: Budget) -> SearchResult[Board, Pair]:
    """:func:`solve` within *budget* (which says afterwards what stopped it).

    >>> budget = Budget(node_limit=0)
    >>> search(Board.parse("aab\\nbcc"), budget).complete, budget.stopped_by
    (False, 'node limit')
    """
    grid = board._grid.copy()
    stride = grid.stride
    line: list[_Move] = []
    longest: list[_Move] = []

    def result(moves: list[_Move], complete: bool) -> SearchResult[Board, Pair]:
        pairs = tuple(pair_of_move(removal, stride) for move in moves for removal in move)
        final = board
        if pairs:  # the grid has moved on: replay the line on a fresh copy
            replay = board._grid.copy()
            for move in moves:
                for removal in move:
                    replay.remove(*removal)
            final = Board(replay.rows(), board.rules)
        return SearchResult(
            board, pairs, final, complete, nodes=budget.nodes, seconds=budget.elapsed
        )

    tiles = len(board.tiles)
    if not board.is_valid() or not tiles:  # an odd kind is a proof; no tile, a solution
        return result([], True)
    try:
        if budget.spend():
            return result([], False)
        visited = {grid.key()}
        undo: list[list[list[tuple[int, int]]]] = []
        fewest = tiles
        deadlocks = None if grid.gravity or grid.slide else _Deadlocks(grid)
        frames = [_expand(grid, budget, deadlocks)]

        def retreat() -> None:
            """Take back the last move."""
            nonlocal tiles
            for changes in reversed(undo.pop()):
                grid.undo(changes)
            tiles += 2 * len(line.pop())

        while frames:
            if budget.exhausted or budget.spend():
                return result(longest, False)
            move = next(frames[-1], None)
            if move is None:
                frames.pop()
                if line:
                    retreat()
                continue
            undo.append([grid.remove(*removal) for removal in move])
            line.append(move)
            tiles -= 2 * len(move)
            if not tiles:
                return result(line, True)
            key = grid.key()
            if key in visited:
                retreat()
                continue
            visited.add(key)
            if tiles < fewest:
                fewest, longest = tiles, line.copy()
                budget.best = sum(map(len, longest))
            frames.append(_expand(grid, budget, deadlocks))
    except KeyboardInterrupt:
        budget.interrupt()
        return result(longest, False)
    return result(longest, not budget.exhausted)
