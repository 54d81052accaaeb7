"""Deals that can be cleared, built in reverse, and shuffles.

A deal is built backwards from an empty board: each step puts a pair of
equal tiles on two empty cells that are linked on the board as it stands, so
removing the pairs in the reverse order clears it (the *witness*). Two
things make every construction finish:

- **Without gravity** the empty cells still to fill always keep a domino
  tiling (a perfect matching of neighbouring cells), mended by a short
  augmenting path per step. Neighbours always link, so when no other pair
  fits the construction can always go on with a domino. Keeping a tiling
  means a pair joins cells of opposite chessboard colours. The board is
  filled loosely from the middle outwards, so the last cells to fill (the
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
>>> for a, b in witness:
...     board = board.remove(a, b)
>>> board.is_cleared
True
"""

from __future__ import annotations

import itertools
import random

from puzzlekit.errors import UnsolvableError
from puzzlekit.grid import check_int
from puzzlekit.limits import make_rng
from puzzlekit.linkpath.board import MAX_SIDE, Board, Pair, Rules
from puzzlekit.linkpath.paths import Grid

__all__ = ["deal", "deal_with_solution"]

_STARTS = 3
"""First cells tried per step before falling back to a pair of neighbours."""

_JITTER = 1.0
"""How loosely the construction fills the board from the middle outwards (in cells)."""

_TRIES = 40
"""Partners tried for each first cell."""

_SEARCH = 120
"""The most cells the tiling repair may visit before a pair is given up."""

_REPAIRS = 6
"""Failed tiling repairs allowed per pair before falling back to neighbours."""

_ROWS = 4
"""With gravity: insertion rows drawn for the second tile of a pair."""


