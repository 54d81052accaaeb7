"""Random boards by construction: tileable ones come with a tiling, untileable ones with a proof.

A tileable board is never searched for as a whole: it is built with a tiling
in hand.

* At most two holes: the theorems tile the board at any size, around holes
  drawn uniformly from those they allow.
* Few holes far apart (at most 64, at least 50 cells a hole, 1000 cells or
  more): the holes are drawn uniformly and the board is cut straight across
  into rectangles with at most one hole each that the theorems tile
  (``construct.decompose``); a draw no cut fits is
  drawn again.
* Otherwise the board is cut into blocks of 6 to 11 cells a side (a board up
  to 11 x 11 is one block) and the holes are shared out among them, in threes
  in proportion to their areas. Each block's holes are drawn uniformly until
  the exact search tiles the block. Where draws keep failing (dense holes),
  a tiling of the block from the theorems loses random trominoes instead,
  three holes each, and random local moves spread the holes. Last, local
  moves across the whole board blur the blocks' borders.

A local move picks a small window (2x2, 2x3, 3x2 or 3x3 cells) next to a
hole, or anywhere, that holds only holes and whole trominoes, and lays the
same number of trominoes in it again, in a way drawn uniformly from all the
ways: a tromino and a hole in a 2x2 square move the hole to another corner,
two trominoes in a 2x3 rectangle turn over, a tromino and six holes in a
3x3 square go anywhere in it. Each move keeps a tiling.

An untileable board with the requested number of holes has one of three
proofs. When the cells to cover are not a multiple of 3 the holes are drawn
uniformly: the count proves it. On boards of at most :data:`PROVED_CELLS`
cells one hole of a tileable board is moved to a free cell drawn at random,
until the exact search proves the result untileable while every connected
region has a multiple of 3 cells and every cell room for a tromino (so
nothing shows at a glance). Otherwise (or when that finds nothing) a corner
*pocket* of ``a x b`` free cells (``a, b <= 4``, ``a * b`` not a multiple of
3) is walled off by holes on an otherwise tileable board:
:func:`~puzzlekit.tromino.untileable_reason` names it.

>>> tiling = random_tiling(6, holes=3, seed=1)
>>> tiling.is_valid(), len(tiling.board.holes)
(True, 3)
>>> board = random_board(6, holes=3, tileable=False, seed=1)
>>> from puzzlekit.tromino import is_tileable
>>> len(board.holes), is_tileable(board)
(3, False)
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

from puzzlekit.errors import ArgumentError
from puzzlekit.grid import Cell, check_int
from puzzlekit.limits import Budget, ProgressCallback, make_rng, on_time
from puzzlekit.tromino.board import BLOCK_CELLS, Board, check_size
from puzzlekit.tromino.construct import (
    decompose,
    fill_rectangle,
    one_hole_codes,
    one_hole_reason,
    rectangle_tileable,
    restrided,
    untileable_reason,
)
from puzzlekit.tromino.params import Params, check_playable, params_or_default
from puzzlekit.tromino.solver import Triple, decide_free_cells, search_tiling
from puzzlekit.tromino.tiling import Tiling

__all__ = ["PROVED_CELLS", "random_board", "random_state", "random_tiling"]

PROVED_CELLS = 144
"""Untileable boards up to this many cells get a proof by the exact search (see above)."""

_SPARSE_HOLES = 64  # at most this many holes: drawn uniformly and cut into rectangles
_SPARSE_CELLS = 50  # ... when there are at least this many cells a hole
_SPARSE_FROM = 1000  # ... on boards of at least this many cells
_SPARSE_TRIES = 4  # draws before falling back to blocks
_BLOCK, _BLOCK_MAX = 6, 11  # larger boards are cut into blocks of 6 to 11 a side
_DRAW_TRIES = 20  # uniform draws of a block's holes before moving them about instead
_DENSE = 5  # ... but one draw when over a fifth of the cells are holes (nearly all fail)
_MOVES_PER_HOLE = 8  # local moves a hole in a block whose draws failed
_BLUR_PER_HOLE = 4  # local moves a hole once the blocks are put together
_HOLE_FIRST = 3  # of 4 moves, this many start at a hole (where moves can change something)
_PROVE_TRIES = 30  # moved-hole boards the exact search looks at
_WHAT = "random_board"  # the call a limit names when it stops the work
_WINDOWS = ((2, 2), (2, 3), (3, 2), (3, 3))

# Each window's layouts: by number of trominoes, every set of disjoint trominoes
# in it, each as (row, col, orientation) of its 2x2 block within the window.
Layout = tuple[tuple[int, int, int], ...]


@cache
def _layouts(rows: int, cols: int) -> tuple[tuple[Layout, ...], ...]:
    placed = [(r, c, o) for r in range(rows - 1) for c in range(cols - 1) for o in range(4)]

    def cells(piece: tuple[int, int, int]) -> set[Cell]:
        r, c, o = piece
        return {(r + dr, c + dc) for dr, dc in BLOCK_CELLS[o]}

    layouts: list[tuple[Layout, ...]] = []
    for count in range(rows * cols // 3 + 1):
        layouts.append(tuple(
            pieces for pieces in combinations(placed, count)
            if len(set().union(*map(cells, pieces))) == 3 * count
        ))
    return tuple(layouts)


class _Shuffler:
    """A tiling with holes as flat arrays, changed by local moves.

    ``owner[cell]`` is the index of the tromino covering the cell (into
    ``codes``, stride *width*) or ``-1`` for a hole; ``holes`` lists the holes
    and ``where[cell]`` is a hole's place in that list.
    """

    def __init__(self, height: int, width: int, codes: list[int], holes: list[int]) -> None:
        self.height, self.width = height, width
        self.codes = codes
        self.owner = [-1] * (height * width)
        offsets = [[dr * width + dc for dr, dc in cells] for cells in BLOCK_CELLS]
        for index, code in enumerate(codes):
            for offset in offsets[code & 3]:
                self.owner[(code >> 2) + offset] = index
        self.holes = holes
        self.where = [-1] * (height * width)
        for place, cell in enumerate(holes):
            self.where[cell] = place
        # For each window that fits: its cells' offsets and its layouts as (code
        # offset, cell offsets) of each tromino.
        self.windows = [
            (rows, cols, [r * width + c for r in range(rows) for c in range(cols)],
             [[[((r * width + c) * 4 + o, [(r + dr) * width + c + dc
                                           for dr, dc in BLOCK_CELLS[o]])
                for r, c, o in layout] for layout in layouts]
              for layouts in _layouts(rows, cols)])
            for rows, cols in _WINDOWS if rows <= height and cols <= width
        ]

    def remove_hole(self, cell: int) -> None:
        place = self.where[cell]
        last = self.holes.pop()
        if last != cell:
            self.holes[place] = last
            self.where[last] = place
        self.where[cell] = -1

    def add_hole(self, cell: int) -> None:
        self.where[cell] = len(self.holes)
        self.holes.append(cell)

    def take_away(self, count: int, rng: random.Random) -> None:
        """Make holes of *count* trominoes drawn at random (their codes become -1)."""
        offsets = [[dr * self.width + dc for dr, dc in cells] for cells in BLOCK_CELLS]
        for index in rng.sample(range(len(self.codes)), count):
            code = self.codes[index]
            for offset in offsets[code & 3]:
                self.owner[(code >> 2) + offset] = -1
                self.add_hole((code >> 2) + offset)
            self.codes[index] = -1

    def move(self, rng: random.Random, budget: Budget, moves: int) -> None:
        """Make *moves* random local moves (see the module's docstring)."""
        height, width, owner, windows = self.height, self.width, self.owner, self.windows
        cells = height * width
        if not windows:
            return
        holes, draw, count = self.holes, rng.random, len(windows)
        for step in range(moves):
            if step & 255 == 0 and budget.spend(min(256, moves - step)):
                raise budget.limit_reached(_WHAT)
            # rng.random() scaled: randrange costs ten times as much here.
            if holes and step & 3 < _HOLE_FIRST:
                cell = holes[int(draw() * len(holes))]
            else:
                cell = int(draw() * cells)
            rows, cols, offsets, layouts = windows[int(draw() * count)]
            row, col = divmod(cell, width)
            # A window holding the cell or touching it: moves beside a hole free it.
            low, high = max(0, row - rows), min(row + 1, height - rows)
            top = low + int(draw() * (high - low + 1))
            low, high = max(0, col - cols), min(col + 1, width - cols)
            left = low + int(draw() * (high - low + 1))
            base = top * width + left
            seen: dict[int, int] = {}
            for offset in offsets:
                piece = owner[base + offset]
                if piece >= 0:
                    seen[piece] = seen.get(piece, 0) + 1
            if any(count != 3 for count in seen.values()):
                continue  # a tromino reaches out of the window: it stays
            choices = layouts[len(seen)]
            if len(choices) < 2:
                continue
            for offset in offsets:
                if owner[base + offset] < 0:
                    self.remove_hole(base + offset)
                owner[base + offset] = -1
            for piece, (code, covered) in zip(seen, choices[int(draw() * len(choices))],
                                              strict=True):
                self.codes[piece] = base * 4 + code
                for offset in covered:
                    owner[base + offset] = piece
            for offset in offsets:
                if owner[base + offset] < 0:
                    self.add_hole(base + offset)

    def tiling(self) -> Tiling:
        width = self.width
        board = Board(self.height, width, [divmod(cell, width) for cell in self.holes])
        return Tiling.trusted(board, tuple(code for code in self.codes if code >= 0))


def _check_request(height: object, width: object, holes: object) -> tuple[int, int, int]:
    height, width = check_size(height, width)
    holes = check_int("holes", holes, minimum=0, maximum=height * width)
    return height, width, holes


def _base(height: int, width: int, holes: int, rng: random.Random,
          budget: Budget) -> tuple[list[int], list[int]] | None:
    """A tiling (codes) and its holes (flat cells), at most *holes* of them and as many
    modulo 3, built by the theorems; ``None`` when the board has no tiling with that
    many holes."""
    cells = height * width
    if min(height, width) == 1:
        return ([], list(range(cells))) if holes == cells else None
    codes: list[int] = []
    if cells % 3 == 0:
        if rectangle_tileable(height, width):
            fill_rectangle(codes, width, 0, 0, height, width, budget, _WHAT)
            return codes, []
        if holes < 3:
            return None
        # 3 by odd: leave out a line of 3 across the short side, with an even number
        # of lines on each side of it.
        if height == 3:
            at = 2 * rng.randrange((width + 1) // 2)
            fill_rectangle(codes, width, 0, 0, 3, at, budget, _WHAT)
            fill_rectangle(codes, width, 0, at + 1, 3, width - at - 1, budget, _WHAT)
            return codes, [row * width + at for row in range(3)]
        at = 2 * rng.randrange((height + 1) // 2)
        fill_rectangle(codes, width, 0, 0, at, width, budget, _WHAT)
        fill_rectangle(codes, width, at + 1, 0, height - at - 1, 3, budget, _WHAT)
        return codes, [at * width + col for col in range(3)]
    if cells % 3 == 1:
        return codes, [_one_hole(height, width, 0, 0, width, rng, budget, codes)]
    # Two holes: cut into two rectangles of 1 cell more than a multiple of 3 each (with
    # h = 1 and w = 2 modulo 3, two rows and h - 2 rows, which is at least 2).
    cuts = [(across, at) for across, side, other in ((True, height, width), (False, width, height))
            for at in range(1, side) if at * other % 3 == 1
            and _splits(at, side - at, other)]
    across, at = rng.choice(cuts)
    if across:
        return codes, [_one_hole(at, width, 0, 0, width, rng, budget, codes),
                       _one_hole(height - at, width, at, 0, width, rng, budget, codes)]
    return codes, [_one_hole(height, at, 0, 0, width, rng, budget, codes),
                   _one_hole(height, width - at, 0, at, width, rng, budget, codes)]


def _splits(first: int, second: int, other: int) -> bool:
    """Whether both parts of a cut, *first* and *second* long and *other* across, can
    hold one hole each (no part one cell thin unless it is a single cell)."""
    return all(min(length, other) > 1 or length * other == 1 for length in (first, second))


def _one_hole(height: int, width: int, top: int, left: int, stride: int,
              rng: random.Random, budget: Budget, codes: list[int]) -> int:
    """Tile the ``height x width`` rectangle at (*top*, *left*) of a board *stride* wide
    with one hole drawn uniformly from those the theorems allow: append the codes to
    *codes*, return the hole (a flat cell)."""
    while True:
        hole = (rng.randrange(height), rng.randrange(width))
        if one_hole_reason(height, width, hole) is None:
            break
    codes += restrided(one_hole_codes(height, width, hole, budget, _WHAT), width, stride, top,
                       left, budget, _WHAT)
    return (hole[0] + top) * stride + hole[1] + left


def _drawn(height: int, width: int, holes: int, rng: random.Random,
           budget: Budget) -> tuple[list[int], list[int]] | None:
    """Holes drawn uniformly until the exact search tiles the board: its codes and
    holes, or ``None`` when :data:`_DRAW_TRIES` draws fail (dense holes)."""
    cells = height * width
    for _ in range(_DRAW_TRIES if holes * _DENSE <= cells else 1):
        drawn = rng.sample(range(cells), holes)
        found = search_tiling(height, width, [divmod(cell, width) for cell in drawn],
                              budget, rng, what=_WHAT)
        if found is not None:
            return [_code(cells, width) for cells in found], drawn
    return None


def _code(cells: Triple, width: int) -> int:
    """The code of a tromino given by its cells: the block cell it leaves out is the
    one whose index (0 to 3) the three cells' indices do not sum up to, from 6."""
    top = min(row for row, _ in cells)
    left = min(col for _, col in cells)
    missing = 6 - sum(2 * (row - top) + col - left for row, col in cells)
    return (top * width + left) * 4 + missing


def _block(height: int, width: int, holes: int, rng: random.Random,
           budget: Budget) -> tuple[list[int], list[int]]:
    """The codes and holes of a tiled block with *holes* holes: drawn, or when draws
    keep failing, built and moved about (see the module's docstring)."""
    if holes == 0 and rectangle_tileable(height, width):
        codes: list[int] = []
        fill_rectangle(codes, width, 0, 0, height, width, budget, _WHAT)
        return codes, []
    drawn = _drawn(height, width, holes, rng, budget)
    if drawn is not None:
        return drawn
    base = _base(height, width, holes, rng, budget)
    if base is None:
        reason = untileable_reason(Board(height, width))
        raise ArgumentError(
            f"no {width}x{height} board with {holes} holes can be tiled: "
            + (reason or "a tromino needs a 2x2 block")
        )
    shuffler = _Shuffler(height, width, *base)
    shuffler.take_away((holes - len(base[1])) // 3, rng)
    shuffler.move(rng, budget, _MOVES_PER_HOLE * holes)
    return [code for code in shuffler.codes if code >= 0], shuffler.holes


def _segments(length: int, rng: random.Random) -> list[tuple[int, int]]:
    """Cut a side into pieces ``(start, size)``: 6 long but one of 6 to 11 at random."""
    if length <= _BLOCK_MAX:
        return [(0, length)]
    sizes = [_BLOCK] * (length // _BLOCK)
    sizes[rng.randrange(len(sizes))] += length % _BLOCK
    starts = [0]
    for size in sizes[:-1]:
        starts.append(starts[-1] + size)
    return list(zip(starts, sizes, strict=True))


def _share(holes: int, blocks: list[tuple[int, int, int, int]],
           rng: random.Random) -> list[int] | None:
    """How many holes each block gets: as many modulo 3 as its area (three more in a
    3-by-odd block, which cannot be tiled whole), the rest in threes at random in
    proportion to area; ``None`` when *holes* are too few."""
    # A board has a few block sizes and maybe many blocks: each size is looked at once.
    least = {(h, w): h * w % 3 + (3 if h * w % 3 == 0 and not rectangle_tileable(h, w) else 0)
             for h, w in {(h, w) for _, _, h, w in blocks}}
    need = [least[h, w] for _, _, h, w in blocks]
    if sum(need) > holes:
        return None
    room = [(h * w - least) // 3 for (_, _, h, w), least in zip(blocks, need, strict=True)]
    threes = [0] * len(blocks)
    for index in rng.choices(range(len(blocks)), [h * w for _, _, h, w in blocks],
                             k=(holes - sum(need)) // 3):
        threes[index] += 1
    over = sum(max(0, count - most) for count, most in zip(threes, room, strict=True))
    if over:  # rare, and the list of spare room is as long as the board is large
        threes = [min(count, most) for count, most in zip(threes, room, strict=True)]
        spare = [index for index, most in enumerate(room) for _ in range(most - threes[index])]
        for index in rng.sample(spare, over):
            threes[index] += 1
    return [least + 3 * count for least, count in zip(need, threes, strict=True)]


def build_tiling(height: int, width: int, holes: int, rng: random.Random,
                 budget: Budget) -> Tiling:
    """A random tiling of a ``height x width`` board with *holes* holes (checked sizes),
    drawn from *rng* under *budget* (see the module's docstring)."""
    cells = height * width
    if (cells - holes) % 3:
        raise ArgumentError(
            f"a {width}x{height} board with {holes} holes has {cells - holes} cells to "
            "cover, not a multiple of 3, so it cannot be tiled"
        )
    if 2 <= holes <= _SPARSE_HOLES and cells >= max(_SPARSE_FROM, _SPARSE_CELLS * holes):
        for _ in range(_SPARSE_TRIES):
            drawn = frozenset(divmod(cell, width) for cell in rng.sample(range(cells), holes))
            found = decompose(height, width, drawn, budget, what=_WHAT)
            if found is not None:
                return Tiling.trusted(Board(height, width, drawn), tuple(found))
    if min(height, width) == 1 and holes < cells:
        raise ArgumentError(f"no {width}x{height} board with {holes} holes can be tiled: "
                            "a board one cell wide has no room for an L-tromino")
    if holes < 3:  # the theorems tile it at any size
        base = _base(height, width, holes, rng, budget)
        if base is None:
            raise ArgumentError(f"no {width}x{height} board with {holes} holes can be tiled: "
                                + str(untileable_reason(Board(height, width))))
        return Tiling.trusted(Board(height, width, [divmod(cell, width) for cell in base[1]]),
                              tuple(base[0]))
    blocks: list[tuple[int, int, int, int]] = []
    for top, rows in _segments(height, rng):
        on_time(budget, _WHAT)  # a large board has many blocks: look at the clock per row
        blocks += [(top, left, rows, cols) for left, cols in _segments(width, rng)]
    shares = _share(holes, blocks, rng)
    on_time(budget, _WHAT)
    if shares is None:
        raise ArgumentError(
            f"no {width}x{height} board with {holes} holes can be tiled: "
            + str(untileable_reason(Board(height, width)))
        )
    codes: list[int] = []
    hole_cells: list[int] = []
    for (top, left, rows, cols), share in zip(blocks, shares, strict=True):
        found, inside = _block(rows, cols, share, rng, budget)
        codes += restrided(found, cols, width, top, left, budget, _WHAT)
        shift = top * width + left
        hole_cells += [cell // cols * width + cell % cols + shift for cell in inside]
    if len(blocks) == 1:
        return Tiling.trusted(Board(height, width, [divmod(cell, width) for cell in hole_cells]),
                              tuple(codes))
    on_time(budget, _WHAT)
    shuffler = _Shuffler(height, width, codes, hole_cells)
    shuffler.move(rng, budget, _BLUR_PER_HOLE * holes)  # blur the blocks' borders
    return shuffler.tiling()


def _pocket(height: int, width: int, holes: int, rng: random.Random,
            budget: Budget) -> Board:
    """A board with *holes* holes and a corner pocket of free cells, not a multiple of 3,
    walled off by holes (see the module's docstring)."""
    cells = height * width
    sizes = [(a, b) for a in range(1, min(4, height - 1) + 1)
             for b in range(1, min(4, width - 1) + 1)
             if (a * b) % 3 and a + b <= holes and a * b + holes <= cells]
    a, b = rng.choice(sizes)
    pocket = {(r, c) for r in range(a) for c in range(b)}
    walls = {(a, c) for c in range(b)} | {(r, b) for r in range(a)}
    flip_rows, flip_cols = rng.random() < 0.5, rng.random() < 0.5

    def turned(cell: Cell) -> Cell:
        return (height - 1 - cell[0] if flip_rows else cell[0],
                width - 1 - cell[1] if flip_cols else cell[1])

    pocket, walls = {turned(cell) for cell in pocket}, {turned(cell) for cell in walls}
    # The other holes from a tileable board, so that only the pocket is wrong.
    rest = holes - len(walls)
    near = rest - (rest - cells) % 3  # at most rest, leaving a multiple of 3 to cover
    drawn: set[Cell] = set()
    if near >= 0:
        try:
            drawn = set(build_tiling(height, width, near, rng, budget).board.holes)
        except ArgumentError:  # 3 by odd with no holes: the holes come at random
            drawn = set()
    chosen = (drawn - pocket) | walls  # at most holes: drawn has at most rest
    # The holes still missing, uniform among the other cells: a sample of cell numbers
    # large enough to hold them besides every cell taken already (no list of all cells).
    taken = len(chosen) + len(pocket)
    for number in rng.sample(range(cells), min(cells, holes - len(chosen) + taken)):
        if len(chosen) == holes:
            break
        cell = divmod(number, width)
        if cell not in pocket:
            chosen.add(cell)
    return Board(height, width, chosen)


def _moved_hole(height: int, width: int, holes: int, rng: random.Random,
                budget: Budget) -> Board | None:
    """A board near a tileable one (one hole moved) that the exact search proves
    untileable with nothing to see at a glance, or ``None`` when the tries find none."""
    cells = height * width
    for _ in range(_PROVE_TRIES):
        board = build_tiling(height, width, holes, rng, budget).board
        hole = rng.choice(sorted(board.holes))
        free = [divmod(cell, width) for cell in range(cells)
                if divmod(cell, width) not in board.holes]
        moved = Board(height, width, (board.holes - {hole}) | {rng.choice(free)})
        if untileable_reason(moved) is None and not decide_free_cells(
            height, width, moved.holes, budget
        ):
            return moved
    return None


def _untileable(height: int, width: int, holes: int, rng: random.Random,
                budget: Budget) -> Board:
    cells = height * width

    def uniform() -> Board:
        return Board(height, width, [divmod(cell, width) for cell in rng.sample(range(cells),
                                                                               holes)])

    if (cells - holes) % 3 or (min(height, width) == 1 and holes < cells):
        return uniform()
    if holes == cells:
        raise ArgumentError(
            f"a {width}x{height} board with {holes} holes has nothing to cover: it is tiled"
        )
    if holes == 0:
        if rectangle_tileable(height, width):
            raise ArgumentError(
                f"a {width}x{height} rectangle can always be tiled (Chu and Johnsonbaugh)"
            )
        return Board(height, width)
    if holes == 1:
        # The theorems rule out few holes, if any: try cells at random, then the
        # middle cells of the second lines of a 5-wide board.
        tried = [divmod(rng.randrange(cells), width) for _ in range(64)]
        tried += [(2, 1), (2, width - 2), (1, 2), (height - 2, 2)]
        bad = [hole for hole in tried if 0 <= hole[0] < height and 0 <= hole[1] < width
               and one_hole_reason(height, width, hole) is not None]
        if not bad:
            raise ArgumentError(
                f"every {width}x{height} board with one hole can be tiled (Chu and "
                "Johnsonbaugh; Ash and Golomb)"
            )
        return Board(height, width, [bad[0]])
    if cells <= PROVED_CELLS:
        found = _moved_hole(height, width, holes, rng, budget)
        if found is not None:
            return found
    return _pocket(height, width, holes, rng, budget)


def random_tiling(
    height: int,
    width: int | None = None,
    *,
    holes: int = 1,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Tiling:
    """A random tileable ``height x width`` board (square when *width* is ``None``) with
    *holes* holes, and a tiling of it: the board :func:`random_board` deals for the
    same arguments, and the proof that it can be tiled.

    Built, not searched for (see :mod:`puzzlekit.tromino.shuffle`): fast at any
    size. The same *seed* gives the same tiling, ``seed=None`` a fresh one. The
    limits count local moves (and search nodes, on the few boards too small
    for the theorems' cuts); running out raises :class:`~puzzlekit.LimitReached`.
    A board that no tiling with *holes* holes exists for is an
    :class:`~puzzlekit.ArgumentError`.

    >>> tiling = random_tiling(64, holes=301, seed=5)
    >>> tiling.is_valid(), len(tiling.board.holes), len(tiling)
    (True, 301, 1265)
    >>> random_tiling(3, 5, holes=0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: no 5x3 board with 0 holes can be tiled: a 5x3 rectangle \
cannot be tiled (Chu and Johnsonbaugh: 3 by odd)
    """
    height, width, holes = _check_request(height, height if width is None else width, holes)
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    return build_tiling(height, width, holes, make_rng(seed), budget)


def random_board(
    height: int,
    width: int | None = None,
    *,
    holes: int = 1,
    tileable: bool = True,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Board:
    """A random ``height x width`` board (square when *width* is ``None``) with *holes*
    holes that can be tiled, or with ``tileable=False`` that cannot.

    Both are guaranteed by construction, fast at any size (see
    :mod:`puzzlekit.tromino.shuffle`): a tileable board is built with a tiling
    (:func:`random_tiling` returns it), an untileable one with a proof (the
    count of cells, the exact search on boards of at most :data:`PROVED_CELLS`
    cells, or a walled-off pocket that :func:`~puzzlekit.tromino.untileable_reason`
    names). The same *seed* gives the same board, ``seed=None`` a fresh one.
    The limits count local moves and search nodes;
    running out raises :class:`~puzzlekit.LimitReached`. A request no board
    meets (more holes than cells, a tileable board whose cells to cover are
    not a multiple of 3, an untileable 8x8 board with one hole...) is an
    :class:`~puzzlekit.ArgumentError`.

    >>> random_board(8, seed=3) == random_board(8, seed=3)
    True
    >>> random_board(5, holes=2)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: a 5x5 board with 2 holes has 23 cells to cover, \
not a multiple of 3, so it cannot be tiled
    >>> random_board(5, holes=1, tileable=False, seed=2).holes  # 5x5: odd ones fail
    frozenset({(0, 1)})
    """
    height, width, holes = _check_request(height, height if width is None else width, holes)
    if not isinstance(tileable, bool):
        raise TypeError(f"tileable must be a bool, not {type(tileable).__name__}")
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    rng = make_rng(seed)
    if tileable:
        return build_tiling(height, width, holes, rng, budget).board
    return _untileable(height, width, holes, rng, budget)


def random_state(seed: int | None = None, params: Params | None = None) -> Board:
    """A random tileable board of *params* (``None``: the ``default`` preset, 8x8 with 10
    holes): :func:`random_board` for its size and holes. The same *seed* gives the same
    board, ``seed=None`` a fresh one; params no tileable board has (or only one with
    nothing to tile) are an :class:`~puzzlekit.ArgumentError`.

    >>> from puzzlekit.tromino import Params, params_of
    >>> board = random_state(7, Params(9, 5, holes=3))
    >>> board == random_state(7, Params(9, 5, holes=3)), params_of(board), board.is_solved
    (True, Params(width=9, height=5, holes=3), False)
    """
    params = params_or_default(params)
    check_playable(params)
    return random_board(params.height, params.width, holes=params.holes, seed=seed)
