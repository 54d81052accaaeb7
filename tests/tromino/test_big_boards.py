"""Boards of every size the cap admits: regions, pockets, peeled strips, one route for all calls."""

import random
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tromino.checks import assert_valid_tiling, flood_regions, naive_tileable

from puzzlekit.errors import ArgumentError, LimitReached, UnsolvableError
from puzzlekit.limits import Budget
from puzzlekit.tromino import Board, Tiling, count_tilings, is_tileable, solve, tile
from puzzlekit.tromino.board import full_mask
from puzzlekit.tromino.construct import decompose
from puzzlekit.tromino.learning import learning_tiling
from puzzlekit.tromino.regions import free_regions, stranded_cell
from puzzlekit.tromino.solver import (
    CELL_SWEEP_SPAN,
    SEARCH_MAX_CELLS,
    as_trominoes,
    search_tiling,
    sweep_cells,
    tile_free_cells,
    tile_pockets,
)


@st.composite
def holed(draw, max_side=9, max_holes=8):
    height = draw(st.integers(1, max_side))
    width = draw(st.integers(1, max_side))
    cells = draw(st.sets(st.integers(0, height * width - 1), max_size=max_holes))
    return height, width, frozenset(divmod(cell, width) for cell in cells)


@settings(max_examples=150, deadline=None)
@given(holed())
def test_compressed_regions_agree_with_a_flood_fill(case):
    height, width, blocked = case
    regions = free_regions(height, width, blocked)
    assert [(region.first, region.cells) for region in regions] == flood_regions(
        height, width, blocked)
    for region in regions:
        cells = list(region.cell_list())
        assert len(cells) == len(set(cells)) == region.cells
        assert not set(cells) & blocked


@settings(max_examples=150, deadline=None)
@given(holed())
def test_stranded_cell_agrees_with_every_block_checked(case):
    height, width, blocked = case

    def room(r, c):
        return any(
            top >= 0 and top + 1 < height and left >= 0 and left + 1 < width
            and sum((x, y) in blocked for x in (top, top + 1) for y in (left, left + 1)) <= 1
            for top in (r - 1, r) for left in (c - 1, c)
        )

    expected = next(((r, c) for r in range(height) for c in range(width)
                     if (r, c) not in blocked and not room(r, c)), None)
    assert stranded_cell(height, width, blocked) == expected


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 70), st.integers(1, 9))
def test_full_mask_is_every_row(height, width):
    stride = width + 1
    assert full_mask(height, width) == sum(((1 << width) - 1) << (row * stride)
                                           for row in range(height))


@settings(max_examples=40, deadline=None)
@given(holed(max_side=8, max_holes=10), st.integers(0, 2**32))
def test_pockets_tiled_or_proved_on_small_boards(case, seed):
    height, width, blocked = case
    found = tile_pockets(height, width, blocked, Budget())
    if found is None:  # some pocket has no tiling: so the board has none
        assert not naive_tileable(height, width, set(blocked))
        return
    trominoes, filled = found
    covered = [cell for triple in trominoes for cell in triple]
    assert len(covered) == len(set(covered)) == len(filled) and set(covered) == filled
    assert not filled & blocked


@settings(max_examples=150, deadline=None)
@given(holed(max_side=7, max_holes=20))
def test_the_sweep_over_cells_agrees_with_the_search(case):
    height, width, blocked = case
    cells = [(row, col) for row in range(height) for col in range(width)
             if (row, col) not in blocked]
    found = sweep_cells(cells, Budget())
    assert found is not False  # a tromino's cells are at most 8 apart in a 7 x 7 box
    assert (found is not None) == (tile_free_cells(height, width, blocked, Budget()) is not None)
    if found is not None:
        board = Board(height, width, blocked)
        assert_valid_tiling(board, Tiling.of(board, as_trominoes(found)))