def _check_deal(rows: int, cols: int, kinds: int) -> None:
    check_int("rows", rows, minimum=1, maximum=MAX_SIDE)
    check_int("cols", cols, minimum=1, maximum=MAX_SIDE)
    if rows * cols % 2:
        raise ValueError(
            f"a {rows} x {cols} board has an odd number of cells; "
            "a deal fills every cell with pairs"
        )
    check_int("kinds", kinds, minimum=1, maximum=rows * cols // 2)


def _pair_kinds(rows: int, cols: int, kinds: int, rng: random.Random) -> list[int]:
    """The kind of each pair, every kind getting as many pairs as the others (+-1), shuffled."""
    pairs = rows * cols // 2
    result = [1 + n % kinds for n in range(pairs)]
    rng.shuffle(result)
    return result


def deal_with_solution(
    rows: int, cols: int, kinds: int, *, seed: int | None = None, rules: Rules | None = None
) -> tuple[Board, tuple[Pair, ...]]:
    """A full *rows* x *cols* board of *kinds* kinds that can be cleared, and a way to clear it.

    Each kind gets an even number of tiles, as equal as the sizes allow.

    >>> board, witness = deal_with_solution(2, 3, 2, seed=5)
    >>> len(witness), board.is_valid()
    (3, True)
    >>> deal_with_solution(3, 3, 2, seed=5)
    Traceback (most recent call last):
    ...
    ValueError: a 3 x 3 board has an odd number of cells; a deal fills every cell with pairs
    """
    _check_deal(rows, cols, kinds)
    rules = _rules(rules)
    rng = make_rng(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    built = _construct(rows, cols, cells, _pair_kinds(rows, cols, kinds, rng), rules, rng)
    assert built is not None, "a full rectangle of even area always has a construction"
    return Board(built[0], rules), built[1]


def deal(
    rows: int,
    cols: int,
    kinds: int,
    *,
    seed: int | None = None,
    solvable: bool = True,
    rules: Rules | None = None,
) -> Board:
    """A full *rows* x *cols* board of *kinds* kinds, clearable unless ``solvable=False``.

    >>> board = deal(4, 6, 5, seed=3)
    >>> board.height, board.width, len(board.tiles)
    (4, 6, 24)
    >>> deal(4, 6, 5, seed=3) == board
    True
    >>> deal(2, 2, 1, seed=0, solvable=False).counts()
    {1: 4}
    """
    if not isinstance(solvable, bool):
        raise TypeError(f"solvable must be a bool, not {solvable!r}")
    if solvable:
        return deal_with_solution(rows, cols, kinds, seed=seed, rules=rules)[0]
    _check_deal(rows, cols, kinds)
    rng = make_rng(seed)
    tiles = [kind for kind in _pair_kinds(rows, cols, kinds, rng) for _ in range(2)]
    rng.shuffle(tiles)
    return Board(
        tuple(tuple(tiles[r * cols : (r + 1) * cols]) for r in range(rows)), _rules(rules)
    )


def _rules(rules: Rules | None) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    return rules


# -- the construction ---------------------------------------------------------------


def _construct(
    height: int,
    width: int,
    region: list[tuple[int, int]],
    pair_kinds: list[int],
    rules: Rules,
    rng: random.Random,
) -> tuple[tuple[tuple[int, ...], ...], tuple[Pair, ...]] | None:
    """Fill *region* with the pairs of *pair_kinds*; rows and witness, or ``None`` if unsure."""
    grid = Grid(
        [[0] * width for _ in range(height)],
        outside=rules.outside,
        max_turns=rules.max_turns,
        gravity=rules.gravity is not None,
    )
    if rules.gravity is None:
        placed = _fill_region(grid, region, pair_kinds, rng)
    else:
        placed = _fill_columns(grid, region, pair_kinds, rng)
    if placed is None:
        return None
    stride = grid.stride
    witness = tuple(
        ((i // stride - 1, i % stride - 1), (j // stride - 1, j % stride - 1))
        for i, j in reversed(placed)
    )
    return grid.rows(), witness


def _augment(
    mate: dict[int, int], region: set[int], start: int, stride: int, limit: int | None = None
) -> bool:
    """Extend the matching *mate* of *region* by an alternating path from unmatched *start*.

    Gives up (changing nothing) after *limit* cells, when given.
    """
    came_from: dict[int, tuple[int, int] | None] = {start: None}
    queue = [start]
    for u in queue:
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
                queue.append(partner)
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


def _release(mate: dict[int, int], region: set[int], a: int, b: int, stride: int) -> bool:
    """Take *a* and *b* out of *region* keeping a perfect matching; undone if impossible."""
    a_mate, b_mate = mate.pop(a), mate.pop(b)
    region.discard(a)
    region.discard(b)
    if a_mate == b:
        return True
    del mate[a_mate], mate[b_mate]
    if _augment(mate, region, a_mate, stride, _SEARCH):
        return True
    # restore: the failed search changed nothing, since it flips only on success
    region.update((a, b))
    mate[a], mate[a_mate], mate[b], mate[b_mate] = a_mate, a, b_mate, b
    return False


def _fill_region(
    grid: Grid, region: list[tuple[int, int]], pair_kinds: list[int], rng: random.Random
) -> list[tuple[int, int]] | None:
    """The construction without gravity: the placed pairs, or ``None`` without a tiling."""
    stride, height, width = grid.stride, grid.height, grid.width
    empty = {(r + 1) * stride + c + 1 for r, c in region}
    mate = _tiling(empty, stride)
    if mate is None:
        return None

    def depth(cell: int) -> float:
        r, c = divmod(cell, stride)
        return min(r, c, height + 1 - r, width + 1 - c) + _JITTER * rng.random()

    # Fill from the middle outwards, loosely: the cells left for last are
    # then near the edge, where links round the ring can still reach them,
    # rather than scattered holes that only a neighbour can fill.
    order = sorted(empty, key=depth, reverse=True)
    start = 0
    placed: list[tuple[int, int]] = []
    for kind in pair_kinds:
        while order[start] not in empty:
            start += 1
        chosen = _random_pair(grid, empty, mate, kind, order, start)
        if chosen is None:  # a domino of the tiling: neighbours always link
            chosen = (order[start], mate[order[start]])
            _release(mate, empty, *chosen, stride)
            grid.set(chosen[0], kind)
            grid.set(chosen[1], kind)
        placed.append((min(chosen), max(chosen)))
    return placed


def _random_pair(
    grid: Grid, empty: set[int], mate: dict[int, int], kind: int, order: list[int], start: int
) -> tuple[int, int] | None:
    """Put *kind* on two linked empty cells early in *order* that keep a tiling of the rest.

    Returns the cells, or ``None``. Neighbours are the fallback, so they are
    not chosen here: deals would otherwise start with far more side-by-side
    pairs than a random deal.
    """
    stride = grid.stride
    waiting = (cell for cell in itertools.islice(order, start, None) if cell in empty)
    firsts = list(itertools.islice(waiting, _STARTS))
    repairs = _REPAIRS
    for a in firsts:
        colour = (a // stride + a % stride) % 2
        candidates = (
            b
            for b in itertools.islice(order, start, None)
            if b in empty
            and (b // stride + b % stride) % 2 != colour
            and abs(a - b) not in (1, stride)
        )
        row, col = divmod(a, stride)
        # near partners first: the tiling is then mended close by, and quickly
        partners = sorted(
            itertools.islice(candidates, _TRIES),
            key=lambda b: abs(b // stride - row) + abs(b % stride - col),
        )
        grid.set(a, kind)
        for b in partners:
            grid.set(b, kind)
            if grid.linked(a, b):
                if _release(mate, empty, a, b, stride):
                    return a, b
                repairs -= 1
            grid.set(b, 0)
            if not repairs:
                break
        grid.set(a, 0)
        if not repairs:
            break
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
    grid: Grid, region: list[tuple[int, int]], pair_kinds: list[int], rng: random.Random
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


def _arrangement(board: Board, rng: random.Random) -> Board:
    tiles = board.tiles
    kinds = [board.rows[r][c] for r, c in tiles]
    rng.shuffle(kinds)
    rows = [list(row) for row in board.rows]
    for (r, c), kind in zip(tiles, kinds, strict=True):
        rows[r][c] = kind
    return Board.from_rows(rows, rules=board.rules)


def reshuffle(board: Board, rng: random.Random, *, solvable: bool) -> Board:
    """*board*'s tiles over the same cells in a new order, with a legal move.

    See :meth:`Board.shuffle`.
    """
    if not isinstance(solvable, bool):
        raise TypeError(f"solvable must be a bool, not {solvable!r}")
    tiles = board.tiles
    if not tiles:
        return board
    if not solvable:
        for _ in range(_ATTEMPTS):
            candidate = _arrangement(board, rng)
            if candidate.playable_pairs():
                return candidate
        raise UnsolvableError(f"no arrangement of {board!r} with a legal move was found")
    if not board.is_valid():
        raise UnsolvableError(f"{board!r} cannot be cleared: {'; '.join(board.problems())}")
    pair_kinds = [kind for kind, n in board.counts().items() for _ in range(n // 2)]
    rng.shuffle(pair_kinds)
    built = _construct(board.height, board.width, list(tiles), pair_kinds, board.rules, rng)
    if built is not None:
        return Board(built[0], board.rules)
    from puzzlekit.linkpath.solver import solve

    for _ in range(_ATTEMPTS // 10):
        candidate = _arrangement(board, rng)
        solution = solve(candidate, node_limit=2000)
        if solution is not None and solution.complete:
            return candidate
    raise UnsolvableError(f"no arrangement of {board!r} that can be cleared was found")
