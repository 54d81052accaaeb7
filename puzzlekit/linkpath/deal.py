"""Deals that can be cleared, built in reverse, and shuffles.

A deal is built backwards from an empty board: each step puts a pair of
equal tiles on two empty cells that are linked on the board as it stands, so
removing the pairs in the reverse order clears it (the *witness*). Two
things make every construction finish:

- **Without gravity** the empty cells still to fill always keep a domino
  tiling (a perfect matching of neighbouring cells). Most steps pair the
  far ends of two dominoes side by side, which link through the near ends,
  and tile the near ends together: nothing to search. The others mend the
  tiling by a short augmenting path. Neighbours always link, so when no
  other pair fits the construction can always go on with a domino. Keeping
  a tiling means a pair joins cells of opposite chessboard colours. The
  board is filled loosely from the middle outwards, so the last cells to fill (the
  first pairs a player removes) lie near the edge, where links round the
  ring reach them, rather than in holes only a neighbour can fill; pairs of
  neighbours are only a fallback. The deals then start with a few dozen
  moves on a 16 x 30 board, as random deals do, not hundreds.
- **With gravity** (tiles fall down) a removal shifts the tiles above it, so
  a step inserts each tile somewhere in its column, pushing the tiles above
  it up. The columns' free space can always be filled by vertical pairs and
  side-by-side pairs as long as a left-to-right parity scan succeeds, which
  each step keeps true.

>>> board, witness = deal_with_solution(4, 4, 3, seed=1)
>>> for pair in witness:
...     board = board.play(pair)
>>> board.is_solved
True
"""

from __future__ import annotations

import functools
import itertools
import random
from heapq import heappop, heappush
from typing import NamedTuple

from puzzlekit.errors import ArgumentError, LimitReached, UnsolvableError, quoted
from puzzlekit.grid import check_characters, check_int, parse_grid
from puzzlekit.limits import Budget, ProgressCallback, make_rng
from puzzlekit.linkpath.board import MAX_SIDE, Board, Pair, Rules, built_board, pairs_of_codes
from puzzlekit.linkpath.params import Params, params_or_default
from puzzlekit.linkpath.paths import Grid, Reach

__all__ = [
    "LAYOUTS",
    "built_deal",
    "deal",
    "deal_with_solution",
    "layout_cells",
    "plant_traps",
    "random_state",
    "shuffle_kinds",
]

_STARTS = 3
"""First cells tried per step before falling back to a pair of neighbours."""

_JITTER = 1.0
"""How loosely the construction fills the board from the middle outwards (in cells)."""

_TRIES = 40
"""Partners tried for each first cell."""

_POOL = 2 * _TRIES + 16
"""Waiting cells looked at per pair: enough for the tries of opposite colour."""

_FILL_MAX_CELLS = 1500
"""The most padded cells on which the construction finds links by fills (see ``_Links``):
on larger boards a fill's ints cost more than testing partners one by one."""

_SEARCH = 48
"""The most cells the tiling repair may visit before a pair is given up."""

_REPAIRS = 6
"""Failed tiling repairs allowed per pair before falling back to neighbours."""

_ROWS = 4
"""With gravity: insertion rows drawn for the second tile of a pair."""

_CELL_BITS = ((MAX_SIDE + 2) ** 2).bit_length()
"""Bits enough for any padded cell index: a partner's key holds its distance above them."""

_CELL_MASK = (1 << _CELL_BITS) - 1
"""The cell's bits of a key."""


LAYOUTS = ("full", "vertical", "horizontal")
"""The named layouts: every cell; every third column left empty (from the
third on, vertical corridors); every third row left empty."""