def test_the_sweep_over_cells_refuses_cells_too_far_apart():
    # An L of two bars 2 cells thick and 27 long: along the rows, a cell of the one is
    # 27 cells before the cell below it, along the columns one of the other.
    bar = [(row, col) for row in range(2) for col in range(CELL_SWEEP_SPAN + 3)]
    assert sweep_cells(bar + [(col + 2, row) for row, col in bar], Budget()) is False
    with pytest.raises(LimitReached):
        sweep_cells([(row, col) for row in range(2) for col in range(30)],
                    Budget(node_limit=5))


@pytest.mark.parametrize(("cells", "error", "message"), [
    ([(0, 0), (0, 1), (0, 0)], ArgumentError, "row 0, column 0 is given twice"),
    (["ab", (0, 1), (1, 0)], TypeError, "a cell is a"),
    ([(0.5, 1), (0, 1), (1, 0)], TypeError, "a cell is a"),
])
def test_the_sweep_over_cells_refuses_what_names_no_cells(cells, error, message):
    with pytest.raises(error, match=message):
        sweep_cells(cells, Budget())


def test_a_thin_region_across_a_large_board_is_proved_untileable():
    # A free diagonal strip three cells wide from the top edge to the left edge of
    # 1100 x 1100, between two diagonals of holes: 3,006 cells, a pocket, but in a box
    # of 1003 x 1003, too large for the search. Tiled from either end, its rows pair up
    # in a way that clashes in the middle; the sweep over its cells proves it.
    n, first = 1100, 1000
    holes = {(row, col) for row in range(n) for col in range(n)
             if row + col in (first - 1, first + 3)} | {(n - 1, n - 1)}
    _proved_untileable_by_every_call(Board(n, n, holes))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.lists(st.integers(0, 39), max_size=6))
def test_one_wide_straight_counts_agree_with_the_sweep(length, holes):
    cells = frozenset((row, 0) for row in holes if row < length)
    board = Board(length, 1, cells)
    two_wide = Board(length, 2, {*cells, *((row, 1) for row in range(length))})
    # The same column as the first of a 2-wide board whose second column is all holes:
    # the sweep counts that one (two columns, so no shortcut).
    assert count_tilings(board, "LI") == count_tilings(two_wide, "LI")
    row = Board(1, length, [(0, r) for r, _ in cells])
    assert count_tilings(row, "LI") == count_tilings(board, "LI")


def test_one_wide_column_at_the_cap_counts_at_once():
    assert count_tilings(Board(1 << 24, 1, [(0, 0)]), "LI") == 1  # 2^24 - 1 = 3 * 5592405
    assert count_tilings(Board(1 << 24, 1, [(1, 0)]), "LI") == 0  # a run of 1 first
    assert count_tilings(Board(1 << 24, 1, [(4, 0)]), "LI") == 0  # a run of 4 first
    assert count_tilings(Board(1 << 24, 1, [(3, 0)]), "LI") == 1


def _spread_holes(n, count, seed):
    rng = random.Random(seed)
    holes = set()
    while len(holes) < count:
        holes.add((rng.randrange(n), rng.randrange(n)))
    return holes


@pytest.mark.parametrize("n, holes, seed", [(201, 3, 1), (300, 3, 2), (256, 7, 3),
                                            (183, 3, 4)])
def test_big_boards_with_few_holes_agree_across_calls(n, holes, seed):
    board = Board(n, n, _spread_holes(n, holes, seed))
    assert n * n > SEARCH_MAX_CELLS
    tiling = tile(board, time_limit=20)
    assert_valid_tiling(board, tiling)
    assert is_tileable(board, time_limit=20)
    result = solve(board, time_limit=20)
    assert result.complete and result.final.is_solved


def test_big_one_hole_board_is_solved_by_theorem():
    board = Board.square(190, (77, 120))  # 36,100 cells, over the search's reach
    result = solve(board, time_limit=20)
    assert result.complete and result.final.is_solved


