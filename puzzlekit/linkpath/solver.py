"""An exact solver: a clearing sequence, or proof that none exists.

Depth-first search over removals, iterative, with undo. What keeps it small:

- **Memo**: every board reached is remembered; reaching it again (by the
  same removals in another order) is cut at once. When tiles never move (no
  gravity, no slide) the board is known by the set of tiles removed, kept
  as one bitmask.
- **Kinds that can never meet**: a kind with an odd number of tiles can
  never be cleared, so such a board is refused before searching. Without
  gravity or slides a branch also ends when a kind's tiles cannot be paired
  off even on a board holding only them, or when two kinds down to their
  last two tiles block each other for good.
- **Safe moves first**: without gravity, removing tiles never blocks a
  link, so if the tiles left of some kind can all be paired off by links
  that exist now, clearing that kind now loses nothing: any solution can be
  reordered to do it first. Such a move is played without branching. With
  gravity a removal makes tiles fall and can break a link, so the rule only
  applies when every tile of the kind has nothing above it and no gap below
  (removing them moves no other tile, ever); otherwise every move is tried,
  those that make the fewest tiles fall first (then the highest).
- **Links kept up to date**: when tiles never move, the linkable pairs of
  every kind are found once, and after a removal only the pairs whose new
  link could pass through a freed cell are tested again: pairs with a tile
  first seen from a freed cell along its row or column, and pairs whose
  tiles' runs both meet the free stretch of a freed cell's row (or column),
  where a middle segment through it would run. Only the kinds whose pairs
  changed are tested again for a safe clearing. A step thus costs about the
  few links near the removed tiles, not a pass over the board.
- **Slides** (``Rules(slide=True)``) turn off the safe moves: a slide moves
  tiles into free cells, and a removal can take away the run another slide
  needed, so links are no longer kept by removals. Every move is tried
  (each kind's plain removals before its slides), and only the memo cuts
  the search. With gravity and links of one turn the removals from the
  shortest columns go first: such links cross only shorter columns, and a
  board worn down evenly ends as one row, where the tiles must pair off as
  nested brackets. That is checked at every step for the bottom row (no
  move reorders its tiles, and a link between two of them runs along it;
  a kind's tiles below may also go with its tiles above, one each, and the
  rest must nest), or for one line when all tiles lie in it: a line whose
  brackets cross is a dead end, often long before the end.
- **Restarts**: a wrong move early can leave a dead end that shows only
  near the bottom of a deep line, where depth-first search would then try
  every variation of the last moves. So a search that has taken a few
  nodes more than the board's tiles starts again from the top, in another
  (seeded, shuffled) order, for runs of Luby's lengths (1 1 2 1 1 2 4 ...
  times that unit). The boards seen in a run are all dead but those along
  its line when it stopped, so the memo keeps them for the next runs; the
  runs grow without bound, so one finally ends without being cut, and its
  "no solution" is a proof.

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

import collections
import functools
import itertools
import math
import operator
import random
from collections.abc import Callable, Iterable, Iterator, Mapping

from puzzlekit.contract import SearchResult
from puzzlekit.errors import UnsolvableError
from puzzlekit.limits import Budget, ProgressCallback
from puzzlekit.linkpath.board import Board, Pair, pair_of_move
from puzzlekit.linkpath.paths import Changes, Grid, LinkIndex, Move, new_links

__all__ = ["hint", "inner_search", "search", "solve"]

_Move = tuple[Move, ...]
"""One step of the search: one or more removals (grid moves), played together."""

_MATCH_UP_TO = 6
"""With gravity, kinds with at most this many tiles left are tested for a safe clearing;
also the kinds tested for a dead end (their pairings are few: 15 at most)."""

_SAFE_UP_TO = 16
"""When tiles never move, kinds with at most this many tiles left are tested for a safe
clearing (each test is redone only when the kind's links change)."""

_MATCH_STEPS = 4096
"""Steps a pairing test may take; past them it gives up (the kind is then not cleared as
safe, which only costs a shortcut). Kinds of :data:`_MATCH_UP_TO` tiles never reach it."""

_RESTART_NODES = 64
"""Nodes a search may take, beyond one per tile, before it restarts in another order (the
unit of the restarts' lengths, :func:`_luby`)."""

_NO_PARTNERS: frozenset[int] = frozenset()

_Played = tuple[list[Changes], list[tuple[int, int]]]
"""How a move was played, to take it back: the grid's changes, and the links it made."""


def _matching(
    tiles: Iterable[int], partners: Mapping[int, set[int] | frozenset[int]]
) -> tuple[tuple[int, int], ...] | None:
    """Pair off all *tiles* along *partners* (the tiles each one links with), or ``None``.

    The tile with the fewest partners left is paired first. ``None`` also
    when :data:`_MATCH_STEPS` steps run out.

    >>> _matching([1, 2, 3, 4], {1: {2, 3}, 2: {1}, 3: {1, 4}, 4: {3}})
    ((2, 1), (3, 4))
    >>> _matching([1, 2, 3, 4], {1: {2, 3}, 2: {1}, 3: {1}, 4: set()}) is None
    True
    """
    left = set(tiles)
    steps = 0

    def pair_off() -> list[tuple[int, int]] | None:
        nonlocal steps
        if not left:
            return []
        steps += 1
        if steps > _MATCH_STEPS:
            return None
        tile = min(left, key=lambda t: (len(partners.get(t, _NO_PARTNERS) & left), t))
        left.discard(tile)
        found = None
        for partner in sorted(partners.get(tile, _NO_PARTNERS) & left):
            left.discard(partner)
            rest = pair_off()
            left.add(partner)
            if rest is not None:
                found = [(tile, partner), *rest]
                break
        left.add(tile)
        return found

    matching = pair_off()  # recursion depth: half the tiles, at most _SAFE_UP_TO // 2
    return None if matching is None else tuple(matching)


def _partners(pairs: Iterable[tuple[int, int]]) -> dict[int, set[int]]:
    """The tiles each tile of *pairs* is paired with."""
    partners: dict[int, set[int]] = {}
    for i, j in pairs:
        partners.setdefault(i, set()).add(j)
        partners.setdefault(j, set()).add(i)
    return partners


class _Deadlocks:
    """Pairs of tiles that can never meet, when tiles never move.

    Removing tiles only frees cells, so a link impossible on a board holding
    only a few tiles is impossible on any board that still holds them. So a
    kind whose tiles cannot be paired off by pairs that link when alone on
    the board is dead; and if the last two tiles of a kind cannot be linked
    on a board holding only them and the last two tiles of another kind, and
    neither can the other two, then neither kind can go first. The answers
    depend only on the positions, so they are remembered for the whole search.
    """

    def __init__(self, grid: Grid) -> None:
        self.stride = grid.stride
        # Rows (columns) a link of two turns may turn in: the ring too when it is open.
        self.rows = grid.height + 2 * grid.outside
        self.columns = grid.width + 2 * grid.outside
        self.two_turns = grid.max_turns == 2
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

    def _apart(self, one: tuple[int, int], two: tuple[int, int]) -> bool:
        """Whether the tiles of *one* surely link on a board holding only them and *two*.

        With two turns, tiles in different columns have a link turning in
        each row (one per row): a tile of *two* outside their columns blocks
        at most the one of its own row, so with three rows or more one is
        left. Likewise with rows and columns swapped.
        """
        if not self.two_turns:
            return False
        (r1, c1), (r2, c2) = (divmod(index, self.stride) for index in one)
        (r3, c3), (r4, c4) = (divmod(index, self.stride) for index in two)
        if c1 != c2 and self.rows >= 3 and not {c3, c4} & {c1, c2}:
            return True
        return r1 != r2 and self.columns >= 3 and not {r3, r4} & {r1, r2}

    def any_dead(
        self,
        kinds: list[list[int]],
        unlinked: Callable[[tuple[int, int]], Iterable[tuple[int, int]]],
        budget: Budget,
    ) -> bool:
        """Whether one of *kinds* can never be cleared (``False`` when *budget* runs out first).

        *kinds* are the tiles of small kinds (at most :data:`_MATCH_UP_TO`):
        each needs its tiles paired off by pairs that link when alone on the
        board. Those down to two tiles not linked now are also checked
        against each pair *unlinked* gives for them: the last two tiles of
        other kinds, not linked now, that may block them.
        """
        for tiles in kinds:
            if budget.check_clock():
                return False
            alive = [
                (i, j) for i, j in itertools.combinations(tiles, 2) if not self._dead((i, j))
            ]
            if _matching(tiles, _partners(alive)) is None:
                return True
            if len(tiles) == 2:
                one = (tiles[0], tiles[1])
                # Can be thousands of pairs on a large board: watch the clock.
                for number, two in enumerate(unlinked(one)):
                    if not number % 1024 and budget.check_clock():
                        return False
                    if two == one or self._apart(one, two) or self._apart(two, one):
                        continue
                    if self._dead(one + two if one < two else two + one):
                        return True
        return False

    def lines_suffice(self) -> bool:
        """Whether two tiles' links, on a board holding only them and two others, can only be
        blocked by a tile in one of the two tiles' rows or columns (see :meth:`_apart`)."""
        return not self.two_turns or (self.rows >= 3 and self.columns >= 3)


class _Fixed:
    """The search position when tiles never move (no gravity, no slide).

    Keeps the tiles of each kind and, for every tile, the tiles it links
    with, up to date as moves are played and taken back; and per depth the
    kinds whose links changed since they were last found not safe to clear.
    """

    def __init__(self, grid: Grid, budget: Budget) -> None:
        self.grid = grid
        self.budget = budget
        self.order: random.Random | None = None
        """Shuffles the moves of a restart (``None``: the first search, in plain order)."""
        index = LinkIndex.of(grid, budget)
        self.kind_of = index.kind_of
        self.tiles = {kind: set(tiles) for kind, tiles in index.tiles.items()}
        self.partners = {tile: set(linked) for tile, linked in index.partners.items()}
        self.links = {
            kind: sum(len(self.partners[tile]) for tile in tiles) // 2
            for kind, tiles in self.tiles.items()
        }
        """The number of linked pairs of each kind."""
        self.removed = 0
        """A bit per removed tile: the board, since the other tiles stay where they are."""
        self.dirty = [set(self.tiles)]
        """Per depth, the kinds that may be safe to clear (the deepest is consumed)."""
        self.shrunk = [set(self.tiles)]
        """Per depth, the kinds the last move took tiles from: where a dead end may be new."""
        self.last_two = {kind for kind, tiles in self.tiles.items() if len(tiles) == 2}
        """The kinds down to their last two tiles."""
        self.deadlocks = _Deadlocks(grid)
        self.ready: dict[int, set[int]] = {}
        """The kinds with a linked pair, by their number of tiles (the move order)."""
        self.filed: dict[int, int] = {}
        """The number each kind of :attr:`ready` is filed under."""
        for kind in self.tiles:
            self._refile(kind)

    def restart(self, order: random.Random) -> None:
        """Search again from the start (every move taken back) in the order *order* shuffles."""
        self.order = order
        self.dirty[-1] = {kind for kind, tiles in self.tiles.items() if tiles}  # all, again

    def _refile(self, kind: int) -> None:
        """File *kind* in :attr:`ready` as its tiles and links now are."""
        old = self.filed.pop(kind, None)
        if old is not None:
            self.ready[old].discard(kind)
        if self.links[kind]:
            count = len(self.tiles[kind])
            self.ready.setdefault(count, set()).add(kind)
            self.filed[kind] = count

    def key(self) -> int:
        return self.removed

    def play(self, move: _Move) -> _Played:
        """Play *move*; what :meth:`undo` needs to take it back."""
        grid, kind_of, partners = self.grid, self.kind_of, self.partners
        changed = set()
        undo = []
        for i, j, _ in move:
            kind = kind_of[i]
            changed.add(kind)
            self.tiles[kind] -= {i, j}
            self._count_changed(kind)
            self.links[kind] -= len(partners[i]) + len(partners[j]) - 1  # i and j are linked
            for tile in (i, j):
                for other in partners[tile]:
                    partners[other].discard(tile)
            self.removed ^= 1 << i | 1 << j
            undo.append(grid.remove(i, j))
        freed = [index for i, j, _ in move for index in (i, j)]
        gained = new_links(grid, freed, kind_of, self.tiles, partners, self.budget)
        for i, j in gained:
            partners[i].add(j)
            partners[j].add(i)
            changed.add(kind_of[i])
            self.links[kind_of[i]] += 1
        for kind in changed:
            self._refile(kind)
        self.shrunk.append({kind_of[i] for i, _, _ in move})
        self.dirty.append(self.dirty[-1] | changed)
        return undo, gained

    def _count_changed(self, kind: int) -> None:
        if len(self.tiles[kind]) == 2:
            self.last_two.add(kind)
        else:
            self.last_two.discard(kind)

    def undo(self, move: _Move, played: _Played) -> None:
        """Take back *move*, played as *played*."""
        undo, gained = played
        partners = self.partners
        self.dirty.pop()
        self.shrunk.pop()
        for i, j in gained:
            partners[i].discard(j)
            partners[j].discard(i)
            self.links[self.kind_of[i]] -= 1
        for (i, j, _), changes in zip(reversed(move), reversed(undo), strict=True):
            self.grid.undo(changes)
            self.removed ^= 1 << i | 1 << j
            kind = self.kind_of[i]
            self.tiles[kind] |= {i, j}
            self._count_changed(kind)
            for tile in (i, j):
                for other in partners[tile]:
                    partners[other].add(tile)
            self.links[kind] += len(partners[i]) + len(partners[j]) - 1
        for kind in {self.kind_of[i] for i, _, _ in move} | {self.kind_of[i] for i, _ in gained}:
            self._refile(kind)

    def _unlinked(self, one: tuple[int, int]) -> Iterator[tuple[int, int]]:
        """The last two tiles of kinds down to two, not linked now, that may block *one*."""
        tiles, partners = self.tiles, self.partners
        if not self.deadlocks.lines_suffice():  # a tiny board: every such kind
            for kind in self.last_two:
                i, j = sorted(tiles[kind])
                if j not in partners[i]:
                    yield i, j
            return
        # Only a tile in a row or column of one's tiles can block them: read those lines.
        grid, kind_of, last_two = self.grid, self.kind_of, self.last_two
        cells, stride = grid.cells, grid.stride
        found = set()
        lines = {divmod(index, stride) for index in one}
        for unit, masks, lines_ in (
            (1, grid.rowm, {row for row, _ in lines}),
            (stride, grid.colm, {col for _, col in lines}),
        ):
            for line in lines_:
                mask = masks[line]
                start, step = (line * stride, 1) if unit == 1 else (line, stride)
                while mask:
                    low = mask & -mask
                    mask ^= low
                    index = start + (low.bit_length() - 1) * step
                    if cells[index] > 0 and kind_of[index] in last_two:
                        i, j = sorted(tiles[kind_of[index]])
                        if j not in partners[i] and (i, j) not in found:
                            found.add((i, j))
                            yield i, j

    def expand(self) -> Iterator[_Move]:
        """The moves to try: the pairs of one kind safe to clear, or every linked pair.

        A dead end can only be new where the last move took tiles (links
        are only gained, and the tests depend on the positions alone), so
        only those kinds are tested, whatever the move.
        """
        budget = self.budget
        if budget.check_clock():
            return
        tiles, partners = self.tiles, self.partners
        small = [sorted(tiles[kind]) for kind in self.shrunk[-1]]
        small = [group for group in small if 0 < len(group) <= _MATCH_UP_TO]
        if small and self.deadlocks.any_dead(small, self._unlinked, budget):
            return
        dirty = self.dirty[-1]
        while dirty:
            kind_tiles = tiles[dirty.pop()]
            if (
                kind_tiles
                and len(kind_tiles) <= _SAFE_UP_TO
                and all(partners[tile] for tile in kind_tiles)
            ):
                matching = _matching(kind_tiles, partners)
                if matching is not None:
                    yield tuple((i, j, 0) if i < j else (j, i, 0) for i, j in matching)
                    return
        # The only pairs of their kind first. Each kind's pairs are listed when the search
        # gets to it (the links are then as they were here), a list as the search changes them.
        ready, order = self.ready, self.order
        for count in sorted(ready):
            kinds = sorted(ready[count])
            if order is not None:
                order.shuffle(kinds)
            for kind in kinds:
                moves = [
                    ((i, j, 0),)
                    for i in sorted(tiles[kind])
                    for j in sorted(partners[i])
                    if i < j
                ]
                if order is not None:
                    order.shuffle(moves)
                yield from moves


class _Moving:
    """The search position when tiles move (gravity or slides): the grid itself."""

    def __init__(self, grid: Grid, budget: Budget) -> None:
        self.grid = grid
        self.budget = budget
        self.order: random.Random | None = None
        """Shuffles the moves of a restart (``None``: the first search, in plain order)."""
        self.counts = {kind: len(tiles) for kind, tiles in grid.tiles_by_kind().items()}
        """The number of tiles of each kind (by group of four with ``groups``)."""
        self.bytewise = max(grid.cells) < 256
        """Whether a byte holds every kind: tiles only move or go, so it stays true."""
        self.links: list[dict[int, list[tuple[int, int]]] | None] = [None]
        """The settled links of each board along the line, once read (the root's first)."""
        self.changes: list[Changes] = []
        """The cells each move along the line changed, to read the next board's links from
        the last one's (:meth:`Grid.settled_links`)."""

    def key(self) -> bytes:
        return bytes(self.grid.cells) if self.bytewise else self.grid.key()

    def restart(self, order: random.Random) -> None:
        """Search again from the start (every move taken back) in the order *order* shuffles."""
        self.order = order

    def play(self, move: _Move) -> _Played:
        grid, counts = self.grid, self.counts
        for i, _, _ in move:
            counts[grid.match_key(grid.cells[i])] -= 2
        played = [grid.remove(*removal) for removal in move]
        self.changes.append(played[0] if len(played) == 1 else list(itertools.chain(*played)))
        self.links.append(None)
        return played, []

    def undo(self, move: _Move, played: _Played) -> None:
        grid, counts = self.grid, self.counts
        for changes in reversed(played[0]):
            grid.undo(changes)
        for i, _, _ in move:
            counts[grid.match_key(grid.cells[i])] += 2
        self.changes.pop()
        self.links.pop()

    def expand(self) -> Iterator[_Move]:
        """The moves to try from the grid, lazily: one safe move, or every move.

        The links of a kind are computed only when the search gets to it
        (the grid is then as it was when the expansion started), and the
        tiles of each kind only when a step needs them: with gravity and
        links of one turn, most expansions end before their slides.
        """
        grid, budget = self.grid, self.budget
        # An expansion reads the whole grid, which on a large board outweighs the
        # clock; spend() alone looks at it only every 256 nodes.
        if budget.check_clock():
            return
        if grid.max_turns < 2 and _line_stuck(grid, self.counts):
            return
        groups: list[list[int]] = []

        def kinds() -> list[list[int]]:
            """The tiles of each kind, fewest first (read once)."""
            if not groups:
                groups.extend(sorted(grid.tiles_by_kind().values(), key=len))
            return groups

        if not grid.slide:  # gravity: a kind that nothing can make fall may go at once
            for tiles in kinds():
                if len(tiles) <= _MATCH_UP_TO and _still(grid, tiles):
                    matching = _matching(tiles, _partners(grid.kind_pairs(tiles, budget)))
                    if matching is not None:
                        yield tuple((i, j, 0) if i < j else (j, i, 0) for i, j in matching)
                        return
        order = self.order
        if grid.gravity and grid.max_turns < 2:
            yield from self._shortest_first(kinds)
        else:
            pairs = [pair for tiles in kinds() for pair in grid.kind_pairs(tiles, budget)]
            if order is not None:
                order.shuffle(pairs)
            if grid.gravity:  # the removals that make the fewest tiles fall first, the highest
                pairs.sort(
                    key=lambda pair: (
                        _falls(grid, *pair),
                        order.random() if order is not None else pair[0] + pair[1],
                    )
                )
            for i, j in pairs:
                yield ((i, j, 0),)
        if grid.slide:
            for tiles in kinds():
                for move in grid.slides(tiles):
                    yield (move,)
                if budget.check_clock():
                    return


    def _shortest_first(self, kinds: Callable[[], list[list[int]]]) -> Iterator[_Move]:
        """The removals (with gravity, links of one turn), shortest columns first; *kinds*
        gives the tiles of each kind, read only when the columns have not settled.

        Links of one turn pass over shorter columns only: a board worn down
        evenly ends as one row of nested brackets, rarely clearable. So a
        removal's rank is the heights of its two columns plus the tiles it
        makes fall (emptied columns are gaps links cross); ties go at random
        in a restart, else the highest first. On settled columns every link
        is read off the rows at once (:meth:`Grid.settled_links`).
        """
        grid, budget, order = self.grid, self.budget, self.order
        stride = grid.stride
        heights = [mask.bit_count() for mask in grid.colm]
        links = self.links[-1]
        if links is None:  # read off the last board's links where there are some
            last = self.links[-2] if len(self.links) > 1 else None
            links = grid.settled_links(None if last is None else (last, self.changes[-1]))
            self.links[-1] = links
        if links is None:
            ranked = sorted(
                (
                    heights[i % stride] + heights[j % stride] + _falls(grid, i, j),
                    order.random() if order is not None else i + j,
                    i,
                    j,
                )
                for tiles in kinds()
                for i, j in grid.kind_pairs(tiles, budget)
            )
        else:
            # In a settled column the tiles above a tile are its row less the column's
            # top row. So each tile adds to a pair's rank its row and a number of its
            # column (the height, and the tiles above a tile of row 0); a pair in one
            # column (neighbours) makes fall only the tiles above the upper one.
            board_rows = (1 << (grid.height + 1)) - 2
            part = [
                height + (mask & board_rows).bit_count() - grid.height - 1
                for height, mask in zip(heights, grid.colm, strict=True)
            ]
            ranked = sorted(
                (
                    part[i % stride]
                    + i // stride
                    + (part[j % stride] + j // stride if j - i != stride else heights[i % stride]),
                    order.random() if order is not None else i + j,
                    i,
                    j,
                )
                for kind in sorted(links)
                for i, j in links[kind]
            )
        for _, _, i, j in ranked:
            yield ((i, j, 0),)


def _line_stuck(grid: Grid, counts: Mapping[int, int]) -> bool:
    """Whether some tiles are kept in one line, in order, where they cannot pair off.

    With at most one turn, two tiles of one line link only straight along it
    (a corner would be one of them, and a slide's corner lies off the line
    or its link runs across it), passing over no tile. So tiles that must
    pair off within a line whose order no move changes must pair off as
    nested brackets, each pair's link passing only over pairs removed before
    it. Such a line is one holding every tile (no slide can push one off it,
    as nothing lies across it, and gravity moves none of them), or with
    gravity the bottom row (:func:`_bottom_stuck`): its tiles never fall or
    rise, and a push moves them along it only into empty cells, keeping their
    order. *counts* are the tiles of each kind on the board.

    >>> def stuck(rows):
    ...     grid = Grid(rows, outside=True, max_turns=1, gravity=True)
    ...     return _line_stuck(grid, {k: len(t) for k, t in grid.tiles_by_kind().items()})
    >>> stuck(((0, 0, 0, 0), (1, 2, 1, 2)))
    True
    >>> stuck(((0, 0, 0, 0), (1, 2, 2, 1)))
    False
    >>> stuck(((0, 3, 0, 3), (1, 2, 1, 2)))  # 1 and 2 cross below, 3 cannot help
    True
    >>> stuck(((0, 1, 0, 1), (1, 2, 1, 2)))  # the upper 1s may take the lower ones
    False
    """
    stride, height, width, cells = grid.stride, grid.height, grid.width, grid.cells
    # The rows and the columns holding tiles, as masks (a closed ring's marks left out).
    rows = functools.reduce(operator.or_, grid.colm[1 : width + 1]) & ((1 << (height + 1)) - 2)
    used = functools.reduce(operator.or_, grid.rowm[1 : height + 1]) & ((1 << (width + 1)) - 2)
    key = grid.match_key
    if not rows:
        return False
    if rows & (rows - 1) == 0:  # every tile in one row
        start = (rows.bit_length() - 1) * stride + 1
        line = [key(kind) for kind in cells[start : start + width] if kind]
    elif used & (used - 1) == 0:  # every tile in one column
        line = [key(kind) for kind in cells[used.bit_length() - 1 :: stride] if kind]
    elif grid.gravity:
        start = height * stride + 1
        return _bottom_stuck([key(kind) for kind in cells[start : start + width] if kind], counts)
    else:
        return False
    return not _nests(line)


_RELEASE_CHOICES = 64
"""Ways of choosing the bottom row's tiles that leave it upwards that :func:`_bottom_stuck`
tries; past them it gives up (answers not stuck, which only costs a cut)."""


def _bottom_stuck(line: list[int], counts: Mapping[int, int]) -> bool:
    """Whether the bottom row's tiles *line* (kinds, left to right) can never all go, with
    gravity and links of at most one turn; *counts* are the tiles of each kind on the board.

    A tile of the bottom row stays in it, in the same order, until it goes: with
    another tile of that row, by a link straight along it (no slide joins two of them:
    a push out of the row has no room, and a push along it turns the link upwards), or
    with a tile of its kind now above the row, each of which takes at most one. So for
    each kind some of its tiles below, at most as many as it has above, leave the row
    upwards, and the others (an even number) must pair off along it as nested brackets.
    Tiles that fall into the row later are tiles from above: they change nothing here.

    >>> _bottom_stuck([1, 2, 1, 2], {1: 2, 2: 2})
    True
    >>> _bottom_stuck([1, 2, 1, 2], {1: 2, 2: 4})  # a 2 above may take either 2 below
    False
    >>> _bottom_stuck([1, 2, 1, 2, 3, 2, 3], {1: 2, 2: 4, 3: 2})  # one 2 of three may leave
    True
    >>> _bottom_stuck([1, 2, 2, 1, 2], {1: 2, 2: 4})
    False
    """
    # The tiles above of each kind that cannot leave the row entirely (one with at least
    # as many tiles above as below may).
    above = {
        kind: counts[kind] - number
        for kind, number in collections.Counter(line).items()
        if counts[kind] < 2 * number
    }
    line = [kind for kind in line if kind in above]
    if not any(above.values()):  # the common case: no kind left in the line has a tile above
        return not _nests(line)
    places: dict[int, list[int]] = {}
    for place, kind in enumerate(line):
        if above[kind]:
            places.setdefault(kind, []).append(place)
    # Per such kind, how many of its tiles below may leave: an even number stay.
    leaving_counts = {
        kind: range(len(spots) % 2, above[kind] + 1, 2) for kind, spots in places.items()
    }
    ways = math.prod(
        sum(math.comb(len(places[kind]), number) for number in numbers)
        for kind, numbers in leaving_counts.items()
    )
    if ways > _RELEASE_CHOICES:  # counted first: the choices themselves may be countless
        return False
    choices = [
        [
            leaving
            for number in leaving_counts[kind]
            for leaving in itertools.combinations(spots, number)
        ]
        for kind, spots in places.items()
    ]
    for picked in itertools.product(*choices):
        leaving = set(itertools.chain.from_iterable(picked))
        if _nests([kind for place, kind in enumerate(line) if place not in leaving]):
            return False
    return True


def _nests(line: list[int]) -> bool:
    """Whether *line* pairs off as nested brackets (each pair of equal neighbours, once those
    between are gone).

    >>> _nests([1, 2, 2, 1]), _nests([1, 2, 1, 2])
    (True, False)
    """
    # Deleting two equal neighbours at a time reaches the empty word from every word that
    # nests, whatever the order of the deletions: so one pass with a stack decides.
    stack: list[int] = []
    for kind in line:
        if stack and stack[-1] == kind:
            stack.pop()
        else:
            stack.append(kind)
    return not stack


def _still(grid: Grid, tiles: list[int]) -> bool:
    """Whether removing these tiles, now or later, can move no other tile (with gravity).

    So only when nothing is above any of them and no column has a gap below one.
    """
    return all(_stack(grid, index) == (0, True) for index in tiles)


def _falls(grid: Grid, i: int, j: int) -> int:
    """How many tiles fall when the tiles at padded *i* and *j* (``i < j``) are removed."""
    if (j - i) % grid.stride:
        return _stack(grid, i)[0] + _stack(grid, j)[0]
    return _stack(grid, j)[0] - 1  # one column: what is above the lower tile, but the upper


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
    stride = board.width + 2
    line: list[_Move] = []
    longest: list[_Move] = []

    def result(moves: list[_Move], complete: bool) -> SearchResult[Board, Pair]:
        pairs = tuple(pair_of_move(removal, stride) for move in moves for removal in move)
        final = board
        if pairs:  # the search grid has moved on: replay the line on a fresh copy
            replay = board._grid.copy()
            for move in moves:
                for removal in move:
                    replay.remove(*removal)
            final = Board(replay.rows(), board.rules)
        return SearchResult(
            board, pairs, final, complete, nodes=budget.nodes, seconds=budget.elapsed
        )

    depth = 0  # the line's first moves that are the longest line, not yet copied (0: none)
    tiles = total = len(board.tiles)
    if not board.is_valid() or not tiles:  # an odd kind is a proof; no tile, a solution
        return result([], True)
    try:
        if budget.spend():
            return result([], False)
        grid = board._grid.copy()
        position: _Fixed | _Moving = (
            _Moving(grid, budget) if grid.gravity or grid.slide else _Fixed(grid, budget)
        )
        root = position.key()
        visited = {root}
        played: list[_Played] = []
        keys: list[int | bytes] = []
        """The keys of the boards along the line, the last move's last."""
        fewest = tiles
        unit = max(1, total + _RESTART_NODES)  # a dive without backtracking: total // 2 nodes
        restart = 0
        cap = unit
        frames = [position.expand()]

        def retreat() -> None:
            """Take back the last move."""
            nonlocal tiles, depth, longest
            if depth == len(line):  # about to be cut: copy it now
                longest, depth = line.copy(), 0
            move = line.pop()
            keys.pop()
            position.undo(move, played.pop())
            tiles += 2 * len(move)

        while frames:
            if budget.exhausted or budget.spend():
                return result(line[:depth] if depth else longest, False)
            cap -= 1
            if not cap:
                # Restart in another order. Every board seen is dead (its moves all
                # tried) but those along the line, whose moves are not: forget those.
                visited.difference_update(keys)
                while line:
                    retreat()
                restart += 1
                cap = unit * _luby(restart)
                position.restart(random.Random(restart))
                frames = [position.expand()]
                continue
            move = next(frames[-1], None)
            if move is None:
                frames.pop()
                if line:
                    retreat()
                continue
            played.append(position.play(move))
            line.append(move)
            tiles -= 2 * len(move)
            if not tiles:
                return result(line, True)
            key = position.key()
            keys.append(key)
            if key in visited:
                retreat()
                continue
            visited.add(key)
            if tiles < fewest:
                fewest, depth = tiles, len(line)
                budget.best = (total - tiles) // 2
            frames.append(position.expand())
    except KeyboardInterrupt:
        budget.interrupt()
        return result(line[:depth] if depth else longest, False)
    return result(longest, not budget.exhausted)


def _luby(n: int) -> int:
    """The *n*-th term (from 1) of Luby's sequence, the lengths of restarts in units: it
    wastes at most a log factor against the best fixed length, whatever that is.

    >>> [_luby(n) for n in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    while True:
        k = n.bit_length()  # 2**(k-1) <= n < 2**k
        if n == (1 << k) - 1:
            return 1 << (k - 1)
        n -= (1 << (k - 1)) - 1