def layout_cells(
    height: int, width: int, kinds: int, layout: str | None, rules: Rules
) -> list[tuple[int, int]]:
    """The cells a deal of *layout* fills, in reading order; sizes and *kinds* checked first.

    >>> layout_cells(2, 3, 2, "vertical", Rules())
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    """
    # Sizes first: nothing is allocated before they are known to be small enough.
    check_int("height", height, minimum=1, maximum=MAX_SIDE)
    check_int("width", width, minimum=1, maximum=MAX_SIDE)
    if layout is None or layout == "full":
        cells = [(r, c) for r in range(height) for c in range(width)]
    elif layout == "vertical":
        cells = [(r, c) for r in range(height) for c in range(width) if c % 3 != 2]
    elif layout == "horizontal":
        cells = [(r, c) for r in range(height) for c in range(width) if r % 3 != 2]
    elif isinstance(layout, str) and any(char in layout for char in "#\n"):
        mask = parse_grid(layout, what="layout")
        check_characters(mask, ".#", what="layout")
        if (len(mask), len(mask[0])) != (height, width):
            raise ArgumentError(
                f"the layout is {len(mask)} x {len(mask[0])}, the board {height} x {width}"
            )
        cells = [(r, c) for r, row in enumerate(mask) for c, mark in enumerate(row) if mark == "#"]
    elif isinstance(layout, str):
        raise ArgumentError(
            f"layout must be one of {', '.join(LAYOUTS)} or a mask of '#' and '.', "
            f"not {quoted(layout)}"
        )
    else:
        raise TypeError(f"layout must be a str or None, not {type(layout).__name__}")
    if not cells or len(cells) % 2:
        raise ArgumentError(
            f"a {height} x {width} deal {'' if layout is None else f'on layout {quoted(layout)} '}"
            f"has {len(cells)} cells, an odd number or none; a deal fills every cell with pairs"
        )
    check_int("kinds", kinds, minimum=1, maximum=len(cells) // 2)
    if rules.gravity is not None:
        filled = set(cells)
        if any(r + 1 < height and (r + 1, c) not in filled for r, c in cells):
            raise ArgumentError(
                "with gravity every cell of the layout must rest on another or on the bottom row"
            )
    return cells


def _pair_kinds(pairs: int, kinds: int, rng: random.Random) -> list[int]:
    """The kind of each pair, every kind getting as many pairs as the others (+-1), shuffled."""
    result = [1 + n % kinds for n in range(pairs)]
    rng.shuffle(result)
    return result


def deal_with_solution(
    height: int,
    width: int,
    kinds: int,
    *,
    seed: int | None = None,
    rules: Rules | None = None,
    layout: str | None = None,
    traps: int = 0,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> tuple[Board, tuple[Pair, ...]]:
    """A *height* x *width* board of *kinds* kinds that can be cleared, and a way to clear it.

    Each kind gets an even number of tiles, as equal as the sizes allow.
    Every cell gets a tile, or with *layout* the cells it names: one of
    :data:`LAYOUTS` or a mask, one text row per board row, ``#`` for a tile
    and ``.`` for an empty cell. A layout whose cells cannot be paired off by
    neighbours, or (with gravity) whose tiles would fall, is an
    :class:`~puzzlekit.ArgumentError`. Sides are at most
    :data:`~puzzlekit.linkpath.MAX_SIDE` (checked before anything is
    allocated). ``seed=None`` means fresh randomness. A node is a pair placed
    or a link tried; :class:`~puzzlekit.LimitReached` when a limit (or
    *progress* returning true) stops the construction.

    *traps* (default 0, at most one per 8 tiles) makes the deal harder for a
    player who pairs tiles without looking ahead: up to that many
    *crossings* are planted, as many as the pairs allow. A crossing is a
    2 x 2 square whose diagonal holds two tiles of one kind and whose other
    diagonal two tiles of another, the four from four different pairs of the
    witness, each kind having only those two pairs when the kinds allow. The
    pairs' kinds are dealt again for that, each kind keeping its number of
    pairs, so the witness still clears the board. A player who pairs the two
    outer tiles of both kinds strands the four of the square for good:
    neither diagonal can link while the other stands.

    >>> board, witness = deal_with_solution(2, 3, 2, seed=5)
    >>> len(witness), board.is_valid()
    (3, True)
    >>> board, witness = deal_with_solution(4, 6, 6, seed=2, traps=2)
    >>> print(board)  # 4 and 6 cross in the middle rows, 2 and 5 to their right
    633452
    146256
    164524
    112335
    >>> for pair in witness:
    ...     board = board.play(pair)
    >>> board.is_solved
    True
    >>> print(deal_with_solution(3, 4, 2, seed=5, layout="##..\\n##..\\n####")[0])
    22..
    21..
    1121
    >>> deal_with_solution(3, 3, 2, seed=5)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: a 3 x 3 deal has 9 cells, an odd number or none; a deal ...
    """
    rules = _rules(rules)
    cells = layout_cells(height, width, kinds, layout, rules)
    check_int("traps", traps, minimum=0, maximum=len(cells) // 8)  # a crossing takes 4 pairs
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    rng = make_rng(seed)
    board, witness = built_deal(height, width, kinds, cells, layout, rules, rng, budget)
    if traps:
        board = plant_traps(board, witness, traps, rng)
    return board, witness


def built_deal(
    height: int,
    width: int,
    kinds: int,
    cells: list[tuple[int, int]],
    layout: str | None,
    rules: Rules,
    rng: random.Random,
    budget: Budget,
) -> tuple[Board, tuple[Pair, ...]]:
    """:func:`deal_with_solution` on checked *cells*, from the stream *rng*, within *budget*.

    >>> import random
    >>> from puzzlekit.limits import Budget
    >>> cells = layout_cells(2, 2, 1, None, Rules())
    >>> board, witness = built_deal(2, 2, 1, cells, None, Rules(), random.Random(1), Budget())
    >>> str(board), len(witness)
    ('11\\n11', 2)
    """
    pair_kinds = _pair_kinds(len(cells) // 2, kinds, rng)
    built = _construct(height, width, cells, pair_kinds, rules, rng, budget)
    if built is None:
        raise ArgumentError(
            f"layout {quoted(str(layout))} cannot be dealt: its cells cannot all be paired "
            "off by neighbours"
        )
    grid, placed = built
    witness = pairs_of_codes([i << 16 | j for i, j in reversed(placed)], grid.stride)
    return built_board(grid.rows(), rules, grid), witness


def deal(
    height: int,
    width: int,
    kinds: int,
    *,
    seed: int | None = None,
    solvable: bool = True,
    rules: Rules | None = None,
    layout: str | None = None,
    traps: int = 0,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Board:
    """A *height* x *width* board of *kinds* kinds, clearable unless ``solvable=False``.

    See :func:`deal_with_solution` for the sizes, the layout, the *traps*,
    the seed and the limits; *traps* needs a deal that can be cleared.

    >>> board = deal(4, 6, 5, seed=3)
    >>> board.height, board.width, len(board.tiles)
    (4, 6, 24)
    >>> deal(4, 6, 5, seed=3) == board
    True
    >>> deal(2, 2, 1, seed=0, solvable=False).counts()
    {1: 4}
    >>> len(deal(6, 6, 4, seed=1, layout="vertical").tiles)
    24
    >>> deal(4, 6, 6, seed=2, traps=2) == deal_with_solution(4, 6, 6, seed=2, traps=2)[0]
    True
    """
    if not isinstance(solvable, bool):
        raise TypeError(f"solvable must be a bool, not {solvable!r}")
    if traps and not solvable:
        raise ArgumentError("traps go in deals that can be cleared, not with solvable=False")
    if solvable:
        return deal_with_solution(
            height, width, kinds, seed=seed, rules=rules, layout=layout, traps=traps,
            node_limit=node_limit, time_limit=time_limit, progress=progress,
        )[0]
    rules = _rules(rules)
    cells = layout_cells(height, width, kinds, layout, rules)
    Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)  # checks them
    rng = make_rng(seed)
    tiles = [kind for kind in _pair_kinds(len(cells) // 2, kinds, rng) for _ in range(2)]
    rng.shuffle(tiles)
    rows = [[0] * width for _ in range(height)]
    for (r, c), kind in zip(cells, tiles, strict=True):
        rows[r][c] = kind
    return Board.from_rows(rows, rules=rules)


def random_state(seed: int | None = None, params: Params | None = None) -> Board:
    """A random start of *params* (default: the ``default`` preset): a :func:`deal` that
    can be cleared, of the params' size, kinds and rules; ``seed=None`` means fresh
    randomness.

    >>> from puzzlekit.linkpath import PRESETS, solve
    >>> board = random_state(5, PRESETS["small"])
    >>> board == random_state(5, PRESETS["small"]), board.width, solve(board).solved
    (True, 6, True)
    """
    params = params_or_default(params)
    return deal(params.height, params.width, params.kinds, seed=seed, rules=params.rules)


def _rules(rules: Rules | None) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    return rules


def plant_traps(board: Board, witness: tuple[Pair, ...], traps: int, rng: random.Random) -> Board:
    """*board* with up to *traps* crossings planted (see :func:`deal_with_solution`).

    Only the kinds of the witness's pairs change, so it still clears the board.

    >>> import random
    >>> board, witness = deal_with_solution(4, 4, 4, seed=2)
    >>> trapped = plant_traps(board, witness, 2, random.Random(1))
    >>> sorted(str(trapped).replace("\\n", "")) == sorted(str(board).replace("\\n", ""))
    True
    """
    # The cells each pair's tiles start on: with gravity, replay the witness on
    # tile numbers to follow the tiles down.
    tiles = board.tiles
    number = {cell: n + 1 for n, cell in enumerate(tiles)}
    grid = Grid(
        [[number.get((r, c), 0) for c in range(board.width)] for r in range(board.height)],
        outside=True, max_turns=2, gravity=board.rules.gravity is not None,
    )
    stride = grid.stride
    pair_of: dict[tuple[int, int], int] = {}
    for n, pair in enumerate(witness):
        i = (pair.a[0] + 1) * stride + pair.a[1] + 1
        j = (pair.b[0] + 1) * stride + pair.b[1] + 1
        pair_of[tiles[grid.cells[i] - 1]] = pair_of[tiles[grid.cells[j] - 1]] = n
        grid.remove(i, j)
    squares = []
    for r, c in tiles:
        corners = ((r, c), (r + 1, c + 1), (r, c + 1), (r + 1, c))  # a diagonal, then the other
        square = [pair_of.get(cell, -1) for cell in corners]
        if -1 not in square and len(set(square)) == 4:
            squares.append(square)
    rng.shuffle(squares)
    slots = {kind: count // 2 for kind, count in board.counts().items()}  # pairs to deal
    kind_of: dict[int, int] = {}
    planted = 0
    for square in squares:
        if planted == traps:
            break
        if any(pair in kind_of for pair in square):
            continue
        # kinds with exactly two pairs left first: no other tile of the kind helps out then
        free = sorted(kind for kind, left in slots.items() if left >= 2)
        exact = [kind for kind in free if slots[kind] == 2]
        if len(free) < 2:
            break
        both = rng.sample(exact if len(exact) >= 2 else free, 2)
        for pairs, kind in zip((square[:2], square[2:]), both, strict=True):
            kind_of.update(dict.fromkeys(pairs, kind))
            slots[kind] -= 2
        planted += 1
    rest = [kind for kind, left in sorted(slots.items()) for _ in range(left)]
    rng.shuffle(rest)
    for n in range(len(witness)):
        if n not in kind_of:
            kind_of[n] = rest.pop()
    rows = [list(row) for row in board.rows]
    for (r, c), n in pair_of.items():
        rows[r][c] = kind_of[n]
    return Board.from_rows(rows, rules=board.rules)


# -- the construction ---------------------------------------------------------------


def _construct(
    height: int,
    width: int,
    region: list[tuple[int, int]],
    pair_kinds: list[int],
    rules: Rules,
    rng: random.Random,
    budget: Budget,
) -> tuple[Grid, list[tuple[int, int]]] | None:
    """Fill *region* with the pairs of *pair_kinds*: the grid, with the switches of *rules*,
    and the pairs placed (padded indices, in order), or ``None`` if unsure.

    Raises :class:`~puzzlekit.LimitReached` when *budget* runs out.
    """
    grid = Grid(
        [[0] * width for _ in range(height)],
        outside=rules.outside,
        max_turns=rules.max_turns,
        gravity=rules.gravity is not None,
        groups=rules.groups,
        slide=rules.slide,
    )
    if rules.gravity is None:
        placed = _fill_region(grid, region, pair_kinds, rng, budget)
    else:
        placed = _fill_columns(grid, region, pair_kinds, rng, budget)
    if placed is None:
        return None
    return grid, placed


def _augment(
    mate: dict[int, int],
    region: set[int],
    start: int,
    stride: int,
    limit: int | None = None,
    goal: int | None = None,
) -> bool:
    """Extend the matching *mate* of *region* by an alternating path from unmatched *start*.

    Gives up (changing nothing) after *limit* cells, when given. When the
    one other unmatched cell *goal* is known, the cells nearest to it are
    explored first, so the path is usually found after a few dozen cells
    rather than after a whole disc around *start*.
    """
    came_from: dict[int, tuple[int, int] | None] = {start: None}
    goal_row, goal_col = divmod(start if goal is None else goal, stride)
    queue = [(0, start)]
    while queue:
        u = heappop(queue)[1]
        if limit is not None and len(came_from) > limit:
            return False
        for v in (u - 1, u + 1, u - stride, u + stride):
            if v not in region or v == start:
                continue
            partner = mate.get(v)
            if partner is None:  # an unmatched cell: flip the path back to start
                while True:
                    mate[u], mate[v] = v, u
                    step = came_from[u]
                    if step is None:
                        return True
                    u, v = step
            if partner not in came_from:
                came_from[partner] = (u, v)
                row, col = divmod(partner, stride)
                # Without a goal every cell ranks 0 and the heap keeps insertion order loosely.
                rank = abs(row - goal_row) + abs(col - goal_col) if goal is not None else 0
                heappush(queue, (rank, partner))
    return False


def _tiling(region: set[int], stride: int) -> dict[int, int] | None:
    """A perfect matching of neighbouring cells of *region* (a domino tiling), or ``None``."""
    mate: dict[int, int] = {}
    for cell in sorted(region):
        if cell not in mate:
            for other in (cell + 1, cell + stride):
                if other in region and other not in mate:
                    mate[cell], mate[other] = other, cell
                    break
    for cell in sorted(region):
        if cell not in mate and not _augment(mate, region, cell, stride):
            return None
    return mate


def _stranded(cell: int, empty: set[int], stride: int, a: int, b: int) -> bool:
    """Whether *cell* has no empty neighbour but *a* and *b*: once they are paired it is
    left with none, so no tiling of the rest exists and :func:`_release` would fail.

    >>> stride = 5  # padded cells 6, 7, 8 of a 1 x 3 board
    >>> _stranded(8, {6, 7, 8}, stride, 6, 7), _stranded(7, {6, 7, 8}, stride, 6, 6)
    (True, False)
    """
    for n in (cell - stride, cell - 1, cell + 1, cell + stride):  # a loop: no generator (hot)
        if n in empty and n != a and n != b:
            return False
    return True


@functools.lru_cache(maxsize=16)
def _first_tiling(region: frozenset[int], stride: int) -> dict[int, int] | None:
    """:func:`_tiling` of *region*, kept: a stream of deals of one layout starts from the same
    one (do not change it: copy it)."""
    return _tiling(set(region), stride)


def _release(mate: dict[int, int], region: set[int], a: int, b: int, stride: int) -> bool:
    """Take *a* and *b* out of *region* keeping a perfect matching; undone if impossible."""
    a_mate, b_mate = mate.pop(a), mate.pop(b)
    region.discard(a)
    region.discard(b)
    if a_mate == b:
        return True
    del mate[a_mate], mate[b_mate]
    if _augment(mate, region, a_mate, stride, _SEARCH, b_mate):
        return True
    # restore: the failed search changed nothing, since it flips only on success
    region.update((a, b))
    mate[a], mate[a_mate], mate[b], mate[b_mate] = a_mate, a, b_mate, b
    return False


class _Shape(NamedTuple):
    """What the construction reads of a padded grid's shape, made once per shape."""

    row_of: list[int]
    """Each padded cell's row."""
    col_of: list[int]
    colour_of: list[int]
    """Each padded cell's chessboard colour."""
    of_colour: tuple[list[int], list[int]]
    """By colour: 1 for each padded cell of that colour, else 0."""
    place: list[int]
    """Each padded cell's row and column in one int, in rows twice the stride apart: the
    difference of two places tells the steps from one cell to the other."""
    apart: list[int]
    """By the difference of two places (offset by :attr:`middle`): the steps between the
    cells (rows plus columns), shifted above a cell's bits."""
    middle: int
    """Where the difference 0 is in :attr:`apart`."""
    ring_distance: list[int]
    """Each padded cell's distance to the ring round the board (0 on the ring)."""
    column: int
    """The cells of the left ring column."""
    full: int
    """Every padded cell."""
    row_shifts: list[int]
    column_shifts: list[int]
    around: list[tuple[int, int, int, int]]
    """Each padded cell's neighbours above, left, right and below (past the ring too: only
    ever looked up in sets of cells)."""


@functools.lru_cache(maxsize=16)
def _shape(height: int, width: int) -> _Shape:
    stride = width + 2
    size = (height + 2) * stride
    row_of = [index // stride for index in range(size)]
    col_of = [index % stride for index in range(size)]
    wide = 2 * stride  # columns never wrap into the next row's difference
    middle = (height + 1) * wide + stride
    colour_of = [(r + c) % 2 for r, c in zip(row_of, col_of, strict=True)]
    return _Shape(
        row_of,
        col_of,
        colour_of,
        ([1 - colour for colour in colour_of], colour_of),
        [r * wide + c for r, c in zip(row_of, col_of, strict=True)],
        [
            (abs(rows) + abs(columns)) << _CELL_BITS
            for rows in range(-height - 1, height + 2)
            for columns in range(-stride, stride)
        ],
        middle,
        [
            min(r, c, height + 1 - r, width + 1 - c)
            for r, c in zip(row_of, col_of, strict=True)
        ],
        sum(1 << index for index in range(0, size, stride)),
        (1 << size) - 1,
        _doublings(stride),
        [stride * n for n in _doublings(height + 2)],
        [(index - stride, index - 1, index + 1, index + stride) for index in range(size)],
    )


class _Links:
    """The empty cells a link from a cell reaches, as one int over padded indices.

    The construction asks this for each first cell instead of testing its
    partners one by one: the cells a link of at most *max_turns* turns
    reaches are flood fills along rows and columns through the free cells,
    one fill per segment, each done in a few shifts (an occluded fill), or
    rightwards in one addition, whose carry runs along the free cells. The
    partners are empty themselves, so a partner is linked exactly when the
    fills reach it.
    """

    def __init__(self, grid: Grid) -> None:
        self.shape = shape = _shape(grid.height, grid.width)
        self.max_turns = grid.max_turns
        self.stride = stride = grid.stride
        # A move along a row must not wrap into the next row: the left ring column
        # is never entered moving right, the right one never moving left.
        self.enter_right = shape.full & ~shape.column
        self.enter_left = shape.full & ~(shape.column << (stride - 1))
        occupied = sum(mask << row * stride for row, mask in enumerate(grid.rowm))
        self.layer(shape.full & ~occupied)

    def layer(self, free: int) -> None:
        """The layers of the fills through the cells set in *free* (see :func:`_layers`)."""
        self.free = free
        """The free cells the layers are for: at first, those of the grid."""
        row_shifts, column_shifts = self.shape.row_shifts, self.shape.column_shifts
        self.right = free & self.enter_right
        self.left = _layers(free & self.enter_left, row_shifts, -1)
        self.down = _layers(free, column_shifts, 1)
        self.up = _layers(free, column_shifts, -1)

    def reached(self, runs: Reach, free: int) -> int:
        """The cells of *free* (the free cells now) that a link from the cell whose runs are
        *runs* reaches (and the cell). The layers follow *free* when it changed since the
        last fill: most pairs need no fill, so a pair placed costs nothing here."""
        if free != self.free:
            self.layer(free)
        right, left, down, up = self.right, self.left, self.down, self.up
        row, col, top, bottom, first, last = runs
        stride = self.stride
        # ends of links whose last segment is along a row, along a column
        last_row = ((2 << last) - (1 << first)) << row * stride
        low, high = top * stride + col, bottom * stride + col
        last_column = self.shape.column << col & (2 << high) - (1 << low)
        for _ in range(self.max_turns):
            # Adding a cell to the free cells carries through the run from it up: the
            # bits the sum changes are that run (and the cell past it, not free).
            starts = last_column << 1 & right
            cells = last_column | ((right + starts) ^ right | starts) & right
            for shift, enter in left:
                cells |= cells >> shift & enter
            last_column = last_row
            for shift, enter in down:
                last_column |= last_column << shift & enter
            for shift, enter in up:
                last_column |= last_column >> shift & enter
            last_row = cells
        return last_row | last_column


def _doublings(length: int) -> list[int]:
    """1, 2, 4, ... below *length*: shifts that together cross any run shorter than it."""
    return [1 << n for n in range(max(length - 1, 1).bit_length())]


def _layers(free: int, shifts: list[int], sign: int) -> list[tuple[int, int]]:
    """Each of *shifts* with the cells a fill may enter by it: the ends of runs of free
    cells that long (so a fill grows one way, *sign*, only through free cells)."""
    layers = []
    for shift in shifts:
        layers.append((shift, free))
        free &= free << shift if sign > 0 else free >> shift
    return layers


def _fill_region(
    grid: Grid,
    region: list[tuple[int, int]],
    pair_kinds: list[int],
    rng: random.Random,
    budget: Budget,
) -> list[tuple[int, int]] | None:
    """The construction without gravity: the placed pairs, or ``None`` without a tiling."""
    stride, height, width = grid.stride, grid.height, grid.width
    empty = {(r + 1) * stride + c + 1 for r, c in region}
    tiling = _first_tiling(frozenset(empty), stride)
    if tiling is None:
        return None
    mate = tiling.copy()

    shape, random_float = _shape(height, width), rng.random
    ring_distance, row_of, col_of = shape.ring_distance, shape.row_of, shape.col_of
    cells, rowm, colm = grid.cells, grid.rowm, grid.colm
    max_turns, spend, choice, around = grid.max_turns, budget.spend, rng.choice, shape.around

    # Fill from the middle outwards, loosely: the cells left for last are
    # then near the edge, where links round the ring can still reach them,
    # rather than scattered holes that only a neighbour can fill. The depths
    # are drawn in the set's order, then looked up by the sort (no call a cell).
    depths = [ring_distance[cell] + _JITTER * random_float() for cell in empty]
    order = sorted(empty, key=dict(zip(empty, depths, strict=True)).__getitem__, reverse=True)
    start = 0
    placed: list[tuple[int, int]] = []
    links = _Links(grid) if (height + 2) * stride <= _FILL_MAX_CELLS else None
    free = 0 if links is None else links.free
    for kind in pair_kinds:
        if spend():
            raise budget.limit_reached("deal")
        while order[start] not in empty:
            start += 1
        waiting = filter(empty.__contains__, itertools.islice(order, start, None))
        starts = list(itertools.islice(waiting, _STARTS))
        # A swap, inlined (hot): a first cell *a* tiled with *a_mate*, and a domino
        # (n, b) beside *a_mate*: pairing *a* with *b* and tiling *a_mate* with *n*
        # keeps a tiling, and a, a_mate, n, b is a path of empty cells, so *a* and *b*
        # link when the path's turns are allowed. So most pairs need neither a search
        # for a link nor a tiling repair (:func:`_random_pair` finds the others).
        # Neighbours are left out, as there. The swap is drawn among the straightest
        # of the first cell that has any; each swap looked at is a node.
        chosen = None
        for a in starts:
            a_mate = mate[a]
            swaps = []
            for n in around[a_mate]:
                if n != a and n in empty:
                    b = mate[n]
                    # a turn wherever the path changes direction
                    turns = (n - a_mate != a_mate - a) + (b - n != n - a_mate)
                    if turns <= max_turns and abs(b - a) not in (1, stride):
                        swaps.append((turns, n, b))
            if swaps:
                if spend(len(swaps)):
                    raise budget.limit_reached("deal")
                # The straightest first: random play then clears the deals about as often
                # as those :func:`_random_pair` alone builds.
                if len(swaps) == 1:  # no draw: most first cells have one swap
                    _, n, b = swaps[0]
                else:
                    fewest = min(swaps)[0]
                    _, n, b = choice([swap for swap in swaps if swap[0] == fewest])
                del mate[a], mate[b]
                mate[a_mate], mate[n] = n, a_mate
                empty.discard(a)
                empty.discard(b)
                chosen = a, b
                break
        if chosen is None:
            # Only the first cells that can pair with more than their mate: at the end of a
            # deal most can not (then no search helps), and the domino is taken at once.
            starts = [a for a in starts if not _stranded(mate[a], empty, stride, a, a)]
            if starts:
                chosen = _random_pair(
                    grid, links, free, empty, mate, order, start, starts, budget
                )
        if chosen is None:  # a domino of the tiling: neighbours always link
            chosen = (order[start], mate[order[start]])
            _release(mate, empty, *chosen, stride)
        a, b = chosen
        # Grid.set of the two tiles, inlined (hot)
        cells[a] = cells[b] = kind
        rowm[row_of[a]] |= 1 << col_of[a]
        colm[col_of[a]] |= 1 << row_of[a]
        rowm[row_of[b]] |= 1 << col_of[b]
        colm[col_of[b]] |= 1 << row_of[b]
        free ^= 1 << a | 1 << b  # they were free
        placed.append((a, b) if a < b else (b, a))
    return placed


def _random_pair(
    grid: Grid,
    links: _Links | None,
    free: int,
    empty: set[int],
    mate: dict[int, int],
    order: list[int],
    start: int,
    starts: list[int],
    budget: Budget,
) -> tuple[int, int] | None:
    """A first cell of *starts* and a linked empty cell early in *order* (the waiting cells
    from *start* on) whose removal keeps a tiling of the rest.

    Returns the cells (taken out of *empty*), or ``None``. Neighbours are
    the fallback, so they are not chosen here: deals would otherwise start
    with far more side-by-side pairs than a random deal. The partners of a
    first cell are tried nearest first, each try a node. *links* fills through
    *free*, the cells no tile holds (``None``: each link is tested on its own).
    """
    stride = grid.stride
    # The next waiting cells in order; the holes that earlier pairs left in
    # that stretch of *order* are cut out on the way, so scans stay short.
    pool: list[int] = []
    end = start
    while len(pool) < _POOL and end < len(order):
        end = min(end + _POOL, len(order))
        pool = list(filter(empty.__contains__, order[start:end]))
    order[start:end] = pool
    repairs = _REPAIRS
    row_of, col_of, colour_of, of_colour, place, apart, middle, *_ = _shape(
        grid.height, grid.width
    )
    joined, reach = grid.joined, grid.reach
    others: dict[int, list[int]] = {}  # by colour: the pool's first cells of the other colour
    for a in starts:
        row, col = row_of[a], col_of[a]
        colour = colour_of[a]
        neighbours = (a - stride, a - 1, a + 1, a + stride)
        runs = grid.reach(row, col)
        if grid.max_turns == 0:
            # Only the cells on the first cell's own runs link with it: try those.
            _, _, up, down, left, right = runs
            reachable = itertools.chain(
                range(row * stride + left, row * stride + right + 1),
                range(up * stride + col, down * stride + col + 1, stride),
            )
            opposite = (
                b
                for b in reachable
                if colour_of[b] != colour and b in empty and b not in neighbours
            )
            candidates = list(itertools.islice(opposite, _TRIES))
        else:  # the pool is all empty, cut to the empty cells above
            if colour not in others:
                # at most four of them are neighbours; the filters run in C
                other = map(of_colour[1 - colour].__getitem__, pool)
                others[colour] = list(
                    itertools.islice(itertools.compress(pool, other), _TRIES + 4)
                )
            near = neighbours.__contains__
            candidates = list(itertools.islice(itertools.filterfalse(near, others[colour]), _TRIES))
        # Near partners first: the tiling is then mended close by, and quickly. A
        # key is the distance, then the cell.
        offset = place[a] - middle
        partners = sorted([apart[place[b] - offset] | b for b in candidates])
        reached = -1 if links is None else links.reached(runs, free)  # -1: test one by one
        # Each partner tried is a node, counted when the first cell is done with.
        for tried, key in enumerate(partners, 1):
            b = key & _CELL_MASK
            if reached >> b & 1 if reached >= 0 else joined(runs, reach(row_of[b], col_of[b])):
                if _stranded(mate[b], empty, stride, a, b):
                    continue  # the repair would fail: no search
                if _release(mate, empty, a, b, stride):
                    if budget.spend(tried):
                        raise budget.limit_reached("deal")
                    return a, b
                repairs -= 1
                if not repairs:
                    if budget.spend(tried):
                        raise budget.limit_reached("deal")
                    return None
        if budget.spend(len(partners)):
            raise budget.limit_reached("deal")
    return None


def _fillable(free: list[int]) -> bool:
    """Whether columns with *free* cells left can be filled by vertical and side-by-side pairs."""
    carry = 0
    for count in free:
        count -= carry
        if count < 0:
            return False
        carry = count % 2
    return carry == 0


def _fill_columns(
    grid: Grid,
    region: list[tuple[int, int]],
    pair_kinds: list[int],
    rng: random.Random,
    budget: Budget,
) -> list[tuple[int, int]] | None:
    """The gravity construction: insert tiles into columns, pushing the tiles above up."""
    height, width, stride = grid.height, grid.width, grid.stride
    target = [0] * width
    for _, c in region:
        target[c] += 1
    settled = [(r, c) for c in range(width) for r in range(height - target[c], height)]
    if sorted(region) != sorted(settled):
        return None  # only boards whose tiles have already fallen are rebuilt this way
    stacked = [0] * width  # tiles already in each column
    free = target.copy()  # tiles still to come in each column
    if not _fillable(free):
        return None

    def insert(column: int, row: int, kind: int) -> None:
        """Put *kind* at padded *row* of board *column*, pushing the tiles above it up."""
        top = height - stacked[column]  # padded row of the new top tile
        for r in range(top, row):
            grid.set(r * stride + column + 1, grid.cells[(r + 1) * stride + column + 1])
        grid.set(row * stride + column + 1, kind)
        stacked[column] += 1
        free[column] -= 1

    def extract(column: int, row: int) -> None:
        """Undo :func:`insert`: take the tile at *row* out, the tiles above fall back."""
        top = height - stacked[column] + 1
        for r in range(row, top - 1, -1):
            grid.set(r * stride + column + 1, grid.cells[(r - 1) * stride + column + 1])
        stacked[column] -= 1
        free[column] += 1

    def depth(column: int, extra: int = 0) -> int:
        """A random insertion row, usually near the top: shallow inserts are cheap."""
        top = height - stacked[column] - extra
        return min(top + int(rng.expovariate(0.5)), height)

    def place(c1: int, r1: int, c2: int, r2: int, kind: int) -> tuple[int, int]:
        insert(c1, r1, kind)
        insert(c2, r2, kind)
        if c1 == c2 and r2 >= r1:
            r1 -= 1
        return r1 * stride + c1 + 1, r2 * stride + c2 + 1

    placed: list[tuple[int, int]] = []
    for kind in pair_kinds:
        if budget.spend():
            raise budget.limit_reached("deal")
        chosen = None
        open_columns = [c for c in range(width) if free[c]]
        for _ in range(_TRIES):
            c1, c2 = rng.choice(open_columns), rng.choice(open_columns)
            if c1 == c2 and free[c1] < 2:
                continue
            trial = free.copy()
            trial[c1] -= 1
            trial[c2] -= 1
            if not _fillable(trial):
                continue
            if budget.spend():
                raise budget.limit_reached("deal")
            r1 = depth(c1)
            for r2 in {depth(c2, c1 == c2) for _ in range(_ROWS)}:
                a, b = place(c1, r1, c2, r2, kind)
                if grid.linked(a, b) and abs(a - b) not in (1, stride):  # not side by side
                    chosen = (a, b)
                    break
                extract(c2, r2)
                extract(c1, r1)
            if chosen is not None:
                break
        if chosen is None:  # neighbours always link
            odd = [c for c in range(width) if free[c] % 2]
            if odd:
                c = odd[0]
                row = height - min(stacked[c], stacked[c + 1])
                chosen = place(c, row, c + 1, row, kind)
            else:
                c = rng.choice([c for c in range(width) if free[c] >= 2])
                top = height - stacked[c]
                chosen = place(c, top, c, top - 1, kind)
        placed.append((min(chosen), max(chosen)))
    return placed


# -- shuffles ------------------------------------------------------------------------

_ATTEMPTS = 200
"""Random arrangements tried by a shuffle before giving up."""

_SEARCHED = 20
"""Random arrangements a solvable shuffle searches when the construction cannot rebuild."""

_SEARCH_NODES = 2000
"""Solver nodes spent on each of them."""


def shuffle_kinds(
    board: Board, rng: random.Random, tiles: list[tuple[int, int]] | None = None
) -> Board:
    """*board* with the kinds of *tiles* (default: all its tiles) shuffled among them.

    >>> import random
    >>> board = Board.parse("ab\\nab")
    >>> sorted(str(shuffle_kinds(board, random.Random(3))).replace("\\n", ""))
    ['a', 'a', 'b', 'b']
    """
    if tiles is None:
        tiles = list(board.tiles)
    kinds = [board.rows[r][c] for r, c in tiles]
    rng.shuffle(kinds)
    rows = [list(row) for row in board.rows]
    for (r, c), kind in zip(tiles, kinds, strict=True):
        rows[r][c] = kind
    return Board.from_rows(rows, rules=board.rules)


def reshuffle(
    board: Board,
    *,
    seed: int | None,
    solvable: bool,
    node_limit: int | None,
    time_limit: float | None,
    progress: ProgressCallback | None,
) -> Board:
    """*board*'s tiles over the same cells in a new order, with a legal move.

    See :meth:`Board.shuffle`.
    """
    if not isinstance(solvable, bool):
        raise TypeError(f"solvable must be a bool, not {solvable!r}")
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    rng = make_rng(seed)
    tiles = board.tiles
    if not tiles:
        return board
    if not solvable:
        for _ in range(_ATTEMPTS):
            if budget.spend():
                raise budget.limit_reached("shuffle")
            candidate = shuffle_kinds(board, rng)
            if candidate.legal_moves():
                return candidate
        raise LimitReached(f"shuffle gave up after {_ATTEMPTS} arrangements without a legal move")
    if not board.is_valid():
        raise UnsolvableError(f"{board!r} cannot be cleared: {'; '.join(board.problems())}")
    pair_kinds = [kind for kind, n in board.counts().items() for _ in range(n // 2)]
    rng.shuffle(pair_kinds)
    built = _construct(
        board.height, board.width, list(tiles), pair_kinds, board.rules, rng, budget
    )
    if built is not None:
        return built_board(built[0].rows(), board.rules, built[0])
    from puzzlekit.linkpath.solver import inner_search

    for _ in range(_SEARCHED):
        candidate = shuffle_kinds(board, rng)
        # Each search gets its share, within what the caller's limits leave.
        left = None if budget.node_limit is None else budget.node_limit - budget.nodes
        share = Budget(
            node_limit=_SEARCH_NODES if left is None else max(0, min(_SEARCH_NODES, left)),
            time_limit=budget.remaining,
            progress=progress,
        )
        result = inner_search(candidate, share)
        if budget.spend(max(1, share.nodes)) and not result.solved:
            raise budget.limit_reached("shuffle")
        if result.solved:
            return candidate
    raise LimitReached(
        f"shuffle gave up after {_SEARCHED} arrangements searched {_SEARCH_NODES} nodes each"
    )