def test_big_boards_with_a_pocket_are_proved_untileable_by_every_call():
    rng = random.Random(5)
    for n, pocket in ((200, [(0, 3), (1, 0), (1, 1), (1, 2)]),  # a straight 3-cell pocket
                      (300, [(0, 2), (1, 2), (2, 0), (2, 1)])):  # a 2x2 pocket
        holes = set(pocket)
        while (n * n - len(holes)) % 3:
            holes.add((rng.randrange(10, n), rng.randrange(10, n)))
        _proved_untileable_by_every_call(Board(n, n, holes))


def _proved_untileable_by_every_call(board):
    assert not is_tileable(board, time_limit=20)
    with pytest.raises(UnsolvableError):
        tile(board, time_limit=20)
    result = solve(board, time_limit=20)
    assert result.complete and result.proved_unsolvable


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 12).map(lambda k: 3 * k), st.data())
def test_three_holes_with_three_dividing_n_agree_with_the_exact_search(n, data):
    """3 | n, three holes: the construction, where it answers, agrees with the search."""
    cells = data.draw(st.sets(st.integers(0, n * n - 1), min_size=3, max_size=3))
    board = Board(n, n, [divmod(cell, n) for cell in cells])
    try:  # the plain bitboard search: no theorem, region split or decomposition
        exact = search_tiling(n, n, board.holes, Budget(node_limit=100_000))
    except LimitReached:
        return
    assert is_tileable(board) == (exact is not None)
    if exact is not None:
        assert_valid_tiling(board, tile(board))


def _by_the_sides(n, draw):
    """Three holes, each within 2 lines of a side, so that no straight cut or peel of a
    hole-free strip of 2 lines or more settles the board when they touch all four."""
    triple = st.lists(st.integers(0, n - 1), min_size=3, max_size=3, unique=True)
    sides = draw(st.lists(st.integers(0, 3), min_size=3, max_size=3))
    depths = draw(st.lists(st.integers(0, 2), min_size=3, max_size=3))
    holes = {[(depth, along), (n - 1 - depth, along), (along, depth),
              (along, n - 1 - depth)][side]
             for side, depth, along in zip(sides, depths, draw(triple), strict=True)}
    assume(len(holes) == 3)
    return holes


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 15).map(lambda k: 3 * k), st.data())
def test_cuts_with_laid_trominoes_build_valid_tilings_the_search_confirms(n, data):
    holes = _by_the_sides(n, data.draw)
    board = Board(n, n, holes)
    codes = decompose(n, n, frozenset(holes), Budget())
    if codes is None:  # proves nothing: nothing to check
        return
    assert_valid_tiling(board, Tiling.trusted(board, tuple(codes)))
    assert search_tiling(n, n, board.holes, Budget()) is not None


@settings(max_examples=8, deadline=None)
@given(st.integers(61, 100).map(lambda k: 3 * k), st.data())
def test_big_boards_with_three_holes_by_the_sides_are_answered_by_every_call(n, data):
    """3 | n over the search's reach: every such board is answered, none refused."""
    board = Board(n, n, _by_the_sides(n, data.draw))
    assert n * n > SEARCH_MAX_CELLS
    if not is_tileable(board):  # a cell walled off at a corner, say
        with pytest.raises(UnsolvableError):
            tile(board)
        assert solve(board).proved_unsolvable
        return
    assert_valid_tiling(board, tile(board))
    result = solve(board)
    assert result.complete and result.final.is_solved


@pytest.mark.parametrize("n", [183, 1026, 2046])
def test_holes_by_all_four_sides_are_answered_at_every_size(n):
    for holes in ([(0, n // 2), (n // 2, 0), (n - 1, n - 1)],
                  [(1, n // 2 + 1), (n // 2, 1), (n - 2, n - 2)]):
        board = Board(n, n, holes)
        assert is_tileable(board)
        if n == 183:
            assert_valid_tiling(board, tile(board))


def _staircase(steps: list[bool], leave_out: list[int]) -> set[tuple[int, int]]:
    """The cells of a staircase of 3 x 2 blocks from the top left corner, a block to the
    right (``True``) or down at each step: tileable, block by block. Where *leave_out*
    holds 1-4 for a block, one of two trominoes of the block is left out."""
    cells: set[tuple[int, int]] = set()
    row = col = 0
    for number, right in enumerate([True, *steps]):
        if number:
            row, col = (row, col + 2) if right else (row + 3, col)
        block = [(row + r, col + c) for r in range(3) for c in range(2)]
        kind = leave_out[number % len(leave_out)] if leave_out else 0
        # a tromino of the block: its top or bottom row and a cell of the middle row
        left_out = {1: block[:3], 2: [*block[:2], block[3]], 3: block[2:3] + block[4:],
                    4: block[3:]}.get(kind, [])
        cells.update(cell for cell in block if cell not in left_out)
    return cells


def _assert_tiles(height: int, width: int, blocked: set[tuple[int, int]], found) -> None:
    """*found* is a tiling of the board minus *blocked* (the project's validator)."""
    assert found is not None
    board = Board(height, width, blocked)
    assert_valid_tiling(board, Tiling.of(board, as_trominoes(found)))


@settings(max_examples=15, deadline=None)
@given(st.permutations([True] * 100 + [False] * 100), st.lists(st.integers(0, 4), max_size=7))
def test_regions_spread_over_a_box_too_large_for_the_bitboards_are_tiled(steps, leave_out):
    cells = _staircase(steps, leave_out)  # in a box of 303 x 202 cells
    height, width = 310, 205
    assert height * width > SEARCH_MAX_CELLS
    blocked = {(r, c) for r in range(height) for c in range(width)} - cells
    # tileable by construction
    _assert_tiles(height, width, blocked, tile_free_cells(height, width, blocked, Budget()))


def test_a_staircase_no_sweep_takes_goes_to_the_learning_search(monkeypatch):
    from puzzlekit.tromino import solver

    calls = []

    def learning(cells, *args, **kwargs):
        cells = list(cells)
        calls.append(len(cells))
        return learning_tiling(cells, *args, **kwargs)

    monkeypatch.setattr(solver, "learning_tiling", learning)
    # 60 blocks right, 60 down, 60 right: rows of 120 cells and columns of 180, far
    # apart both ways for the sweep over cells, in a box of 183 x 242.
    cells = _staircase([True] * 59 + [False] * 60 + [True] * 60, [])
    assert sweep_cells(cells, Budget()) is False
    blocked = {(r, c) for r in range(183) for c in range(242)} - cells
    _assert_tiles(183, 242, blocked, tile_free_cells(183, 242, blocked, Budget()))
    assert calls == [len(cells)]
    # Without the first column the count still fits, but a strip three rows high is
    # tiled in 3 x 2 blocks from its end, which leaves the corner's last column alone.
    calls.clear()
    assert tile_free_cells(183, 242, blocked | {(0, 0), (1, 0), (2, 0)}, Budget()) is None
    assert calls == [len(cells) - 3]


def test_a_region_over_the_learning_searchs_cap_is_refused_before_its_cells_are_listed():
    started = time.perf_counter()
    with pytest.raises(ArgumentError, match=r"region of 1,099,998 free cells that no "
                       r"construction splits: too large for the learning search"):
        tile_free_cells(1100, 1000, [(0, 0), (5, 7)], Budget())
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("side", [10, 200])  # within the bitboards' cap, and over it
@pytest.mark.parametrize(("cell", "error", "message"), [
    ((500, 500), ArgumentError, "row 500, column 500 is off the"),
    ((-1, 0), ArgumentError, "row -1, column 0 is off the"),
    ("ab", TypeError, "a cell is a"),
])
def test_tile_free_cells_refuses_blocked_cells_that_are_not_on_the_board(side, cell, error,
                                                                         message):
    # was: an IndexError or a TypeError from deep inside on 10 x 10, and None on 200 x 200
    with pytest.raises(error, match=message):
        tile_free_cells(side, side, [cell, (0, 0), (0, 1), (0, 2)], Budget())
